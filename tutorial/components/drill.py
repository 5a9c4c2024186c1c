"""Play it out: the drill at the end of every Play better stage, on Learn.

The learner plays the stage's prepared position (:func:`lessons.strategy.drill.drill_of`) to
the end of the hand against the strong computer players, seeing only their own seat: their
hand, the trick in progress, the tricks so far with who played what. Then the page says how it
went against the best line in expectation (:meth:`~lessons.strategy.drill.DrillPlay.result`).
Each finished try is stored like an answer to a level (its id the drill's), and the stars follow
the course's one rule: a try is right when the learner kept to the principle to the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import streamlit as st

from content.stars import MAX_STARS
from engine import Tile
from lessons.strategy.drill import Drill, DrillPlay, DrillResult, drill_of
from store.events import LessonAnswer
from tutorial.components import events, profile, state
from tutorial.components.tiles import Shown, clickable_tiles, is_trump, show_row
from tutorial.services import describe as words

if TYPE_CHECKING:
    from lessons import Stage

__all__ = ["STAR_RULE", "Tries", "answer_of", "section"]

#: The drill's star rule, as the learner reads it.
STAR_RULE = ("★★★ kept to the principle at the first try · ★★ at the second · ★ later "
             "(the tricks of one deal are luck, the decisions are not)")


@dataclass
class Tries:
    """The learner's tries at one drill in this session: ``misses`` the finished tries that left
    the principle since the last one that kept to it, and the try on the table (``play``)."""

    misses: int = 0
    play: DrillPlay | None = None
    started: int = 0


def answer_of(result: DrillResult, try_number: int) -> LessonAnswer:
    """A finished try as a stored answer: the drill's id and stage, the tiles played, right when
    the learner kept to the principle."""
    return LessonAnswer(level_id=result.drill.id, stage_id=result.drill.stage,
                        answer=[str(t) for t in result.played], correct=result.kept, try_number=try_number,
                        hints=0)


def _tries(drill_id: str) -> Tries:
    store: dict[str, Tries] = st.session_state.setdefault(state.LEARN_DRILL, {})
    if drill_id not in store:
        store[drill_id] = Tries()
    return store[drill_id]


def _start(d: Drill) -> None:
    t = _tries(d.id)
    t.started += 1
    t.play = DrillPlay(d, attempt=t.started)


def _play(d: Drill, tile: str) -> None:
    t = _tries(d.id)
    p = t.play
    if p is None or Tile.parse(tile) not in p.legal():  # none once the hand is over
        return
    p.play(Tile.parse(tile))
    if p.finished:
        res = p.result()
        events.send(answer_of(res, t.misses + 1))
        t.misses = 0 if res.kept else t.misses + 1


#: How a drill's stars stand to its stage's: the stage counts its levels' stars only.
DRILL_APART = "kept apart: not counted in the stage's stars"


def _stars_text(n: int) -> str:
    return "★" * n + "☆" * (MAX_STARS - n)


def _seat(seat: int, you: int, players: int, start: bool = True) -> str:
    """"You" (or "you" inside a sentence) for the learner's seat, else the seat as the Play
    table names it: "Seat N", "Seat N (partner)" with four players."""
    if seat == you:
        return "You" if start else "you"
    return words.seat_name(seat, you, players)


def _table(p: DrillPlay) -> None:
    """What the learner's seat sees: the contract, the tricks taken, the last trick, the trick
    in progress, every trick so far, and their hand to play from."""
    view = p.view()
    you = p.seat
    n = view.rules.players
    trump = view.trump
    assert view.bidder is not None
    seat = "" if n == 3 else words.seat_line(you) + " "  # four players: "you" and "your partner" by seat
    st.markdown(f"{seat}Trump: **{words.trump_label(trump)}** · Contract: {_seat(view.bidder, you, n, False)} bid "
                f"{words.bid_label(view.bid or 0)} · Tricks taken: "
                + ", ".join(f"{_seat(s, you, n, False)}: {k}" for s, k in enumerate(view.tricks_won)))
    if view.tricks:
        last = view.tricks[-1]
        took = _seat(last.winner, you, n, False)
        st.markdown(f"**The last trick** ({took} took it)")
        show_row([Shown(t, _seat(s, you, n) + (" led" if i == 0 else ""), trump=is_trump(t, trump))
                  for i, (s, t) in enumerate(zip(last.seats, last.tiles, strict=True))], base=0.7,
                 label="The last trick")
    if view.current_trick:
        assert view.leader is not None
        st.markdown("**The trick so far**")
        show_row([Shown(t, _seat((view.leader + i) % n, you, n) + (" led" if i == 0 else ""), trump=is_trump(t, trump))
                  for i, t in enumerate(view.current_trick)], label="The trick so far")
    if view.tricks:
        with st.expander(f"The tricks so far ({len(view.tricks)})"):
            st.markdown("\n".join(
                f"{k}. " + ", ".join(f"{_seat(s, you, n, i == 0)} {'led' if i == 0 else 'played'} {t}"
                                     for i, (s, t) in enumerate(zip(tr.seats, tr.tiles, strict=True)))
                + f"; {_seat(tr.winner, you, n, False)} took it." for k, tr in enumerate(view.tricks, start=1)))
    if p.finished:
        return
    legal = p.legal()
    st.markdown("**Your hand** — your turn")
    blocked = {t: view.explain(t).text for t in view.hand if t not in legal}
    clickable_tiles(list(view.hand), key="drill-tiles", verb="Play", trump=trump, blocked=blocked,
                    on_click=lambda t: _play(p.drill, str(t)))


def _result(p: DrillPlay) -> None:
    res = p.result()
    text = "  \n".join(res.lines())
    if res.kept and res.achieved:
        st.success(f"**Hand over.** {text}", icon=":material/check_circle:")
    elif res.kept:  # the principle kept, the hand lost: the lines say where it went
        st.info(f"**Hand over.** {text}", icon=":material/school:")
    else:
        st.warning(f"**Hand over.** {text}", icon=":material/school:")
    with st.expander("The numbers behind it"):
        st.markdown("\n".join(f"- {line}" for line in res.numbers()))


def section(stage: Stage, level_id: str | None = None) -> None:
    """The drill of a Play better stage (nothing for a rules stage), under the level whose
    position it plays; under the stage's other levels (``level_id``) only a line saying which
    level has it. A try finished and left (another level opened) is put away, so the drill
    opens fresh next time; a try still being played stays where it was."""
    if getattr(stage, "part", "rules") != "play-better":
        return
    d = drill_of(stage)
    t = _tries(d.id)
    number = next(i for i, lv in enumerate(stage.levels, start=1) if lv.id == d.level)
    here = level_id is None or level_id == d.level
    for other_id, other in st.session_state.get(state.LEARN_DRILL, {}).items():
        if other.play is not None and other.play.finished and not (here and other_id == d.id):
            other.play = None  # a finished try left behind: the drill opens fresh when it is back
    if not here:
        with st.container(key="learn-drill-elsewhere"):
            going = " (your try is waiting there)" if t.play is not None else ""
            st.caption(f"This stage's **Play it out** drill plays Level {number}'s position to the end of the "
                       f"hand{going}.")
            st.page_link("views/learn.py", label=f"Go to Level {number}", query_params={"level": d.level},
                         icon=":material/arrow_forward:")
        return
    p = t.play
    with st.container(border=True, key="learn-drill"):
        st.markdown("### Play it out")
        st.markdown("Play the position above to the end of the hand against the strong computer "
                    "players. You see only your own seat, as at the table. Then you see how it went against the "
                    "best line on average from the same position, and the first decision where you left "
                    "the principle, if you did.")
        summary = profile.progress()
        if p is None and not t.started and summary.stars.get(d.level, 0) == 0 and d.id not in summary.stars:
            # The result names the best tile of the drill's first decision: not before its level is answered.
            st.info("Answer the question above first: the drill starts from its position, and the result "
                    "of a try would show its answer.", icon=":material/lock:")
        elif p is None:
            st.button("Play it out", key="drill-start", type="primary", on_click=_start, args=(d,),
                      icon=":material/play_arrow:")
        else:
            _table(p)
            if p.finished:
                _result(p)
                st.button("Play it again", key="drill-again", on_click=_start, args=(d,), icon=":material/replay:")
        best = summary.stars.get(d.id, 0)
        st.caption(f"Your best on this drill: {_stars_text(best)} ({DRILL_APART}) · Stars: {STAR_RULE}.")
