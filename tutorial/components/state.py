"""Typed access to what the app keeps in ``st.session_state`` (one place for the keys).

Everything here lives in the browser session only: two people on one server never share it.
The house rules and the Classroom's lesson deck are also kept in the browser's cookies over a
reload (:mod:`tutorial.components.kept`): a new session starts with the house rules kept there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import streamlit as st

from engine import RuleSet
from tutorial.services.kept import RULES_COOKIE, rules_from_value

if TYPE_CHECKING:
    from tutorial.services.records import RecordJSON

# Session-state keys: every key the app keeps in ``st.session_state`` is named here, once
# (append new ones; the components refer to these names). Widget keys (``key=`` of a widget)
# stay with their widgets.
PROGRESS = "moon_progress"
HOUSE_RULES = "moon_house_rules"
PLAY = "moon_play"
PLAY_QUERY = "moon_play_query"
LARGE = "moon_large_tiles"
LARGE_KEPT = "moon_large_kept"  # the "large tiles" switch as last set, over a page that does not draw it
HANDS_PLAYED = "moon_hands_archive"
NOTICE = "moon_notice"
PLAY_MODE = "moon_play_mode"
PLAY_MESSAGE = "moon_play_message"
PLAY_COUNTED = "moon_counted"
LAB_HAND = "moon_lab_hand"
LAB_RESULT = "moon_lab_result"
CLASS_TIMELINE = "moon_class_timeline"
CLASS_COUNT = "moon_class_count"
CLASS_LEVEL = "moon_class_level"
CLASS_BOTS = "moon_class_bots"
CLASS_ERROR = "moon_class_error"
CLASS_GENERATE = "class-generate"
CLASS_LOADED = "class-loaded"
ATTEMPTS = "moon_attempts"
LEARN_STAGE = "learn-stage"
LEARN_LEVEL = "learn-level"
LEARN_DRILL = "moon_learn_drill"  # the Play better drills tried in this session, by drill id
PROGRESS_LOADED = "progress-loaded"
PUZZLE_CURRENT = "pz-current"
PUZZLE_EXTRA = "moon_extra_puzzles"
PUZZLE_MESSAGE = "pz-message"
LEARNER = "moon_learner_id"
LEARNER_TOKEN = "moon_learner_token"
OUTBOX = "moon_outbox"
STORE_DOWN = "moon_store_down"
PRESENTER = "moon_presenter"  # the presenter view's hand or deck, and where it is
DECK = "moon_deck"  # the lesson deck being put together in the Classroom
DECK_ERROR = "moon_deck_error"
DECK_LOADED = "deck-loaded"
DECK_LOADED_MESSAGE = "moon_deck_loaded_message"  # "Loaded “…”: 8 slides", said once
DECK_RETITLE = "deck-retitle"
CLASS_MESSAGE = "class-msg"
CLASS_NEW_MESSAGE = "class-new-msg"
PLAY_PACE = "moon_play_pace"  # the pause between computer moves: off / short / long
PLAY_ADDRESS = "moon_play_address"  # what the Play page holds of its address (a PlayAddress)
PLAY_LEVEL_CHOICE = "moon_play_level_choice"  # the New game panel's choices, kept while it is closed
PLAY_SEAT_CHOICE = "moon_play_seat_choice"
#: The number of players chosen for a game, where one is chosen: not a house rule (the house
#: rules hold none), so a four-player game leaves Learn, Rules and the other pages on three.
PLAY_PLAYERS = "moon_play_players"  # the New game panel's (a new game dealt from it)
LAB_PLAYERS = "moon_lab_players"  # the Bidding lab's
CLASS_PLAYERS = "moon_class_players"  # the Classroom's "Deal by number"
PLAY_RANDOM_CHOICE = "moon_play_random_choice"
PLAY_DEAL_CHOICE = "moon_play_deal_choice"
PLAY_WHY = "moon_play_why"  # the feed line whose full explanation is open
PLAY_CONFIRM_DEAL = "moon_play_confirm_deal"  # Deal pressed mid-hand: the New game panel asks first
PLAY_CONFIRM_NOW = "moon_play_confirm_now"  # the "Play now" button asking before it replaces a game
PLAY_NOW_STARTED = "moon_play_now_started"  # the "Play now" button that started a game this run
LIVE_HOST = "moon_live_host"  # the live session of the presenter's host link (its id)
LIVE_HOST_OPEN = "moon_live_host_open"  # that live session is still open (not ended nor expired)
LIVE_SYNCED = "moon_live_synced"  # the presenter's question last put to the live class
LIVE_UNASKED = "moon_live_unasked"  # the slide's answer was shown before the class was asked it
LIVE_JOIN_SCREEN = "moon_live_join_screen"  # the big join screen (QR code) is open
LIVE_SUMMARY = "moon_live_summary"  # the class summary is open instead of the stage
LIVE_MESSAGE = "moon_live_message"  # a message for the next run of a live page
LIVE_NAME_NOTE = "moon_live_name_note"  # the phone's name was cut to 40: said until the first answer
LIVE_PLAYER = "moon_live_player"  # this phone's token in its live class
LIVE_TOKEN = "moon_live_token"  # the host token of the live class this browser started (never in the address)
LIVE_HELD = "moon_live_held"  # the host tokens of the live classes this session started or opened
LIVE_COOKIE = "moon_live_cookie"  # the join code whose host token this browser keeps (set once)
LIVE_CONFIRM_END = "moon_live_confirm_end"  # "End" was pressed: the panel asks first
LIVE_NAMES = "moon_live_names"  # the teacher chose to show the students' results on the class summary
LIVE_WELCOME = "moon_live_welcome"  # this phone has just joined: its line says "Welcome" (or "Welcome back", "back") until the first answer
LIVE_SEEN = "moon_live_seen"  # the question this phone last showed (its id): a new one closes "Leave?"
LIVE_STAGE = "moon_live_stage"  # what this phone shows: "<question>-asked" or "-revealed" ("" none)
LIVE_LATE = "moon_live_late"  # the question this phone tapped after its reveal (its id)
LIVE_PICK = "moon_live_pick"  # the prefix of a "pick every …" question's toggles: LIVE_PICK-<question>-<place>
PLAY_WHOLE_PAGE = "moon_play_whole_page"  # a change the table's fragment cannot show alone (see play.sync)
PLAY_HINT_SHOWN = "moon_play_hint_shown"  # a hint box was drawn and has not been drawn over since
PLAY_PAGE_RUN = "moon_play_page_run"  # the whole Play page is running (not the table's fragment alone)
LINK_STALE = "moon_link_stale"  # this session's personal link was replaced elsewhere (said once)
CLIENT = "moon_client"  # this session's random id, the client key of PIN limits when there is no address
RENAMED = "moon_renamed"  # what the last rename saved, said once under the Rename button
COOKIE_STALE = "moon_cookie_stale"  # this browser's cookie held a replaced link: said and cleared once
COOKIE_SENT = "moon_cookie_sent"  # the profile tokens this session asked the browser's cookie to keep, in order
LEARN_PLACE = "moon_learn_place"  # the Learn level last open (kept while other pages are open)
CLASS_TOKENS = "moon_class_tokens"  # the teacher links of the classes made in this session, by code
CLASS_SHOW_LINK = "moon_class_show_link"  # the teacher asked to see the teacher link on the dashboard
PLAY_SAVED = "moon_play_saved"  # the Play query last saved (or cleared) as the learner's unfinished game
PLAY_LINK_ASK = "moon_play_link_ask"  # a game link waiting for "open it or keep yours" (a PlayLink)
PLAY_FROM_LINK = "moon_play_from_link"  # the game came with a link and the learner has not moved in it yet
CLASS_NEW_LINK = "moon_class_new_link"  # True: "make a new teacher link?" is asked; a str: why it failed
CLASS_LINK_MADE = "moon_class_link_made"  # True once: a new teacher link was made (said, not shown)
CLASS_JOINED = "moon_class_joined"  # a student joined a class here: the welcome replaces the join form
DECK_OPEN = "moon_deck_open"  # the Lesson deck panel stays open once its title was changed in it
LIVE_LEAVING = "moon_live_leaving"  # the phone asked to leave the live class (the stamp of that tap, else False): "Leave? Yes / Stay" is shown
PRINCIPLES_SENT = "moon_principles_sent"  # the plays whose missed principle this session stored (Play reviews)
PRACTICE_CURRENT = "pr-current"  # what Practice's box serves: a puzzle id, or "level:" and a position's id
PRACTICE_RECENT = "pr-recent"  # what Practice's box served in this session (the newest last)
PRACTICE_WHY = "moon_practice_why"  # why Practice's box serves its Play better position (markdown)
PRACTICE_DAILY = "moon_practice_daily"  # the puzzles of the day whose stored answers came back in this session
QUESTION_RULES = "moon_question_rules"  # the rules of the Learn question drawn last (the sidebar shows them)
#: QUESTION_RULES of a question about the whole double-six set (no game, no players).
WHOLE_SET = "whole-set"

#: How much bigger tiles are drawn in "large tiles" mode.
LARGE_SCALE = 1.6


def _three(rules: RuleSet) -> RuleSet:
    """``rules`` for Moon's standard three players (the house rules name no number of players)."""
    return rules if rules.players == 3 else RuleSet.from_dict({**rules.to_dict(), "players": 3})


def house_rules() -> RuleSet:
    """The house rules chosen in the app (lowest bid, scoring...): at first those this browser
    kept (its cookie, checked), else the classic rules. They are always for three players: the
    number of players is chosen for a game (:func:`players`), where the rules for it are
    :func:`tutorial.services.rules_text.with_players` of these."""
    rules = st.session_state.get(HOUSE_RULES)
    if not isinstance(rules, RuleSet) or rules.players != 3:
        if not isinstance(rules, RuleSet):
            rules = rules_from_value(str(st.context.cookies.get(RULES_COOKIE) or "")) or RuleSet()
        rules = _three(rules)
        st.session_state[HOUSE_RULES] = rules
    return rules


def set_house_rules(rules: RuleSet) -> None:
    st.session_state[HOUSE_RULES] = _three(rules)


def players(store: str, default: int = 3) -> int:
    """The number of players chosen under ``store`` (:data:`PLAY_PLAYERS`, :data:`LAB_PLAYERS`,
    :data:`CLASS_PLAYERS`): 3 or 4, ``default`` until one is chosen."""
    n = st.session_state.get(store)
    return n if n in (3, 4) else default


def large_tiles() -> bool:
    """True when the "large tiles" switch is on (projector mode)."""
    return bool(st.session_state.get(LARGE, st.session_state.get(LARGE_KEPT, False)))


def tile_scale(base: float = 1.0) -> float:
    """The scale to draw tiles at, given the page's own base size."""
    return base * (LARGE_SCALE if large_tiles() else 1.0)


def write_address(params: Iterable[str], want: Mapping[str, str]) -> None:
    """Make the address's ``params`` say ``want`` (a page link's ``to_query()``): each changed
    one set, each not wanted removed; parameters that are not the page's own stay."""
    for key in params:
        if key in want:
            if st.query_params.get(key) != want[key]:
                st.query_params[key] = want[key]
        elif key in st.query_params:
            del st.query_params[key]


def get(key: str, default: object = None) -> Any:  # Any: what the page put under key
    return st.session_state.get(key, default)


def put(key: str, value: object) -> None:
    st.session_state[key] = value


def archive() -> list[RecordJSON]:
    """Hand records of every hand finished in this session (newest last), for the Classroom."""
    if HANDS_PLAYED not in st.session_state:
        st.session_state[HANDS_PLAYED] = []
    out: list[RecordJSON] = st.session_state[HANDS_PLAYED]
    return out


def archive_hand(record: RecordJSON, title: str) -> None:
    """Keep a finished hand (once) for the Classroom and downloads."""
    hands = archive()
    key = (record.get("seed"), record.get("hand_number"), tuple(record["hands"][0]["actions"]))
    for item in hands:
        if item["key"] == key:
            return
    hands.append({"key": key, "title": title, "record": record})
    del hands[:-30]
