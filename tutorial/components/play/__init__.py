"""The Play page's pieces, split along their seams:

- :mod:`.sync` — the game in the session and in the URL, and every change made to it (button
  callbacks, the computer's moves, counting finished hands);
- :mod:`.table` — the table itself: status strip, seats and trick, the learner's hand, the
  controls and the table's settings;
- :mod:`.panels` — around the table: quick start and New game, the feed of the computer's
  moves, hints, the end of a hand, trick history, scores and records.
"""

from __future__ import annotations

from tutorial.components.play.panels import (
    BELOW,
    feed,
    hand_over,
    hint_panel,
    history_panel,
    new_game_panel,
    records_panel,
    scores_panel,
)
from tutorial.components.play.sync import (
    GAME_FRAGMENT,
    autoplay,
    current,
    fragment_run,
    load_from_url,
    open_game,
    page_run,
    replace_history,
    share_link,
    show_message,
    start_game,
    sync_url,
    whole_page_if_asked,
)
from tutorial.components.play.table import (
    carry_on_button,
    controls,
    hand_area,
    refocus_hand,
    settings,
    status_strip,
    table_area,
    table_styles,
)

__all__ = [
    "BELOW",
    "GAME_FRAGMENT",
    "autoplay",
    "carry_on_button",
    "controls",
    "current",
    "feed",
    "fragment_run",
    "hand_area",
    "hand_over",
    "hint_panel",
    "history_panel",
    "load_from_url",
    "new_game_panel",
    "open_game",
    "page_run",
    "records_panel",
    "refocus_hand",
    "replace_history",
    "scores_panel",
    "settings",
    "share_link",
    "show_message",
    "start_game",
    "status_strip",
    "sync_url",
    "table_area",
    "table_styles",
    "whole_page_if_asked",
]
