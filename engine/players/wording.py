"""The wording of the computer players' explanations: the detailed summaries that quote the
numbers, and the plain reasons (:mod:`engine.players.reasons`) built from the same numbers."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from engine.actions import Action
from engine.contract import tricks_needed
from engine.game import PlayerView
from engine.players.analysis import PlayAnalysis
from engine.players.decision import Candidate
from engine.players.facts import keep_value
from engine.players.reasons import can_win
from engine.tiles import Tile
from engine.trump import Trump
from engine.words import a_percent, action_phrase, trump_phrase
from engine.words import join_words as join
from engine.words import number_word as word
from engine.words import percent as pct

if TYPE_CHECKING:  # pragma: no cover
    from engine.players.bidding import BidRow, ScoreModel, ScoreTable

def in_layouts(hits: float, an: PlayAnalysis) -> str:
    """The share ``hits`` of the analysis' layouts in words: "in every one of the 924
    layouts still possible" / "in 78% of 40 sampled layouts". When the layouts counted by
    how well they fit the bidding (``an.weighted``) the share is a chance, not a count of
    layouts, and says so: "24% of the time, over the 4 layouts still possible (each counted
    by how well it fits the bidding)"."""
    if an.weighted and hits not in (0.0, 1.0):  # every weight is above 0: all or none is a count
        if an.exhaustive:
            return (f"{pct(hits)} of the time, over the {an.layouts} layouts still possible "
                    "(each counted by how well it fits the bidding)")
        return (f"{pct(hits)} of the time, over {an.layouts} sampled layouts of {an.possible:,} possible "
                "(each counted by how well it fits the bidding)")
    if an.exhaustive:
        count = round(hits * an.layouts)
        if an.layouts == 1:
            return "in the one layout still possible" if count else "in no layout (one is still possible)"
        what = f"{an.layouts} layouts still possible"
        if count == an.layouts:
            return f"in every one of the {what}"
        if count == 0:
            return f"in none of the {what}"
        return f"in {count} of the {what}"
    what = f"{an.layouts} sampled layouts (of {an.possible:,} possible)"
    if hits == 1.0:
        return f"in every one of {what}"
    if hits == 0.0:
        return f"in none of {what}"
    return f"in {pct(hits)} of {what}"


def again_in_layouts(hits: float, an: PlayAnalysis) -> str:
    """:func:`in_layouts` for a sentence that has already said which layouts: "in every one
    of them", "in 78% of them", "in 3 of the 12 layouts" (a weighted share, a chance: "83%
    of the time")."""
    if an.weighted and hits not in (0.0, 1.0):
        return f"{pct(hits)} of the time"
    if an.exhaustive:
        count = round(hits * an.layouts)
        if an.layouts == 1:
            return "in that layout" if count else "in no layout"
        if count in (0, an.layouts):
            return "in every one of them" if count else "in none of them"
        return f"in {count} of the {an.layouts} layouts"
    if hits in (0.0, 1.0):
        return "in every one of them" if hits else "in none of them"
    return f"in {pct(hits)} of them"


def play_summary(view: PlayerView, an: PlayAnalysis, tile: Tile, cands: Sequence[Candidate]) -> str:
    """The strong player's detailed sentence for playing ``tile``, quoting its numbers. The
    layouts are described in full once ("in 78% of 40 sampled layouts (of 924 possible)"),
    then referred back to ("in every one of them"). It names the other tiles of the hand:
    the table hears it once the hand is over."""
    trump = view.trump
    assert trump is not None
    did = action_phrase(Action.play(tile), at=view)
    goal_word = "make" if an.goal == "make" else "set"
    three = view.rules.players == 3
    # Three-player Moon has no partners: the two defenders set the bid together, but
    # neither says "we".
    who = ("I" if an.goal == "make" else "the defenders") if three else "we"
    mine = "I" if three else "we"
    g = an.goal_chance[tile]
    who_cap = who[:1].upper() + who[1:]  # at the start of a sentence
    said = False

    def where(hits: float) -> str:
        """The layouts in full the first time, then referred back to."""
        nonlocal said
        out = again_in_layouts(hits, an) if said else in_layouts(hits, an)
        said = True
        return out

    if len(an.tiles) == 1:
        return f"I {did}: it is my only legal play. {who_cap} {goal_word} the bid {where(g)}."
    first: list[str] = []
    if an.win_trick[tile] == 1.0:
        if can_win(view, tile):
            first.append(f"it wins this trick {where(1.0)}")
        else:
            # A tile that neither follows nor beats the best tile never wins: the partner does.
            first.append(f"my partner wins this trick {where(1.0)}")
    if not view.current_trick and trump.is_trump(tile) and an.trumps_out:
        d = an.draws[tile]
        out = an.trumps_out
        if out == 1:
            # With one trump out, the share of layouts where it falls is the average drawn.
            first.append("pulls the one trump still out" if d == 1.0 else f"pulls the one trump still out {where(d)}")
        elif abs(d - round(d)) < 1e-9:
            first.append(f"pulls {word(round(d))} of the {word(out)} trumps still out")
        else:
            first.append(f"pulls {d:.1f} of the {word(out)} trumps still out on average")
    others = [t for t in an.tiles if t is not tile]
    runner = max(others, key=lambda t: (*an.key(t), -keep_value(t, trump), -t.index))
    g2 = an.goal_chance[runner]
    tr, tr2 = an.tricks[tile], an.tricks[runner]
    second = ""
    if g > g2:
        first.append(f"{who} {goal_word} the bid {where(g)}, against {pct(g2)} with {runner}")
    elif tr > tr2 + 1e-9:
        first.append(f"{mine} take {tr:.2f} tricks on average, against {tr2:.2f} with {runner}")
    elif not first:
        if an.lose_always[tile] and not any(an.win_trick.values()):
            first.append("none of my tiles can win this trick, so I give the cheapest")
        else:
            first.append(f"no other play does better ({runner} does as well), and it is the cheaper tile")
    if g <= g2:
        if all(an.goal_chance[t] == g for t in an.tiles) and g in (0.0, 1.0):
            made = (g == 1.0) == (an.goal == "make")
            second = f"The bid is {'made' if made else 'set'} {where(1.0)} whatever I play."
        else:
            second = f"{who_cap} {goal_word} the bid {where(g)}."
    return f"I {did}: {join(first)}." + (f" {second}" if second else "")


def _share(x: float) -> str:
    """A part of a success in words: ``"half a success"``, ``"three quarters of a success"``,
    ``"40% of a success"``.

    >>> _share(0.5), _share(0.75), _share(0.4)
    ('half a success', 'three quarters of a success', '40% of a success')
    """
    named = {0.25: "a quarter of a success", 0.5: "half a success", 0.75: "three quarters of a success"}
    return named.get(x, f"{pct(x)} of a success")


def _credit(model: ScoreModel, value: int, four: bool = False) -> str:
    """How the rated chance of a bid of ``value`` counts the simulated deals the open-hands
    solver does not call plainly made (see :class:`ScoreModel`), in plain words, as the
    part of a sentence after "I rated this bid 86% (...), counting"; empty when it counts only made
    ones. ``four``: four players (the tricks are the team's).

    >>> from engine import RuleSet
    >>> from engine.players.bidding import ScoreModel
    >>> _credit(ScoreModel(RuleSet(), short=0.75), 5)
    'a deal where I fall one trick short as three quarters of a success (defenders who cannot see my hand often let a trick through)'
    """
    i = "we" if four else "I"
    k = tricks_needed(value)
    parts = []
    if k == 7:
        if model.sweep < 1:
            parts.append(f"a deal where {i} take all seven as only {_share(model.sweep)} (without sight of the "
                         "other hands every trick is found less often)")
        if model.short_seven:
            parts.append(f"a deal where {i} take six of the seven as {_share(model.short_seven)} (defenders who "
                         "cannot see my hand often let their one trick through)")
        return join(parts)
    if model.spare and model.partial < 1:
        parts.append(f"a deal made with no trick to spare as only {_share(model.partial)} (my partner cannot "
                     "see my hand)")
    if model.short:
        parts.append(f"a deal where {i} fall one trick short as {_share(model.short)} (defenders who cannot see "
                     "my hand often let a trick through)")
    return join(parts)


#: Fewer simulated deals than this are a first look, and the words say so: a percentage of
#: six deals is a rough figure, not a measurement.
FEW_DEALS = 12


def deals_words(n: int) -> str:
    """How many simulated deals the numbers of a contract choice come from.

    >>> deals_words(24), deals_words(6)
    ('24 simulated deals', 'only 6 simulated deals (a quick first look, so a rough figure)')
    """
    if n < FEW_DEALS:
        return f"only {n} simulated deals (a quick first look, so a rough figure)"
    return f"{n} simulated deals"


def score_bid_summary(
    view: PlayerView,
    choice: Action,
    table: ScoreTable,
    model: ScoreModel,
    reads_auction: bool = False,
    partner_holds: bool = False,
    credited: Collection[int] = (),
    fair: bool = False,
    as_list: bool = False,
) -> str:
    """The strong player's detailed sentence for a bid or pass chosen by expected score: the
    chosen row's chance and expected score, and the next best rows'. When the model plays to
    win the game (``table.now`` set), the score is said as the chance of winning the game
    each row leaves. Every chance it quotes first is plain, the share of simulated deals
    where the bid is made. ``credited``: the bids (by value) whose rated chance counts some
    deal as part of a made bid; for the bid chosen, a sentence of its own then says how such
    deals count and the rating that gave, named as a rating beside the plain chance ("I rated
    this bid 86% (a rating, not the 56% chance), counting a deal where I fall one trick short
    as three quarters of a success ..."). Playing to win, the next best rows are labelled as
    chances of winning the game ("Next best (chance to win the game): ..."). ``fair``:
    said at the table during the hand, with no trump named (a bid is a number at the
    table). ``as_list``: the same numbers as a short markdown list, each figure after its
    label, the next best rows in a list of their own (the "In numbers" of a bid's "Why?")."""

    def with_trump(tr: Trump) -> str:
        return "" if fair else f" with {trump_phrase(tr)}"

    def name(value: int) -> str:
        return "a pass" if value == 0 else ("21" if value == 21 else f"bid {value}")

    now = table.now

    def plain(r: BidRow) -> float | None:
        # The share of deals made (a row built without it says its rated chance).
        return r.plain if r.plain is not None else r.chance
    # With partners the game is the team's to win.
    us = "us" if view.rules.players == 4 else "me"

    def worth(r: BidRow) -> str:
        # Playing to win: the chance of winning the game the row leaves, else its points.
        return f"{r.score:+.1f}" if now is None else pct(table.game_chance(r))

    def row_words(value: int) -> str:
        r = table.row(value)
        if now is not None:
            # Two chances, each said with what it is a chance of: of winning the game (the
            # row's worth) and of making the bid on the deals (no brackets in brackets).
            leaves = f"{name(value)} leaves {us} {worth(r)}"
            made = plain(r)
            if value == 0 or made is None or r.trump is None:
                return leaves
            if made <= 0.0:
                return f"{leaves}, the bid made on none of the deals{with_trump(r.trump)}: the game goes on after a set"
            on = "every one" if made >= 1.0 else pct(made)
            return f"{leaves}, the bid made on {on} of the deals{with_trump(r.trump)}"
        made = plain(r)
        if value == 0 or made is None or r.trump is None:
            return f"{name(value)} {worth(r)}"
        return f"{name(value)} {worth(r)} (made in {pct(made)}{with_trump(r.trump)})"

    value = choice.value if choice.kind == "bid" and isinstance(choice.value, int) else 0
    rated = ""
    others = sorted((r for r in table.rows if r.value != value), key=lambda r: -r.score)[:2]
    weighed = ", the deals weighted by how the others bid" if reads_auction else ""
    unit = "marks" if model.marks else "points"
    if partner_holds:
        lead = "I pass: my partner holds the bid, and raising it only makes our contract harder"
    elif value:
        r = table.row(value)
        assert r.chance is not None and r.trump is not None and r.tricks is not None
        what = "shoot the moon" if value == 21 else f"bid {value}"
        gives = (
            f"for an expected {r.score:+.1f} {unit} against the others"
            if now is None
            else f"which leaves {us} {a_percent(table.game_chance(r) or 0.0)} chance of winning the game (now {pct(now)})"
        )
        credit = _credit(model, value, view.rules.players == 4) if value in credited else ""
        made = plain(r)
        assert made is not None
        lead = (
            f"I {what}{with_trump(r.trump)}: I make it in {pct(made)} of {deals_words(table.deals)}{weighed}, "
            f"averaging {r.tricks:.1f} tricks, {gives}"
        )
        if credit:
            # A second number for the same bid: named as a rating beside the one chance of
            # making it, so that the two never read as two chances.
            rated = f"I rated this bid {pct(r.chance)} (a rating, not the {pct(made)} chance), counting {credit}."
    elif now is None:
        lead = (
            f"I pass: a pass is worth {table.row(0).score:+.1f} {unit} against the others over "
            f"{deals_words(table.deals)}{weighed}"
        )
    else:
        lead = (
            f"I pass: passing leaves {us} {a_percent(table.game_chance(table.row(0)) or 0.0)} chance of winning the game (now "
            f"{pct(now)}) over {deals_words(table.deals)}{weighed}"
        )
    rest = "; ".join(row_words(r.value) for r in others)
    if as_list:
        if partner_holds:
            items = [f"{lead}."]
        elif value:
            r = table.row(value)
            assert r.tricks is not None
            items = [f"{'The moon' if value == 21 else f'Bid {value}'}{with_trump(r.trump) if r.trump else ''}: "
                     f"made on {pct(plain(r) or 0.0)} of {deals_words(table.deals)}{weighed}",
                     f"Tricks on average: {r.tricks:.1f}"]
        else:
            items = [f"A pass, over {deals_words(table.deals)}{weighed}"]
        r = table.row(value)
        if not partner_holds and now is None:
            items.append(f"Expected score against the others: {r.score:+.1f} {unit}")
        elif not partner_holds:
            items.append(f"Chance of winning the game: {pct(table.game_chance(r) or 0.0)} (now {pct(now)})")
        if rated:
            items.append(f"Rated chance: {rated.removeprefix('I rated this bid ').removesuffix('.')}")
        text = "\n".join(f"- {x}" for x in items)
        if others:
            label = "Next best, by the chance to win the game:" if now is not None else "Next best, by points:"
            text += f"\n- {label}" + "".join(f"\n    - {row_words(o.value)}" for o in others)
        return text
    if now is not None:
        # A sentence of its own: the lead may end in brackets already.
        # The rated chance, when it is not the plain one, is the second sentence.
        said = f"{lead}." + (f" {rated}" if rated else "")
        # Labelled: the next rows' figures are chances of winning the game, not of a bid.
        return f"{said} Next best (chance to win the game): {rest}." if rest else said
    said = f"{lead} (next best: {rest})." if rest else f"{lead}."
    return f"{said} {rated}" if rated else said
