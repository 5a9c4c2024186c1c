"""The house-rules editor (shared by the Play and Rules pages), and the choice of the number
of players, which is not a house rule: each place that deals a game (Play's New game panel,
the Bidding lab, the Classroom) chooses it for itself."""

from __future__ import annotations

import streamlit as st

from engine import VARIANTS, RuleSet
from tutorial.components import state
from tutorial.services.rules_text import with_players

# (field, label, widget kind, choices)
_FIELDS: list[tuple[str, str, str, tuple[object, ...]]] = [
    ("keep_double_blank", "Keep 0-0 in the three-player set (a widow)", "toggle", ()),
    ("trump_before_widow", "Name trump before taking the widow", "toggle", ()),
    ("min_bid", "Lowest bid", "radio", (3, 4, 5)),
    ("all_pass", "When everyone passes", "radio", ("redeal", "force-last")),
    ("doubles_trump", "Doubles may be trump", "toggle", ()),
    ("no_trump", "No trump (follow me) allowed", "toggle", ()),
    ("moon_wins_game", "A made 21 wins the game", "toggle", ()),
    ("moon_overcall", "Others may bid 21 after a 21", "toggle", ()),
    ("scoring", "Scoring", "radio", ("points", "marks")),
    ("tie_break", "Tie at the target", "radio", ("play-on", "bidder-out")),
]

_CHOICE_WORDS = {
    "redeal": "throw the hand in",
    "force-last": "last player must bid",
    "points": "points to 21",
    "marks": "marks to 7",
    "play-on": "play on",
    "bidder-out": "bidder goes out",
}


def _applies(name: str, rules: RuleSet) -> bool:
    if rules.players == 4 and name in ("keep_double_blank", "trump_before_widow"):
        return False
    return not (name == "trump_before_widow" and not rules.keep_double_blank)


def _sync(prefix: str, rules: RuleSet) -> None:
    """Keep the widgets in step with the rules (they may have been changed elsewhere)."""
    current = rules.to_dict()
    for name, _label, _kind, _choices in _FIELDS:
        key = f"{prefix}-rule-{name}"
        if st.session_state.get(key) != current[name]:
            st.session_state[key] = current[name]


def _changed(prefix: str, name: str) -> None:
    """A rule's widget changed: the house rules follow (a refused combination says why)."""
    data = state.house_rules().to_dict()
    data[name] = st.session_state[f"{prefix}-rule-{name}"]
    if name == "scoring":
        data["target"] = None  # the usual target of the new scoring
    if name == "keep_double_blank" and not data["keep_double_blank"]:
        data["trump_before_widow"] = False
    try:
        state.set_house_rules(RuleSet.from_dict(data))
    except ValueError as e:
        st.session_state[state.NOTICE] = ("warning", f"That combination is not possible: {e}")


def _players_changed(key: str, store: str) -> None:
    st.session_state[store] = int(st.session_state[key])


def players_choice(key: str, store: str, default: int = 3) -> int:
    """A "Players" radio (widget ``key``) for the game dealt here: the choice is kept under
    ``store`` (see :func:`tutorial.components.state.players`) and changes no house rule."""
    players = state.players(store, default)
    st.session_state[store] = players
    if st.session_state.get(key) != players:
        st.session_state[key] = players
    st.radio("Players", (3, 4), key=key, help=VARIANTS["players"], horizontal=True,
             on_change=_players_changed, args=(key, store))
    return players


def rules_editor(prefix: str, *, disabled: bool = False, skip: tuple[str, ...] = (), players: int = 3) -> RuleSet:
    """Widgets for every house rule (but those named in ``skip``) that applies to a game of
    ``players`` players; changes update the app's house rules at once.

    A combination the engine refuses shows its message and changes nothing.
    """
    house = state.house_rules()
    _sync(prefix, house)
    rules = with_players(house, players)

    cols = st.columns(2)
    i = 0
    for name, label, kind, choices in _FIELDS:
        if name in skip or not _applies(name, rules):
            continue
        with cols[i % 2]:
            key = f"{prefix}-rule-{name}"
            helptext = VARIANTS[name]
            if kind == "toggle":
                st.toggle(label, key=key, help=helptext, on_change=_changed, args=(prefix, name), disabled=disabled)
            else:
                st.radio(
                    label, choices, key=key, help=helptext, horizontal=True, on_change=_changed,
                    args=(prefix, name), disabled=disabled, format_func=lambda v: _CHOICE_WORDS.get(v, str(v)),
                )
        i += 1
    if st.button("Back to the classic rules", key=f"{prefix}-reset", disabled=disabled or house == RuleSet()):
        state.set_house_rules(RuleSet())
        st.rerun()
    return state.house_rules()
