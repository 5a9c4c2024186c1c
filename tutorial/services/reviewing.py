"""Hand reviews as the app shows them (sentences, then tables), from :mod:`engine.review`.

The review grades the learner's bid (or pass), discard and trump choice as well as every
play; the biggest mistakes come first, in words, with the numbers in brackets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

from engine import Action, Game, Tile, tricks_needed
from engine.review import DecisionReview, HandReview, PlayReview
from engine.words import action_phrase, chance_band, chance_change, chance_words, join_words
from lessons.strategy.review import principle_notes
from tutorial.services.describe import seat_name
from tutorial.services.records import RecordJSON

if TYPE_CHECKING:  # pandas loads with the first review table, not with the Play page
    import pandas as pd

__all__ = [
    "GRADE_MARKS",
    "bid_set_line",
    "biggest_mistakes",
    "contract_frame",
    "grades_note",
    "hand_review_table",
    "line_words",
    "mistakes_heading",
    "plain_words",
    "principle_lines",
    "review_frame",
    "review_summary",
    "run_review",
]

#: The bands of a chance (:func:`engine.words.chance_band`) in which a set bid is called
#: good: likely to make or better, as its line says.
LIKELY = ("should", "likely")

#: Grades with the marks chess players use, so a grade never rests on colour alone.
GRADE_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def run_review(record: RecordJSON, hand_number: int, you: int | None = None, seed: int | None = None) -> HandReview:
    """Review one hand of a game record: every play, and the contract decisions (bids,
    discard, trump) of seat ``you`` (of every seat when ``you`` is ``None``). ``seed``: the
    strong player's seed, the one the Play page's hint asks for the learner's seat
    (:func:`tutorial.services.players.bot_seed`), so that the review's "the strong player
    would have ..." is the hint's answer: one question, one answer."""
    from engine.players import StrongBot
    from engine.review import review_hand

    bot = None if seed is None else StrongBot(seed)
    return review_hand(record, hand_number, contract_seats=None if you is None else [you], bot=bot)


def hand_review_table(review: HandReview) -> pd.DataFrame:
    """A :class:`engine.review.HandReview` as a raw pandas table, one row per play, with the
    engine's own column names (``trick``, ``seat``, ``tile``, ``tricks_lost``, ...)."""
    import pandas as pd

    return pd.DataFrame(review.rows())


def _grade_text(grade: str | None) -> str:
    if not grade:
        return "good"
    return f"{grade} {GRADE_MARKS.get(grade, '')}".strip()


def _play_sentence(p: PlayReview, who: str) -> str:
    """A graded play in words first: what was played, the better play, what it changed (each
    figure with whose choice it is for)."""
    goal = "make" if p.goal == "make" else "set"
    text = f"Trick {p.trick}: {who} played {p.tile}"
    if p.best is not None and p.best != p.tile:
        text += f"; the strong player would have played {p.best}"
    text += "."
    if p.chance_best is not None and p.chance_played is not None:
        whose = "your" if who.lower() == "you" else f"{who}'s"
        strong = f"the strong player's {p.best}" if p.best is not None and p.best != p.tile else "the best play"
        numbers = f"({p.chance_best:.0%} with {strong}, {p.chance_played:.0%} with {whose} {p.tile})"
        change = chance_change(p.chance_best, p.chance_played).replace("goes from", "went from", 1)
        text += f" The chance to {goal} the bid {change} {numbers}."
    return text


#: What each grade means, in plain words, for a choice that changes the chance of winning the
#: game, of making the bid, or of setting it.
_PLAIN = {"blunder": ("a costly choice", "much"), "mistake": ("a poor choice", ""),
          "inaccuracy": ("a slightly weaker choice", "a little")}


def _doing(a: Action | Tile) -> str:
    """A choice as the subject of a sentence: a tile played (``"6-1"``), or the action as a
    noun: ``"passing"``, ``"bidding 5"``, ``"naming fours trump"``."""
    if isinstance(a, Tile) or a.kind == "play":
        return str(getattr(a, "value", a))
    return action_phrase(a, "ing")


def plain_words(x: DecisionReview | PlayReview) -> str:
    """The first line of a graded decision or play, in plain words and no numbers, naming the
    better choice first: ``"6-1 was better: 4-1 is a costly choice that makes the bid much less
    likely to be made"``, ``"6-4 was better: 5-4 is a costly choice that makes setting the bid
    much less likely"``, ``"bidding 5 was better: passing is a poor choice that makes losing
    the game more likely"``."""
    head, how = _PLAIN.get(x.grade or "", ("a fine choice", ""))
    how = f"{how} " if how else ""
    if getattr(x, "game_drop", None):
        effect = f"losing the game {how}more likely"
    elif getattr(x, "points_lost", None):
        effect = ""
    else:
        # A defender's goal said without a double negative: "setting the bid less likely".
        effect = (f"setting the bid {how}less likely" if getattr(x, "goal", "make") == "set"
                  else f"the bid {how}less likely to be made")
    chosen = x.action if isinstance(x, DecisionReview) else x.tile
    best = getattr(x, "best", None)
    if x.grade and best is not None and best != chosen:
        does = "that gives away points on average" if not effect else f"that makes {effect}"
        return f"{_doing(best)} was better: {_doing(chosen)} is {head} {does}"
    if not effect:
        return f"{head}: it gives away points on average"
    return f"{head}: it makes {effect}"


def line_words(p: PlayReview, you: int, players: int) -> str:
    """Why the better play of a graded play was better, as a learner can follow it, from the
    review's :class:`engine.review.LineDifference` (hindsight, labelled as such): where the
    exact solver's best line after each play parts, every hand known; or, when the better
    play takes no more tricks in this deal, that its edge is on the other deals the player
    could not rule out. ``""`` for a play not graded against a better one.

    ``"Why, in hindsight with every hand known: 0-0 keeps 3-1, and you take trick 6 with it;
    after 3-1, Seat 1 takes trick 6 with 6-5."``
    """
    if not p.grade or p.best is None or p.best == p.tile:
        return ""
    who = seat_name(p.seat, you, players)
    mine = who == "You"
    d = p.line
    if d is None:
        values = p.open_values
        if p.best not in values or p.tile not in values or values[p.best] > values[p.tile]:
            return ""  # no line looked at
        could = "you" if mine else who
        return (f"In hindsight, with every hand known, {p.tile} cost nothing in this deal: {p.best} is better "
                f"on the other deals {could} could not rule out.")

    def name(seat: int) -> str:
        n = seat_name(seat, you, players)
        return "you" if n == "You" else n

    def takes(seat: int) -> str:
        return f"{name(seat)} take{'' if seat == you else 's'}"

    if d.better_winner == p.seat and d.better_tile == d.played:
        # The better play keeps the tile played, and that tile takes the trick later.
        first = f"{d.better} keeps {d.played}, and {takes(p.seat)} trick {d.trick} with it"
    elif d.better_winner == p.seat:
        first = f"after {d.better}, {takes(p.seat)} trick {d.trick} with {d.better_tile}"
    else:
        side = "your side" if mine else f"{who}'s side"
        first = f"after {d.better}, trick {d.trick} goes to {side} ({name(d.better_winner)}, with {d.better_tile})"
    return (f"Why, in hindsight with every hand known: {first}; after {d.played}, "
            f"{takes(d.played_winner)} trick {d.trick} with {d.played_tile}.")


def biggest_mistakes(review: HandReview, you: int, players: int, seat: int | None = None, limit: int = 3,
                     numbers: bool = True) -> list[str]:
    """The graded decisions and plays of ``seat`` (everyone's when ``None``), biggest first,
    as markdown lines: the grade mark, then what happened in words, numbers in brackets;
    with ``numbers`` off, the grade in plain words (:func:`plain_words`) and what was chosen.
    Each says why the better choice was better: a play by the lines after it
    (:func:`line_words`, hindsight), a bid or trump by what the hand held with each choice
    (:meth:`engine.review.DecisionReview.why`, from what the player could see)."""
    items = review.mistakes(seat)
    lines = []
    for x in items[:limit]:
        who = seat_name(x.seat, you, players)
        who = "you" if who == "You" else who
        grade = x.grade or ""  # mistakes() gives graded ones only
        mark = GRADE_MARKS.get(grade, "")
        if not numbers:  # plain words only: the grade's mark is one of the numbers
            if isinstance(x, PlayReview):
                why = f" {line_words(x, you, players)}" if line_words(x, you, players) else ""
            else:  # a bid or trump: what in the hand made the better choice better
                why = x.why(who, numbers=False)
            lines.append(f"**{plain_words(x)[0].upper()}{plain_words(x)[1:]}** — {_where(x, who)}.{why}")
            continue
        text = x.describe(who) if isinstance(x, DecisionReview) else _play_sentence(x, who)
        if isinstance(x, PlayReview) and line_words(x, you, players):
            text += f" {line_words(x, you, players)}"
        lines.append(f"**{grade.capitalize()} {mark}** — {text}")
    return lines


def mistakes_heading(review: HandReview, seat: int, limit: int = 3) -> str:
    """The heading over :func:`biggest_mistakes` of ``seat`` (its first ``limit``), saying
    what the list holds: "Your biggest mistakes" only when a mistake or a blunder is among
    them; a list of inaccuracies alone is what could have been better.

    >>> from dataclasses import replace
    >>> from engine import Tile
    >>> slip = PlayReview(1, 2, 0, Tile(3, 2), "set", {Tile(3, 2): 0}, 0, grade="inaccuracy")
    >>> mistakes_heading(HandReview(1, (slip,)), 0)
    '**What could have been better:**'
    >>> mistakes_heading(HandReview(1, (slip, replace(slip, trick=3, grade="mistake"))), 0)
    '**Your biggest mistakes, biggest first:**'
    """
    shown = review.mistakes(seat)[:limit]
    first = ", biggest first" if len(shown) > 1 else ""
    if all(x.grade == "inaccuracy" for x in shown):
        return f"**What could have been better{first}:**"
    return f"**Your biggest mistakes{first}:**" if first else f"**Your {shown[0].grade or 'mistake'}:**"


def _where(x: PlayReview | DecisionReview, who: str) -> str:
    """Where a graded choice was made, in words: ``"trick 6, you played 4-2"``, ``"your bid"``,
    ``"Seat 1's choice of trump"``."""
    if isinstance(x, PlayReview):
        return f"trick {x.trick}, {who} played {x.tile}"
    whose = "your" if who == "you" else f"{who}'s"
    return f"{whose} {_DECISION_WORDS.get(x.kind, x.kind)}"


#: A contract decision as a noun after "your".
_DECISION_WORDS = {"bid": "bid", "discard": "discard", "trump": "choice of trump"}


def principle_lines(record: RecordJSON, review: HandReview, you: int) -> list[str]:
    """The learner's graded plays in ``review`` whose better tile a Play better principle
    picks (:func:`lessons.strategy.review.principle_notes`), as markdown lines that name the
    principle and link to the first level of its stage: ``"Trick 1: You could have drawn
    trumps first with 5-5, your top trump — see [Play better 1: Drawing trumps](/learn?level=draw-trumps-1)"``."""
    return [f"Trick {n.trick}: {n.text} — see [{n.stage}](/learn?level={quote(n.level)})"
            for n in principle_notes(record, review, you)]


def contract_frame(review: HandReview, you: int, players: int) -> pd.DataFrame:
    """One row per reviewed bid, discard and trump choice: who, what, the strong player's
    choice, the grade, and the chances behind it."""
    rows = []
    for d in getattr(review, "decisions", ()):
        rows.append(
            {
                "Decision": {"bid": "Bid", "discard": "Discard", "trump": "Trump"}[d.kind],
                "Player": seat_name(d.seat, you, players),
                "Chose": str(d.action),
                "Grade": _grade_text(d.grade),
                "Strong player": str(d.best),
                "Chance to make (chosen)": None if d.chance_played is None else round(100 * d.chance_played),
                "Chance to make (strong)": None if d.chance_best is None else round(100 * d.chance_best),
                "Points lost": None if d.points_lost is None else round(d.points_lost, 1),
                "Chance to win the game lost": None if d.game_drop is None else round(d.game_drop, 1),
            }
        )
    import pandas as pd

    frame = pd.DataFrame(rows)
    for col in ("Chance to make (chosen)", "Chance to make (strong)", "Points lost", "Chance to win the game lost"):
        if col in frame.columns:
            frame[col] = pd.to_numeric(frame[col], errors="coerce")
    # A bid is graded in points or in the chance to win the game: show the one in use.
    empty = [c for c in ("Points lost", "Chance to win the game lost") if c in frame.columns and frame[c].isna().all()]
    frame = frame.drop(columns=empty)
    return frame


def review_frame(review: HandReview, you: int, players: int, only_seat: int | None = None,
                 numbers: bool = True) -> pd.DataFrame:
    """One row per play: trick, player, tile, grade, the better play (from what the player
    could see), the hindsight; with ``numbers``, the chances behind them too."""
    rows = []
    for p in review.plays:
        if only_seat is not None and p.seat != only_seat:
            continue
        better = str(p.best) if p.grade and p.best is not None and p.best != p.tile else ""
        row: dict[str, object] = {
            "Trick": p.trick,
            "Player": seat_name(p.seat, you, players),
            "Played": str(p.tile),
            "Grade": _grade_text(p.grade),
            "Better play": better,
            "Hindsight": " or ".join(str(t) for t in p.open_best) if p.tricks_lost else "",
        }
        if numbers:
            row.update({
                "Chance after the play": None if p.chance_played is None else round(100 * p.chance_played),
                "Chance after the best play": None if p.chance_best is None else round(100 * p.chance_best),
                "Tricks lost (all hands known)": p.tricks_lost,
                "Goal": "make the bid" if p.goal == "make" else "set the bid",
            })
        rows.append(row)
    import pandas as pd

    return pd.DataFrame(rows)


def grades_note(review: HandReview) -> str:
    """What the grades mean, under the numbers: a play, discard or trump by the drop in the
    chance to make (or set) the bid; a bid or pass by what the strong player weighed it by
    in this review (the chance of winning the game from the score, or the points expected)."""
    plays = ("for a play, discard or trump, a drop of 5 points in the chance to make (or set) the bid "
             "is an inaccuracy, 10 a mistake, 15 a blunder")
    bids = [d for d in getattr(review, "decisions", ()) if d.kind == "bid"]
    by_game = any(d.game_drop is not None for d in bids)
    by_points = any(d.game_drop is None and d.points_lost is not None for d in bids)
    parts = [plays]
    if by_game:
        parts.append("for a bid or pass, a drop of 5 percentage points in the chance of winning the game "
                     "(from the score as it stood) is an inaccuracy, 10 a mistake, 15 a blunder")
    if by_points:
        parts.append("for a bid or pass, 1 point expected to be lost is an inaccuracy, 2 a mistake, "
                     "3 a blunder")
    marks = " ".join(f"{mark} {name}" for name, mark in GRADE_MARKS.items())
    return (f"Grades compare each choice with the one the strong player makes from what that player could "
            f"see: {'; '.join(parts)}. *Tricks lost* is the exact count with all hands known (hindsight). {marks}")


def no_mistakes_heading(review: HandReview, seat: int) -> str:
    """The heading of a review with no graded choice of ``seat``: it counts what is graded
    (the seat's plays are graded one by one in the table, and it says so), and when some
    bid, discard or trump of the seat differs from the strong player's without being
    graded, it says those lines below are comparisons, not mistakes."""
    differs = [d for d in getattr(review, "decisions", ()) if d.seat == seat and not d.grade and not d.agrees]
    n = sum(1 for p in review.plays if p.seat == seat)
    plays = ("" if not n else " Your one play is graded in the table below." if n == 1
             else f" Each of your {n} plays is graded in the table below.")
    if differs:
        lines = "the line below says so" if len(differs) == 1 else "the lines below say so"
        return ("**No mistakes of yours in this hand:** every choice of yours is graded good. Where the strong player "
                f"would have chosen otherwise, {lines} for comparison.{plays}")
    return f"**No mistakes of yours in this hand:** the strong player agrees with your choices, or nearly.{plays}"


def bid_set_line(game: Game, review: HandReview | None, you: int, numbers: bool = True) -> str | None:
    """Why the bid of the learner's side was set, in plain words, for the finished hand
    ``game`` (the game at the end of that hand): the tricks the other side took and with what,
    and for the learner's own bid its verdict (``review``), in agreement with the bid's own line:
    a bid graded good that was likely to make (its chance in a band of :data:`LIKELY`) and that the strong
    player would also have bid is a good bid, and the hindsight says whether the tiles went
    against it (no play could have made it with every hand known) or the play lost it
    (:func:`_how_it_fell`); an ungraded long shot is
    called one; an ungraded bid where the strong player passes says so. ``None`` when the
    learner's side did not bid or made it. Without ``numbers`` the chance is said in words
    alone.

    ``"**Why your bid of 6 was set:** you took 5 of the 6 tricks you needed. Seat 1 took trick 2
    with 6-6 and trick 4 with 4-4. The bid was good (it was likely to make, 71%): the tiles lay
    against you. Even with every hand known, no play would have taken 6 tricks."``
    """
    rules = game.rules
    result = game.results[-1] if game.results else None
    if result is None or result.thrown_in or result.bidder is None or result.bid is None or result.made:
        return None
    side = rules.side_of(you)
    if rules.side_of(result.bidder) != side:
        return None
    need = tricks_needed(result.bid)
    took = result.side_tricks[side]
    whose = "your" if result.bidder == you else "your partner's"
    subject = "you" if rules.players == 3 else "your team"
    head = (f"**Why {whose} bid of {result.bid} was set:** {subject} took {took} of the {need} "
            f"trick{'s' if need != 1 else ''} {'you' if rules.players == 3 else 'it'} needed.")
    taken: dict[int, list[str]] = {}
    for number, trick in enumerate(game.view(you).tricks, start=1):
        if rules.side_of(trick.winner) != side:
            tile = trick.tiles[trick.seats.index(trick.winner)]
            taken.setdefault(trick.winner, []).append(f"trick {number} with {tile}")
    lines = [f"{seat_name(seat, you, rules.players)} took {join_words(tricks)}." for seat, tricks in sorted(taken.items())]
    verdict = ""
    mine = [d for d in getattr(review, "decisions", ()) if d.kind == "bid" and d.seat == you
            and d.action.kind != "pass"] if review is not None else []
    if mine and result.bidder == you:
        d = mine[-1]
        cp = d.chance_played
        if not d.grade and cp is not None and chance_band(cp) in LIKELY and d.best.kind != "pass":
            figure = f", {cp:.0%}" if numbers else ""
            verdict = f" The bid was good (it was {chance_words(cp)} to make{figure}){_how_it_fell(game, review, you)}"
        elif not d.grade and cp is not None and chance_band(cp) not in LIKELY:
            # Not graded, yet not a bid the tiles simply went against: a long shot. Say so, as
            # the bid line does (an ungraded bid's line comes below this one, a graded bid's
            # among the mistakes above).
            why = ("the strong player would have bid it too" if d.agrees
                   else "the bid line below says why it is not counted a mistake")
            figure = f" ({cp:.0%})" if numbers else ""
            verdict = f" The bid was {chance_words(cp)} to make{figure}, so being set was no surprise; {why}."
            later = _graded_after_bid(review, you)
            if later is not None:  # the discard or the trump made it worse: say so here too
                a = "an" if later.grade == "inaccuracy" else "a"
                verdict += f" Besides, {action_phrase(later.action, 'ing')} was graded {a} {later.grade}: see above."
        elif not d.grade and d.best.kind == "pass":
            verdict = (" The strong player would have passed; the bid line below says why your bid is not "
                       "counted a mistake.")
        elif not d.grade:
            verdict = " The bid is not graded a mistake: see the bid line below."
        else:
            verdict = f" The bid itself was graded a {d.grade}: see above."
    return " ".join([head, *lines]) + verdict


def _graded_after_bid(review: HandReview | None, you: int) -> DecisionReview | None:
    """The learner's first graded discard or trump choice in ``review`` (``None`` if none)."""
    graded = [d for d in getattr(review, "decisions", ()) if d.seat == you and d.kind != "bid" and d.grade]
    return graded[0] if graded else None


def _how_it_fell(game: Game, review: HandReview | None, you: int) -> str:
    """How a good bid of the learner's side went down, checked against every hand known (the
    review's open-hands values at the side's first play): ``": the tiles lay against you.
    Even with every hand known, no play would have taken 5 tricks."`` when no play could
    have made it; when some could, that the play lost it: the graded plays above, or, with
    none graded, the hindsight (a play best from what the player could see, not a mistake)."""
    result = game.results[-1]
    assert result.bid is not None
    rules = game.rules
    side = rules.side_of(you)
    need = tricks_needed(result.bid)
    d = _graded_after_bid(review, you)
    if d is not None:  # the discard or the trump: the bid was good, the choice after it was not
        a = "an" if d.grade == "inaccuracy" else "a"
        return f", but {action_phrase(d.action, 'ing')} was graded {a} {d.grade}: see above."
    plays = [p for p in (review.plays if review is not None else ()) if rules.side_of(p.seat) == side]
    if not plays:
        return "."
    first = min(plays, key=lambda p: p.trick)
    before = sum(1 for t in game.view(you).tricks[: first.trick - 1] if rules.side_of(t.winner) == side)
    if before + max(first.open_values.values()) < need:
        return (f": the tiles lay against you. Even with every hand known, no play would have taken "
                f"{need} tricks.")
    if any(p.grade for p in plays):
        return ", but it was lost in the play: see the mistakes above."
    lost = [p for p in plays if p.tricks_lost]
    where = ("; the Hindsight column of the table below shows where" if lost else "")
    return f". With every hand known it could have been made, but no play was a mistake from what could be seen{where}."


def review_summary(review: HandReview, you: int, players: int) -> str:
    """``"Your decisions and plays: 1 inaccuracy, no mistakes, no blunders. Computer players: ..."``."""

    def count(seats: set[int]) -> str:
        graded = [*(p.grade for p in review.plays if p.seat in seats),
                  *(d.grade for d in getattr(review, "decisions", ()) if d.seat in seats)]
        parts = []
        for g in ("inaccuracy", "mistake", "blunder"):
            n = sum(1 for x in graded if x == g)
            word = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}[g] if n != 1 else g
            parts.append(f"{n if n else 'no'} {word}")
        return ", ".join(parts)

    others = {s for s in range(players) if s != you}
    return f"**Your decisions and plays:** {count({you})}. **Computer players' plays:** {count(others)}."
