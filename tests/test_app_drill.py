"""AppTest: Play it out, the drill under a Play better stage on Learn (played to the end of the
hand, the result against the best line, replayed, stored and kept in the progress file)."""

from __future__ import annotations

import json
from typing import Any

from engine.words import tricks_average
from lessons.strategy.principles import principle
from tutorial.services.items import course
from tutorial.services.progress import check_file
from tutorial.testing import errors, keys, open_app, texts

DRILL = "pb-draw-trumps-drill"


def _open(stage_id: str, answered: bool = True) -> Any:  # Any: the AppTest of the Learn page
    """Learn on the stage's drill level (its first level for a rules stage); with ``answered``,
    the drill's level answered right (a drill opens only then: its result shows that level's
    answer)."""
    from lessons.strategy.drill import drill_of
    from store.stats import Summary

    stage = course().stage(stage_id)
    first = drill_of(stage).level if stage.part == "play-better" else stage.levels[0].id
    state: dict[str, object] = {"learn-stage": stage.id, "learn-level": first}
    if answered and stage.part == "play-better":
        state["moon_progress"] = Summary(stars={drill_of(stage).level: 1})
    return open_app("learn", state=state)


def _play_out(at: Any, first: str | None = None, drill_id: str = DRILL) -> None:  # Any: the AppTest of the Learn page
    """Click tiles to the end of the hand of the drill ``drill_id``: ``first`` at the first turn,
    then the drill's principle's tile wherever it picks one, else the first legal tile."""
    while True:
        play = at.session_state["moon_learn_drill"][drill_id].play
        if play.finished:
            return
        p = principle(play.drill.principle)
        view = play.view()
        pick = p.rule(view) if p.applies(view) else None
        tile = first if first is not None else str(pick if pick is not None else play.legal()[0])
        first = None
        at.button(key=f"drill-tiles-btn-{tile.replace('-', '')}").click().run()
        assert not at.exception, errors(at)


def test_a_rules_stage_has_no_drill() -> None:
    at = _open(course().stages[0].id)
    assert not keys(at, "drill-")


def test_the_drill_opens_once_its_level_is_answered() -> None:
    """A try's result names the best tile of the drill's first decision, which is its level's
    answer: before that level is answered right the drill says so and cannot be started."""
    from lessons.strategy.drill import drill_of

    stage = course().stage("pb-cash-walkers")
    assert drill_of(stage).level
    at = _open("pb-cash-walkers", answered=False)
    assert not at.exception, errors(at)
    assert not keys(at, "drill-start")
    assert any("Answer the question above first" in i.value for i in at.info), [i.value for i in at.info]
    at = _open("pb-cash-walkers")
    assert keys(at, "drill-start") and not any("first:" in i.value for i in at.info)


def test_the_drill_played_to_the_end_by_the_principle_then_left_on_a_replay() -> None:
    # Giving up a trick cheaply (four players, the learner a defender): a drill whose first
    # try by the principle misses its goal (found with ``python -m bench.drill_scenes``).
    stage, drill_id = "pb-give-up-cheaply", "pb-give-up-cheaply-drill"
    at = _open(stage)
    assert not at.exception, errors(at)
    assert any(m.value == "### Play it out" for m in at.markdown)
    at.button(key="drill-start").click().run()
    play = at.session_state["moon_learn_drill"][drill_id].play
    drill = play.drill
    # Only the learner's seat: their hand as buttons, no other seat's tiles on the page.
    hand = {f"drill-tiles-btn-{t.high}{t.low}" for t in play.view().hand}
    assert set(keys(at, "drill-tiles-btn-", enabled=False)) == hand
    others = [t for s in range(drill.rules.players) if s != drill.seat for t in play.game.hands[s]]
    page = " ".join(m.value for m in at.markdown)
    assert all(f'aria-label="{t}' in page for t in play.view().hand)
    assert not any(f'aria-label="{t}' in page for t in others)
    _play_out(at, drill_id=drill_id)
    # This deal, played by the principle, is lost: the result names the decisions where the
    # tricks went and says plainly why the stars are full, in an info box, not a success.
    res = play.result()
    assert not res.achieved and res.costly
    said = at.info[-1].value
    assert not at.success and "Hand over." in said and f"{tricks_average(drill.best_tricks)} on average" in said
    assert "You kept to the principle" in said and "The tricks went at decisions this principle does not judge" in said
    for c in res.costly:
        d = c.decision
        assert f"Trick {d.trick}: you {'led' if d.led else 'played'} {d.played};" in said, said
    assert "Your stars are for keeping to the principle" in said
    assert at.session_state["moon_progress"].stars[drill_id] == 3
    # Replay, leaving the principle at once: the warning names the trick and the tiles.
    at.button(key="drill-again").click().run()
    lv = course().level(drill.level)
    sums = lv.task.param("tricks")
    worst = min(sums, key=lambda t: (sums[t], t))
    _play_out(at, first=worst, drill_id=drill_id)
    warned = at.warning[0].value
    assert f"Trick 1: you played {worst}, where Giving up a trick cheaply picks {drill.best}" in warned
    assert at.session_state["moon_progress"].stars[drill_id] == 3  # the best try is kept
    # A right try after one that left the principle: two stars, by the course's rule.
    at.button(key="drill-again").click().run()
    _play_out(at, drill_id=drill_id)
    assert at.session_state["moon_progress"].last_stars[drill_id] == 2


def test_a_progress_file_may_name_the_drills() -> None:
    from store import transfer
    from store.stats import Summary

    saved = transfer.summary_dict(Summary(stars={DRILL: 2, "tiles-sixes": 3}))
    assert check_file(json.dumps(saved))["stars"] == {DRILL: 2, "tiles-sixes": 3}


def test_learn_reopens_after_the_stage_of_the_drill_answered_last() -> None:
    """A drill's try is the learner's last answer: Learn reopens at the next stage's first
    level, not at the first level of the course without three stars."""
    from store.stats import Summary
    from tutorial.services.progress import resume_level

    c = course()
    stage = c.stage("pb-draw-trumps")
    following = c.stages[c.stages.index(stage) + 1]
    summ = Summary(stars=dict.fromkeys([lv.id for lv in stage.levels], 3), last_level=DRILL)
    assert resume_level(c, summ) == following.levels[0].id


def test_the_level_drill_and_stage_stars_tell_one_story() -> None:
    """"Your best on this level: ★★☆" beside "Your best on this drill: ★★★" and a stage total
    counting only the first: each label says what it counts, and the stage line shows the
    drill's stars apart, not counted."""
    from lessons.strategy.drill import drill_of
    from store.stats import Summary

    stage = course().stage("pb-draw-trumps")
    d = drill_of(stage)
    at = open_app("learn", state={"learn-stage": stage.id, "learn-level": d.level,
                                  "moon_progress": Summary(stars={d.level: 2, d.id: 3})})
    assert not at.exception, errors(at)
    shown = texts(at)
    n = len(stage.levels)
    assert f"This stage: 2 of {3 * n} stars, from its {n} levels · Play it out drill: ★★★ (not counted here)" in shown
    assert "Your best on this level: ★★☆ (counted in this stage's stars)" in shown
    assert "Your best on this drill: ★★★ (kept apart: not counted in the stage's stars)" in shown
