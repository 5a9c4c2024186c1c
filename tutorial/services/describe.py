"""Words and tables for what happens at the table (no Streamlit).

>>> from engine import Action
>>> describe_action(1, Action.parse("play 6-4"), you=0, players=3)
'Seat 1 plays 6-4'
>>> describe_action(0, Action.parse("bid 21"), you=0, players=3)
'You shoot the moon (bid 21)'
>>> describe_action(2, Action.parse("discard 3-1"), you=0, players=3)
'Seat 2 discards a tile face down'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine import Action, Tile, Trump
from engine.tiles import suit_name
from engine.trump import TRUMP, describe_suit
from engine.words import Form, action_phrase, count_words, join_words, trump_phrase

if TYPE_CHECKING:  # pandas is imported by the tables' functions: pages without a table never load it
    import pandas as pd
    from pandas.io.formats.style import Styler

    from engine.game import HandResult
    from engine.players import Candidate, Explanation
    from tutorial.services.players import Choice

__all__ = [
    "bid_label",
    "chosen_by",
    "decision_chart_frame",
    "decision_frame",
    "decision_metric",
    "defending_side",
    "describe_action",
    "describe_suit",
    "explanation_frame",
    "game_over_words",
    "hint_nudge",
    "move_label",
    "move_without_reason",
    "plain_worse",
    "result_words",
    "seat_name",
    "trump_label",
    "worse_line",
    "worse_words",
]


def seat_name(seat: int, you: int, players: int) -> str:
    """``"You"``, ``"Seat 2 (partner)"``, ``"Seat 1"`` (``you=-1``: nobody is "you")."""
    if you < 0:
        return f"Seat {seat}"
    if seat == you:
        return "You"
    if players == 4 and seat % 2 == you % 2:
        return f"Seat {seat} (partner)"
    return f"Seat {seat}"


def seat_label(seat: int, you: int, players: int) -> str:
    """A seat where the table lists seats (the trick, the bids, the tricks and scores per seat,
    the tiles of a finished trick): the learner's own seat with its number, the others as
    :func:`seat_name` says them. Sentences keep plain "You" ("You bid 4").

    >>> seat_label(0, 0, 3), seat_label(2, 0, 4), seat_label(1, -1, 3)
    ('You (Seat 0)', 'Seat 2 (partner)', 'Seat 1')
    """
    if you >= 0 and seat == you:
        return f"You (Seat {seat})"
    return seat_name(seat, you, players)


def seat_line(you: int) -> str:
    """Which seat the learner holds at a four-player table of Play better (a position or a
    drill), and the partner, as the Play table's seat choice names them:

    >>> seat_line(0)
    'You are **Seat 0**; your partner is **Seat 2**.'
    """
    return f"You are **Seat {you}**; your partner is **Seat {(you + 2) % 4}**."


def seat_choice(seat: int, players: int) -> str:
    """A seat offered to the learner, with how the table will call the others; with four
    players, the partner first (short enough for the closed choice box to show it whole):

    >>> seat_choice(0, 3)
    'Seat 0 (the others: Seat 1, Seat 2)'
    >>> seat_choice(1, 4)
    'Seat 1 (partner: Seat 3)'
    """
    if players == 4:
        return f"Seat {seat} (partner: Seat {(seat + 2) % 4})"
    others = ", ".join(seat_name(s, seat, players) for s in range(players) if s != seat)
    return f"Seat {seat} (the others: {others})"


def trump_label(trump: Trump | None) -> str:
    """``"sixes"``, ``"doubles"``, ``"no trump"``, or ``"not named yet"``."""
    if trump is None:
        return "not named yet"
    return trump.name


def bid_label(value: int) -> str:
    """``"pass"``, ``"5"``, ``"21 (moon)"``."""
    if value == 0:
        return "pass"
    return "21 (moon)" if value == 21 else str(value)


def describe_action(seat: int, action: Action | None, *, you: int, players: int, show_discard: bool = False) -> str:
    """A short sentence for one action (a hidden discard stays hidden)."""
    who = seat_name(seat, you, players)
    form: Form = "base" if who == "You" else "s"
    if action is None or (action.kind == "discard" and not show_discard and seat != you):
        return f"{who} discard{'' if form == 'base' else 's'} a tile face down"
    return f"{who} {action_phrase(action, form)}"


def _tricks(n: int) -> str:
    return f"**{n}** trick{'' if n == 1 else 's'}"


def result_words(result: HandResult, *, you: int, players: int) -> str:
    """How a hand ended, in one sentence (Markdown, for the learner at seat ``you``): the
    bid, what the bidding side took (with four players the team, and the bidder's own
    share) and whether the bid was made.

    >>> from engine import Trump
    >>> from engine.game import HandResult
    >>> r = HandResult(2, 0, 3, 4, Trump.parse("0"), (0, 2, 1, 5), (1, 7), True, (0, 4), (0, 4))
    >>> result_words(r, you=0, players=4)
    '**Seat 3** bid **4** with blanks trump; their team took **7** tricks (Seat 3 took 5) and **made it** (+4).'
    >>> r = HandResult(1, 0, 0, 5, Trump.parse("6"), (3, 2, 2), (3, 2, 2), False, (-5, 0, 0), (-5, 0, 0))
    >>> result_words(r, you=0, players=3)
    '**You** bid **5** with sixes trump, took **3** tricks and **were set** (-5).'
    """
    if result.thrown_in:
        return "Everybody passed, so the hand was thrown in. Nobody scores; the next hand is dealt."
    bidder = result.bidder
    assert bidder is not None and result.bid is not None and result.trump is not None  # not thrown in
    who = seat_name(bidder, you, players)
    side = bidder % 2 if players == 4 else bidder
    took = result.side_tricks[side]
    trump = trump_phrase(result.trump)
    verdict = "made it" if result.made else ("were set" if who == "You" else "was set")
    head = f"**{who}** bid **{bid_label(result.bid)}** with {trump}"
    if players == 4:
        team = "your team" if side == you % 2 else "their team"
        own = result.tricks_won[bidder]
        mine = f"{'you' if who == 'You' else who} took {own}"
        return f"{head}; {team} took {_tricks(took)} ({mine}) and **{verdict}** ({result.change[side]:+d})."
    return f"{head}, took {_tricks(took)} and **{verdict}** ({result.change[side]:+d})."


def game_over_words(result: HandResult, *, winner: str, scores: str, you: int, players: int) -> str:
    """The end of the game in one line (Markdown): who won, and when the last hand's made
    moon ended it, that it did (a made 21 wins the game at once, whatever the scores).
    ``winner`` names the winning side, ``scores`` lists the scores.

    >>> from engine import Trump
    >>> from engine.game import HandResult
    >>> r = HandResult(4, 0, 1, 21, Trump.parse("6"), (0, 7, 0), (0, 7, 0), True, (0, 21, 0), (9, 30, 12),
    ...                moon_won_game=True)
    >>> game_over_words(r, winner="Seat 1", scores="You 9 · Seat 1 30 · Seat 2 12", you=0, players=3)
    '**Game over: Seat 1 shot the moon and made it, which wins the game at once** (You 9 · Seat 1 30 · Seat 2 12).'
    >>> r = HandResult(4, 0, 0, 5, Trump.parse("6"), (5, 2, 0), (5, 2, 0), True, (5, 0, 0), (31, 9, 12))
    >>> game_over_words(r, winner="You", scores="You 31 · Seat 1 9 · Seat 2 12", you=0, players=3)
    '**Game over: You won** (You 31 · Seat 1 9 · Seat 2 12).'
    """
    if result.moon_won_game and result.bidder is not None:
        who = seat_name(result.bidder, you, players)
        side = f" for {winner.lower()}" if players == 4 else ""
        return (f"**Game over: {who} shot the moon and made it{side}, which wins the game at once** "
                f"({scores}).")
    return f"**Game over: {winner} won** ({scores})."


def move_without_reason(trick: Sequence[Tile], trump: Trump | None, action: Action) -> str:
    """The reason line of a computer move that has none: a move in a link that the computer
    player here would not have made (its own reason would be for another move). It says so,
    and for a tile what it does in the trick (``trick``: the tiles played to it before).

    >>> t = Trump.parse("5")
    >>> move_without_reason([Tile(6, 4)], t, Action.parse("play 6-1"))
    'This move came with the link: the computer player here would have chosen another, so it gives no reason. 6-1 follows sixes, under 6-4.'
    >>> move_without_reason([Tile(6, 4)], t, Action.parse("play 5-0")).split(". ")[-1]
    '5-0 cannot follow sixes and trumps it.'
    >>> move_without_reason([], t, Action.parse("bid 5"))
    'This move came with the link: the computer player here would have chosen another, so it gives no reason.'
    """
    from engine import trick_winner

    head = "This move came with the link: the computer player here would have chosen another, so it gives no reason."
    tile = action.value
    if action.kind != "play" or not isinstance(tile, Tile) or trump is None:
        return head
    if not trick:
        return f"{head} {tile} leads {describe_suit(trump.suit_led(tile))}."
    suit = trump.suit_led(trick[0])
    after = (*trick, tile)
    best = trick_winner(after, trump)
    if trump.follows(tile, suit):
        does = "and takes the lead in the trick" if best == len(trick) else f"under {after[best]}"
        return f"{head} {tile} follows {describe_suit(suit)}, {does}."
    if trump.is_trump(tile):
        does = "trumps it" if best == len(trick) else f"trumps it, under {after[best]}"
        return f"{head} {tile} cannot follow {describe_suit(suit)} and {does}."
    return f"{head} {tile} cannot follow {describe_suit(suit)} and is thrown off."


def move_label(action: Action) -> str:
    """A move as a short name, for a table of moves or a choice: ``"play 6-4"`` -> ``"6-4"``,
    ``"bid 5"`` -> ``"bid 5"``, ``"trump 6"`` -> ``"sixes"``, ``"bid 21"`` -> ``"bid 21 (moon)"``.

    >>> [move_label(Action.parse(a)) for a in ("play 6-4", "pass", "trump none", "bid 21")]
    ['6-4', 'pass', 'no trump', 'bid 21 (moon)']
    """
    if action.kind == "play":
        return str(action.value)
    if action.kind == "trump":
        assert isinstance(action.value, Trump)
        return trump_label(action.value)
    if action.kind == "bid" and action.value == 21:
        return f"bid {bid_label(21)}"
    return str(action)


#: The column of the chance to make the bid of a strong discard or trump choice dropped after
#: a first look (a yes/no probe on a few deals, :attr:`engine.players.Candidate.first_look`):
#: apart from the chances of the choices looked at closely, never compared with them as equals
#: (and never charted). Said as what it is, a share of a few deals made ("Made on a brief
#: look: 0 of 3 deals" in a list), never as a bare "0%" that reads as a chance.
FIRST_LOOK_COLUMN = "Made on a brief look"

#: The column of the chance a strong bid was rated on when some deals count in part (one
#: trick short, a sweep, no trick to spare: its summary says which): a rating, beside the
#: plain "Chance to make the bid".
RATED_COLUMN = "Rated chance (some deals count in part)"

_COLUMNS = {
    # First: what a strong bid is chosen on (playing for the game), so that a narrow table
    # shows it before the chances of making each bid.
    "game_chance": "Chance to win the game",
    "goal_chance": "Chance to {goal} the bid",
    # The strong player's bid rated on more than the share of deals made: beside that share,
    # under its own name, never as a second "chance to make".
    "rated_chance": RATED_COLUMN,
    "tricks": "Expected tricks",
    "first_look": FIRST_LOOK_COLUMN,
    "win_trick": "Wins this trick",
    "draws": "Trumps pulled",
    "score": "Rule-of-thumb score",
    "trump": "With trump",
    "layouts": "Deals looked at",
}


#: The numbers' headers in a narrow table (the presenter's, the live panel's): a word or two,
#: so that no header wraps onto more lines than a cell's figure.
SHORT_COLUMNS = {
    "Chance to win the game": "Wins game %",
    "Chance to make the bid": "Makes bid %",
    "Chance to set the bid": "Sets bid %",
    RATED_COLUMN: "Rated %",
    FIRST_LOOK_COLUMN: "First look %",
    "Expected tricks": "Tricks",
    "Wins this trick": "Wins trick %",
    "Rule-of-thumb score": "Score",
    "Deals looked at": "Deals",
}


def _explanation(decision: Choice | None) -> Explanation | None:
    return getattr(decision, "explanation", None)


def decision_metric(decision: Choice | None) -> tuple[str, str] | None:
    """The number to chart for a decision: (column, axis title), or ``None`` if it has none."""
    exp = _explanation(decision)
    if exp is None or not getattr(exp, "candidates", None):
        return None
    cands = exp.candidates
    for col in ("game_chance", "goal_chance"):  # the first: what a bid playing for the game is chosen on
        if any(getattr(c, col, None) is not None for c in cands):
            return col, _COLUMNS[col].format(goal=_goal(cands)) + " (%)"
    if any(getattr(c, "tricks", None) is not None for c in cands):
        return "tricks", _COLUMNS["tricks"]
    if any(getattr(c, "score", None) is not None for c in cands):
        if all(getattr(getattr(c, "action", None), "kind", "") == "play" for c in cands):
            return "score", _PLAY_SCORE
        return "score", "Rule-of-thumb score"
    return None


def metric_column(metric: tuple[str, str]) -> str:
    """The column of :func:`decision_frame` that a :func:`decision_metric` charts: its axis
    title without the unit."""
    return metric[1].removesuffix(" (%)")


def _goal(cands: Sequence[Candidate]) -> str:
    """What the seat's side plays for: "make" or "set" (the bid)."""
    return next((c.goal for c in cands if getattr(c, "goal", "")), "make") or "make"


#: What the basic player's score means for a play: minus how much the tile is worth keeping.
_PLAY_SCORE = "How cheap the tile is"

#: Said under a computer's play or discard during the hand: its numbers would tell the
#: table what else it holds.
NUMBERS_AFTER_HAND = "The numbers behind it come once the hand is over: now they would tell you what else it holds."


def explanation_frame(explanation: Explanation) -> pd.DataFrame:
    """The candidates of an :class:`engine.players.Explanation` as a raw pandas table, one
    row per legal action, with the engine's own column names (``action``, ``chosen``,
    ``tricks``, ``goal_chance``, ...)."""
    import pandas as pd


    rows = explanation.rows() if hasattr(explanation, "rows") else []
    return pd.DataFrame(rows)


def decision_frame(decision: Choice | None) -> pd.DataFrame:
    """The candidates of a decision as a readable table: one row per legal move, the chosen
    one first, percentages as whole numbers 0-100, empty columns dropped. The chance of a
    choice dropped after a first look (:data:`FIRST_LOOK_COLUMN`) is in a column of its own,
    not beside those looked at closely; a trump choice has no "With trump" column (each row
    is its trump)."""
    import pandas as pd


    exp = _explanation(decision)
    if exp is None:
        return pd.DataFrame()
    raw = explanation_frame(exp)
    if raw.empty:
        return raw
    goal = _goal(exp.candidates)
    actions = [Action.parse(a) for a in raw["action"]]
    first = raw["first_look"].fillna(False).astype(bool) if "first_look" in raw.columns else None
    if first is not None and first.any():
        raw = raw.assign(first_look=raw["goal_chance"].where(first), goal_chance=raw["goal_chance"].where(~first))
    else:
        raw = raw.drop(columns=["first_look"], errors="ignore")
    if all(a.kind == "trump" for a in actions):
        raw = raw.drop(columns=["trump"], errors="ignore")  # it would say each row's move again
    out = pd.DataFrame()
    out["Move"] = [move_label(a) for a in actions]
    out["Chosen"] = ["✓" if c else "" for c in raw["chosen"]]
    for col, title in _COLUMNS.items():
        if col not in raw.columns:
            continue
        values = raw[col]
        if values.isna().all() or (col == "layouts" and (values == 0).all()):
            continue
        if col in ("goal_chance", "win_trick", "game_chance", "rated_chance", "first_look"):
            # Whole percentages, as the words say them ("63%"), never "63.0".
            values = (values.astype(float) * 100).round(0).astype("Int64")
        elif col in ("tricks", "draws", "score"):
            values = values.astype(float).round(2)
        elif col == "trump":  # a suit by its name ("threes"), never a bare "3"
            values = values.map(lambda v: trump_label(Trump.parse(v)) if isinstance(v, str) else v)
        out[title.format(goal=goal)] = values
    if "tags" in raw.columns and raw["tags"].astype(str).str.len().gt(0).any():
        out["Notes"] = raw["tags"]
    if "Rule-of-thumb score" in out.columns and all(a.kind == "play" for a in actions):
        out = out.rename(columns={"Rule-of-thumb score": _PLAY_SCORE})
    out = pd.concat([out[out["Chosen"] == "✓"], out[out["Chosen"] != "✓"]]).reset_index(drop=True)
    return out


def decision_chart_frame(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    """The rows of :func:`decision_frame` that a chart of ``column`` draws a bar for: those
    with the number (a trump dropped after a first look has none in the closer look's
    column, and gets no bar)."""
    return frame[frame[column].notna()] if column in frame.columns else frame


_TAG_HINTS = {
    "leads": "you lead this trick",
    "draws trump": "pulling the others' trumps out",
    "follows suit": "following suit",
    "trumps in": "trumping in",
    "throws off": "throwing off a tile that cannot win",
    "sure winner": "a tile that is sure to win this trick",
    "gives up the lead": "letting this trick go",
    "cannot win": "a tile that cannot win this trick",
    "passes": "passing",
    "bids": "bidding",
    "shoots the moon": "shooting the moon",
    "discards a trump": "discarding a trump",
    "discards a double": "discarding a double",
    "discards the widow": "discarding the widow tile",
    "forced": "your only legal move",
}


#: A number's suit, one tile of it: "your only three".
_SINGULAR = ("blank", "one", "two", "three", "four", "five", "six")


def hint_nudge(decision: Choice | None, phase: str, trump: Trump | None, hand: Sequence[Tile]) -> str:
    """The first step of a hint: what kind of move to look for, without naming it."""
    exp = _explanation(decision)
    action = getattr(decision, "action", None)
    tags = [t for t in getattr(exp, "tags", ()) if t in _TAG_HINTS]
    if phase == "bidding":
        if action is not None and action.kind == "pass":
            return "Count the tricks you can really expect. Is it enough for the bids still open?"
        return "Count your trumps and doubles for your best trump: your hand may be worth a bid."
    if phase == "trump":
        return "Which number do you hold most of, with its top tiles? Doubles and no trump are options too."
    if phase == "discard":
        return "Keep your trumps and winners; get rid of a tile that is unlikely to take a trick."
    # One phrase for a tile that lets the trick go: "throwing off a tile that cannot win" says
    # what "a tile that cannot win this trick" and "letting this trick go" would say again.
    if "throws off" in tags or "cannot win" in tags:
        tags = [t for t in tags if t != "gives up the lead" and not (t == "cannot win" and "throws off" in tags)]
    words = [_TAG_HINTS[t] for t in tags if t != "leads"]
    if action is not None and isinstance(action.value, Tile) and trump is not None:
        t = action.value
        kind = "a trump" if trump.is_trump(t) else ("a double" if t.is_double else None)
        suit = trump.suit_led(t)
        if kind is None and suit != TRUMP:
            same = sum(1 for h in hand if not trump.is_trump(h) and trump.suit_led(h) == suit)
            kind = f"one of your {suit_name(int(suit))}" if same > 1 else f"your only {_SINGULAR[int(suit)]}"
        words.insert(0, f"think about playing {kind}")
    if not words:
        return "Look at what has been played and what is still out."
    return "Think about " + ", ".join(words).removeprefix("think about ") + "."


def is_percent_column(col: str) -> bool:
    """Whether a column of :func:`decision_frame` holds percentages (0-100).

    >>> [is_percent_column(c) for c in ("Chance to make the bid", RATED_COLUMN, FIRST_LOOK_COLUMN, "Expected tricks")]
    [True, True, True, False]
    """
    return col.startswith(("Chance", "Rated chance")) or col in ("Wins this trick", FIRST_LOOK_COLUMN)


def decision_styler(frame: pd.DataFrame) -> Styler:
    """The table of :func:`decision_frame` ready to show: percentages as ``"63%"`` and an
    empty cell (a number that does not apply, such as the chance of making a bid for "pass")
    as ``"—"`` instead of ``None``."""
    percent = [c for c in frame.columns if is_percent_column(c)]
    formats: dict[str, str | Callable[[object], str] | None] = {c: "{:.0f}%" for c in percent}
    for c in frame.columns:
        if c not in percent and frame[c].dtype.kind == "f":
            formats[c] = "{:.2f}"
    return frame.style.format(formats, na_rep="—").format(na_rep="—", subset=[c for c in frame.columns if c not in formats])


def decision_lines(frame: pd.DataFrame) -> str:
    """The table of :func:`decision_frame` as a Markdown list, one line per move, for a
    narrow place (the feed's "Why?", the trick history), where a table's last columns
    would be cut off on the right: the move in bold (the chosen one marked), then each
    number as ``"name: value"`` (the words are the engine's, never a learner's), formatted
    as :func:`decision_styler` formats them; a number that does not apply to a move (the
    table's "—") is left out of its line.

    >>> import pandas as pd
    >>> f = pd.DataFrame({"Move": ["1-1", "2-1"], "Chosen": ["✓", ""],
    ...                   "Chance to make the bid": pd.array([63, None], dtype="Int64"),
    ...                   "Expected tricks": [4.5, None], "Notes": ["leads", ""]})
    >>> print(decision_lines(f))
    - **1-1** (chosen) — Chance to make the bid: 63% · Expected tricks: 4.50 · Notes: leads
    - **2-1**

    A choice looked at only briefly (:data:`FIRST_LOOK_COLUMN`) says its deals made of those
    looked at, not a percentage beside the chances of the others:

    >>> f = pd.DataFrame({"Move": ["blanks"], "Chosen": [""], FIRST_LOOK_COLUMN: pd.array([0], dtype="Int64"),
    ...                   "Deals looked at": [3]})
    >>> print(decision_lines(f))
    - **blanks** — Made on a brief look: 0 of 3 deals

    Any other share is a percentage, the deals said apart (see :func:`brief_look`).
    """
    import pandas as pd

    def shown(col: str, value: object) -> str:
        if value is None or bool(pd.isna(value)):  # type: ignore[call-overload]
            return ""
        if is_percent_column(col):
            return f"{float(value):.0f}%"  # type: ignore[arg-type]
        if isinstance(value, float):
            return f"{value:.2f}"
        return str(value)

    lines = []
    for _, row in frame.iterrows():
        chosen = " (chosen)" if row.get("Chosen") == "✓" else ""
        parts = []
        brief = shown(FIRST_LOOK_COLUMN, row.get(FIRST_LOOK_COLUMN)) if FIRST_LOOK_COLUMN in frame.columns else ""
        deals = row.get("Deals looked at")
        for col in frame.columns:
            if col in ("Move", "Chosen"):
                continue
            if brief and col == FIRST_LOOK_COLUMN and deals:
                parts.append(f"{col}: {brief_look(float(row[col]), int(deals))}")
                continue
            if brief and col == "Deals looked at":
                continue  # said with the deals made
            value = shown(col, row[col])
            if value:
                parts.append(f"{col}: {value}")
        lines.append(f"- **{row['Move']}**{chosen}" + (f" — {' · '.join(parts)}" if parts else ""))
    return "\n".join(lines)


def brief_look(share: float, deals: int) -> str:
    """A first look's share of deals made (:data:`FIRST_LOOK_COLUMN`, a whole percent) in
    plain words. The deals count by how well each fits the bidding, so only none or all of
    them is a count of deals; any other share is said as the percentage it is, with the deals
    apart (59% of 3 deals is no whole number of deals).

    >>> brief_look(0, 3), brief_look(100, 3), brief_look(100, 1)
    ('0 of 3 deals', '3 of 3 deals', '1 of 1 deal')
    >>> brief_look(59, 3)
    '59% (over 3 deals, each weighted by how well it fits the bidding)'
    """
    if share in (0, 100):
        return f"{deals if share else 0} of {count_words(deals, 'deal')}"
    return f"{share:.0f}% (over {count_words(deals, 'deal')}, each weighted by how well it fits the bidding)"


def _percents(chances: Sequence[float], margin: float) -> list[str]:
    """``chances`` as percentages, with as few decimals (none, one or two) as keep apart every
    two that differ by more than ``margin``: two chances told apart never read the same.

    >>> _percents([1.0, 0.996], 1e-6), _percents([1.0, 0.975], 0.0375)
    (['100.0%', '99.6%'], ['100%', '98%'])
    """
    for digits in (0, 1, 2):
        shown = [f"{100 * x:.{digits}f}%" for x in chances]
        if all(shown[i] != shown[j] for i in range(len(chances)) for j in range(i)
               if abs(chances[i] - chances[j]) > margin):
            return shown
    return shown


def _same_chance(worse: Candidate, best: Candidate, margin: float) -> bool:
    """Whether ``worse``'s chance to make (or set) the bid is too close to ``best``'s to tell
    apart: then the tricks decide between them."""
    assert worse.goal_chance is not None and best.goal_chance is not None
    return best.goal_chance - worse.goal_chance <= margin


def _why_tricks(goal: str, short: bool = False, side: str = "the defenders") -> str:
    """Why more tricks count when the bid's chance is the same (docs/rules.md §7): a made bid
    scores no more for extra tricks, but every other side scores one point per trick.
    ``short``: after "the tricks decide" (the projector's one line); ``side``: who scores a
    defender's tricks (:func:`defending_side`).

    >>> _why_tricks("make"), _why_tricks("set", short=True, side="Seat 0")
    ("every trick the bidder's side takes is a point the others do not score", 'each is a point for Seat 0')
    """
    if goal == "set":
        return f"each is a point for {side}" if short else "every trick its side takes is a point for it"
    return ("each" if short else "every trick the bidder's side takes") + " is a point the others do not score"


def _tile_name(action: Action) -> str:
    """A play's or a tile laid aside's name as the reveal says it: the tile ("0-0")."""
    return str(action.value) if action.kind in ("play", "discard") else move_label(action)


def _how_often(chance: float, shown: str, first: bool) -> str:
    """A chance to make (or set) the bid as said: "never", "always", else "in 40% of deals"
    (``first``) or "40%" (after "against")."""
    if chance <= 1e-9:
        return "never"
    if chance >= 1 - 1e-9:
        return "always"
    return f"in {shown} of deals" if first else shown


def _kind_of_worse(worse: Candidate, best: Candidate, margin: float) -> str:
    """How ``worse`` falls short of ``best`` by the computer's numbers: ``"less"`` (the bid is
    made, or set, less often), ``"tricks"`` (as often, with fewer tricks), ``"fewer"`` (no
    chances: fewer tricks), ``"untried"`` (no numbers), or ``""`` (nothing to say)."""
    if worse.tricks is None and worse.goal_chance is None:
        return "untried"
    if best.goal_chance is None or worse.goal_chance is None:
        return "fewer" if worse.tricks is not None else ""
    if not _same_chance(worse, best, margin):
        return "less"
    return "tricks" if worse.tricks is not None else ""


def defending_side(seat: int, players: int) -> str:
    """Who scores a defender's tricks, named for the reveal's words (docs/rules.md §7.3, §7.5):
    the seat itself with three players, the defenders' team with four.

    >>> defending_side(0, 3), defending_side(1, 4)
    ('Seat 0', 'the defenders')
    """
    return f"Seat {seat}" if players == 3 else "the defenders"


def worse_line(worse: Sequence[Candidate], best: Candidate, margin: float = 1e-6, *,
               side: str = "the defenders") -> str:
    """Every play in ``worse`` the computer has numbers for, in one plain line for the
    projector's reveal, grouped by how it falls short of ``best`` (the bid made, or set, less
    often; as often with fewer tricks, and why those count: docs/rules.md §7), best first
    within a group; the figures themselves are in the numbers' table ("Show the numbers").
    ``""`` when none has such numbers. Chances too close to tell apart (within ``margin``,
    the :attr:`~engine.players.Explanation.tie_margin` of the numbers) count as the same.
    ``side``: who scores the tricks of a defender's play (:func:`defending_side`).

    >>> from engine.players import Candidate
    >>> print(worse_line([Candidate(Action.parse("play 0-0"), tricks=5.0, goal="make", goal_chance=0.0),
    ...                   Candidate(Action.parse("play 5-5"), tricks=5.92, goal="make", goal_chance=0.92)],
    ...                  Candidate(Action.parse("play 4-2"), tricks=6.1, goal="make", goal_chance=1.0)))
    Worse: 5-5 and 0-0 make the bid less often.
    >>> print(worse_line([Candidate(Action.parse("play 5-5"), tricks=6.0, goal="make", goal_chance=1.0),
    ...                   Candidate(Action.parse("play 6-6"), tricks=6.5, goal="make", goal_chance=0.5)],
    ...                  Candidate(Action.parse("play 5-2"), tricks=6.24, goal="make", goal_chance=1.0), 0.0375))
    Worse: 6-6 makes the bid less often; 5-5 makes it as often, with fewer tricks: each is a point the others do not score.
    """
    if best.tricks is None:
        return ""
    groups: dict[str, list[Candidate]] = {"less": [], "tricks": [], "fewer": []}
    for c in worse:
        kind = _kind_of_worse(c, best, margin)
        if kind in groups:
            groups[kind].append(c)
    groups["less"].sort(key=lambda c: (-(c.goal_chance or 0.0), -(c.tricks or 0.0)))
    groups["tricks"].sort(key=lambda c: -(c.tricks or 0.0))
    groups["fewer"].sort(key=lambda c: -(c.tricks or 0.0))
    goal = best.goal or "make"

    def who(cs: list[Candidate], verb: str) -> str:
        return join_words(_tile_name(c.action) for c in cs) + f" {verb}{'s' if len(cs) == 1 else ''}"

    parts = []
    if groups["less"]:
        parts.append(f"{who(groups['less'], goal)} the bid less often")
    if groups["fewer"]:
        whose = side if goal == "set" else "the bidder's side"
        parts.append(f"{who(groups['fewer'], 'take')} fewer tricks for {whose}")
    if groups["tricks"]:
        it = "it" if parts else "the bid"
        parts.append(f"{who(groups['tricks'], goal)} {it} as often, with fewer tricks: "
                     f"{_why_tricks(goal, short=True, side=side)}")
    return f"Worse: {'; '.join(parts)}." if parts else ""


def plain_worse(worse: Candidate, best: Candidate, margin: float = 1e-6, chosen: int = 0, *,
                side: str = "the defenders") -> str:
    """Why ``worse`` is a wrong answer beside the computer's ``best``, in one short plain line
    with no figures (whether the bid is made, or set, less often with it; fewer tricks when
    that is the same; or that the computer did not look closely at it; the figures are under
    "Show the numbers"): the projector's line for a wrong answer the
    class chose (``chosen``: how many students chose it, said after the tile) and the phones'
    words for it, the same sentence. ``side`` names who scores a defender's tricks
    (:func:`defending_side`). ``""`` when ``best`` has no numbers.

    >>> from engine.players import Candidate
    >>> best = Candidate(Action.parse("discard 6-1"), tricks=5.0, goal="make", goal_chance=1.0)
    >>> print(plain_worse(Candidate(Action.parse("discard 0-0"), goal="make", goal_chance=0.0), best, chosen=2))
    0-0 (2 students): the bid is never made, against always with 6-1.
    >>> print(plain_worse(Candidate(Action.parse("discard 6-4")), best))
    6-4: the computer keeps that tile; it did not even try laying it aside.
    >>> print(plain_worse(Candidate(Action.parse("play 6-4"), tricks=1.2, goal="set", goal_chance=0.4),
    ...                   Candidate(Action.parse("play 5-5"), tricks=2.1, goal="set", goal_chance=0.75), chosen=1))
    6-4 (1 student): the bid is set less often than with 5-5.
    >>> print(plain_worse(Candidate(Action.parse("play 5-5"), tricks=6.0, goal="make", goal_chance=1.0),
    ...                   Candidate(Action.parse("play 5-2"), tricks=6.24, goal="make", goal_chance=1.0), 0.0375))
    5-5: the bid is made as often, with fewer tricks than with 5-2: each is a point the others do not score.
    >>> print(plain_worse(Candidate(Action.parse("play 4-4"), tricks=1.0, goal="set", goal_chance=0.5),
    ...                   Candidate(Action.parse("play 1-1"), tricks=1.5, goal="set", goal_chance=0.5), side="Seat 0"))
    4-4: the bid is set as often, with fewer tricks for Seat 0 than with 1-1, and Seat 0 scores a point for each.
    """
    if best.tricks is None:
        return ""
    line = _plain_worse(worse, best, margin, side)
    return chosen_by(line, chosen) if chosen and line else line


def chosen_by(line: str, students: int) -> str:
    """A line of :func:`plain_worse` ("0-0: …") with how many students chose its tile.

    >>> chosen_by("0-0: the bid is never made, against always with 6-1.", 1)
    '0-0 (1 student): the bid is never made, against always with 6-1.'
    """
    tile, sep, rest = line.partition(": ")
    return f"{tile} ({students} student{'' if students == 1 else 's'}){sep}{rest}"


def _plain_worse(worse: Candidate, best: Candidate, margin: float, side: str) -> str:
    if best.tricks is None:
        return ""
    mine = _tile_name(worse.action)
    theirs = _tile_name(best.action)
    kind = _kind_of_worse(worse, best, margin)
    if kind == "untried":
        if worse.action.kind == "discard":
            return f"{mine}: the computer keeps that tile; it did not even try laying it aside."
        return f"{mine}: the computer did not think it worth a close look."
    if kind == "fewer":
        assert worse.tricks is not None
        who = side if (best.goal or worse.goal) == "set" else "the bidder's side"
        return f"{mine}: fewer tricks for {who} than with {theirs}."
    if kind == "":
        return ""
    assert worse.goal_chance is not None and best.goal_chance is not None
    goal = best.goal or "make"
    done = "made" if goal == "make" else "set"
    a, b = _percents([worse.goal_chance, best.goal_chance], margin)
    mine_often, theirs_often = _how_often(worse.goal_chance, a, True), _how_often(best.goal_chance, b, False)
    if kind == "less":
        if mine_often == "never":
            return f"{mine}: the bid is never {done}, against {'always' if theirs_often == 'always' else 'at times'} with {theirs}."
        return f"{mine}: the bid is {done} less often than with {theirs}."
    often = "as often" if a == b else "about as often"
    if goal == "make":
        return f"{mine}: the bid is {done} {often}, with fewer tricks than with {theirs}: {_why_tricks(goal, short=True)}."
    scores = "score" if side.startswith("the ") else "scores"
    return f"{mine}: the bid is {done} {often}, with fewer tricks for {side} than with {theirs}, and {side} {scores} a point for each."


def _either(worse: float, best: float, goal: str, margin: float) -> str:
    """The bid's chance, the same with either of two plays (within ``margin``)."""
    done = "made" if goal == "make" else "set"
    if worse >= 1 - 1e-9 and best >= 1 - 1e-9:
        return f"with either tile the bid is {done} every time (100%)"
    if worse <= 1e-9 and best <= 1e-9:
        return f"with either tile the bid is never {done} (0%)"
    a, b = _percents([worse, best], margin)
    if a == b:
        return f"the chance to {goal} the bid is the same with either tile ({a})"
    return f"the chance to {goal} the bid is too close to tell apart ({a} against {b})"


def _trick_gap(d: float) -> str:
    """``"0.24 of a trick"``, ``"1.20 tricks"``."""
    return f"{d:.2f} of a trick" if round(d, 2) < 1 else f"{d:.2f} trick{'' if round(d, 2) == 1 else 's'}"


def worse_words(worse: Candidate, best: Candidate, margin: float = 1e-6) -> str:
    """Why the play ``worse`` is worse than ``best``, by the computer's own numbers (the
    chance to make or set the bid, then the expected tricks of the seat's side: the order the
    computer weighs them in); ``""`` when the computer has no such numbers (the basic
    player's rules of thumb). When the two chances are too close to tell apart (within
    ``margin``, the :attr:`~engine.players.Explanation.tie_margin` of the numbers), it says so
    and why the tricks count (docs/rules.md §7: a made bid scores no more for extra tricks, but
    every other side scores one point per trick).

    >>> from engine.players import Candidate
    >>> print(worse_words(Candidate(Action.parse("play 6-4"), tricks=1.2, goal="make", goal_chance=0.4),
    ...                   Candidate(Action.parse("play 5-5"), tricks=2.1, goal="make", goal_chance=0.75)))
    6-4 is worse: it makes the bid less often. With it the computer has a 40% chance to make the bid and expects 1.20 tricks for its side; with 5-5, 75% and 2.10 tricks.
    >>> print(worse_words(Candidate(Action.parse("play 5-5"), tricks=6.0, goal="make", goal_chance=1.0),
    ...                   Candidate(Action.parse("play 5-2"), tricks=6.24, goal="make", goal_chance=1.0), 0.0375))
    5-5 is worse, though with either tile the bid is made every time (100%): with 5-2 the bidder's side takes 0.24 of a trick more on average (6.24 tricks against 6.00), and every trick the bidder's side takes is a point the others do not score.
    """
    if worse.tricks is None or best.tricks is None:
        return ""
    mine, theirs = move_label(worse.action), move_label(best.action)
    if worse.goal_chance is not None and best.goal_chance is not None:
        goal = worse.goal or "make"
        if _same_chance(worse, best, margin) and best.tricks - worse.tricks > margin:
            side = "the bidder's side" if goal == "make" else "its side"
            return (f"{mine} is worse, though {_either(worse.goal_chance, best.goal_chance, goal, margin)}: "
                    f"with {theirs} {side} takes {_trick_gap(best.tricks - worse.tricks)} more on average "
                    f"({best.tricks:.2f} tricks against {worse.tricks:.2f}), and {_why_tricks(goal)}.")
        a, b = _percents([worse.goal_chance, best.goal_chance], margin)
        whole = int(a.split(".")[0].rstrip("%"))  # read aloud by its whole part, as engine.words.a_percent
        article = "an" if whole in (8, 11, 18) or 80 <= whole <= 89 else "a"
        return (f"{mine} is worse: it {goal}s the bid less often. With it the computer has {article} {a} chance to "
                f"{goal} the bid and expects {worse.tricks:.2f} tricks for its side; with {theirs}, {b} and "
                f"{best.tricks:.2f} tricks.")
    return (f"{mine} is worse: with it the computer expects {worse.tricks:.2f} tricks for its side; with {theirs}, "
            f"{best.tricks:.2f}.")
