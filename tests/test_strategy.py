"""Play better: the fair answer, the margin filter, the seeded generator and the shipped
positions, each recomputed with the engine."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine import Game, Tile
from engine.strategy import CHANCE_MARGIN, TRICK_MARGIN, fair_answer
from lessons import load_course
from lessons.strategy import PRINCIPLES, principle
from lessons.strategy.generate import PER_STAGE, game_of, recheck, stage_path, stage_text

COURSE = load_course()
BETTER = [s for s in COURSE.stages if s.part == "play-better"]
LEVELS = [lv for s in BETTER for lv in s.levels]


def test_every_principle_has_a_stage_of_positions_in_its_numbers_of_players() -> None:
    assert [s.id for s in BETTER] == [f"pb-{p.id}" for p in PRINCIPLES]
    for s, p in zip(BETTER, PRINCIPLES, strict=True):
        assert len(s.levels) >= PER_STAGE >= 8, s.id
        assert {lv.position.players for lv in s.levels} == set(p.players), s.id
    assert {lv.position.players for lv in LEVELS} == {3, 4}


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS if lv.stage in ("pb-defend-together", "pb-partners")])
def test_not_overtaking_positions_leave_the_trick_with_the_learners_side(level_id: str) -> None:
    """Another seat of the learner's side is winning, no opponent plays after the learner, the
    learner could overtake, and the answer does not."""
    from engine.play import trick_winner
    from engine.players.facts import seat_goal

    view = COURSE.level(level_id).task.view
    assert view.trump is not None and view.leader is not None and view.current_trick
    n = view.rules.players
    side = set(seat_goal(view).seats)
    holder = (view.leader + trick_winner(view.current_trick, view.trump)) % n
    assert holder != view.seat and holder in side
    after = [(view.seat + k) % n for k in range(1, n - len(view.current_trick))]
    assert all(s in side for s in after)
    answer = COURSE.level(level_id).answer()
    assert trick_winner((*view.current_trick, answer), view.trump) != len(view.current_trick)
    takes = [t for t in COURSE.level(level_id).task.tricks
             if trick_winner((*view.current_trick, t), view.trump) == len(view.current_trick)]
    assert takes


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS])
def test_shipped_position_is_recomputed_by_the_engine(level_id: str) -> None:
    assert recheck(COURSE.level(level_id)) == []


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS])
def test_each_wrong_tile_has_its_own_explanation(level_id: str) -> None:
    level = COURSE.level(level_id)
    legal = sorted(level.task.tricks)
    texts = set()
    for t in legal:
        fb = level.grade(str(t))
        if t == level.answer():
            assert fb.correct
        else:
            assert not fb.correct and fb.code == "worse-in-expectation"
            assert fb.text.startswith(str(t)) and str(level.answer()) in fb.text
            texts.add(fb.text)
    assert len(texts) == len(legal) - 1


def test_stage_explanation_never_names_an_answer_of_its_stage() -> None:
    for s in BETTER:
        for lv in s.levels:
            assert str(lv.answer()) not in s.summary, (s.id, lv.id)


@pytest.mark.parametrize("pid", ["give-up-cheaply"])
def test_regenerating_gives_the_same_file(pid: str) -> None:
    i = next(k for k, p in enumerate(PRINCIPLES) if p.id == pid)
    p = principle(pid)
    assert stage_text(i, p) == stage_path(i, p).read_text(encoding="utf-8")


def test_a_position_without_the_margin_is_not_clear() -> None:
    # The opening lead of a deal where several tiles do about as well.
    g = Game.new(seed=11)
    for a in ["bid 4", "pass", "pass"]:
        g.apply(a)
    while str(g.phase) != "playing":
        g.apply(g.legal_actions()[0])
    fa = fair_answer(g.view(g.to_act), samples=200, seed=1)
    near = [t for t, (mt, mc) in fa.margins().items() if mt < TRICK_MARGIN and mc < CHANCE_MARGIN]
    assert fa.clear_best() == (not near)


def test_the_level_replays_to_the_same_fair_answer() -> None:
    level = LEVELS[0]
    task = level.task
    g = game_of(level.position.rules, int(task.param("seed")), list(task.param("actions")))
    view = g.view(g.to_act)
    fa = fair_answer(view, samples=int(task.param("layouts")), seed=int(task.param("seed")))
    assert str(fa.best) == str(level.answer())
    assert fa.layouts == int(task.param("layouts")) <= fa.total_layouts


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS])
def test_first_hint_after_a_worse_tile_says_what_it_gives_up_without_the_answer(level_id: str) -> None:
    level = COURSE.level(level_id)
    for t in level.task.tricks:
        if t != level.answer():
            hint = level.first_hint(level.grade(str(t)))
            assert hint.startswith(str(t)) and str(level.answer()) not in hint


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS])
def test_export_row_carries_what_an_outside_program_needs(level_id: str) -> None:
    level = COURSE.level(level_id)
    row = level.export("course")
    deal, rules = row["deal"], level.position.rules
    assert isinstance(deal, dict) and isinstance(row["tricks_played"], list)
    tiles = [t for h in deal["hands"] for t in h] + list(deal["widow"])
    assert sorted(tiles) == sorted(str(t) for t in rules.tiles)
    seat = row["seat"]
    played = {t for tr in row["tricks_played"] for _s, t in tr["plays"]}
    progress = row["trick_in_progress"]
    assert isinstance(progress, dict)
    played |= {t for _s, t in progress["plays"]}
    assert played == {str(t) for t in level.position.played} | {str(t) for t in level.position.trick}
    start = set(deal["hands"][seat]) | (set(deal["widow"]) if seat == row["bidder"] and rules.players == 3 else set())
    held = start - played - ({row["discard"]} if seat == row["bidder"] else set())
    assert held == {str(t) for t in level.position.hand(seat)}
    assert row["accepted"] == [str(level.answer())] and row["principle"] == level.task.param("principle")


def test_a_sampled_margin_is_trusted_only_down_to_its_95_percent_bound() -> None:
    from engine.strategy import FairAnswer
    from engine.tiles import Tile

    a, b = Tile(6, 6), Tile(5, 0)
    per = tuple({a: 2 if i % 2 else 1, b: 1} for i in range(40))  # a is 0.5 tricks better on average
    args = dict(seat=0, side=(0,), layouts=40, total_layouts=40, tricks={a: 1.5, b: 1.0},
                chance={a: 50.0, b: 0.0}, per_layout=per, need=2)
    exact = FairAnswer(exhaustive=True, **args)  # type: ignore[arg-type]
    sampled = FairAnswer(exhaustive=False, **{**args, "total_layouts": 10**6})  # type: ignore[arg-type]
    assert exact.margin(b) == (0.5, 50.0)
    low_t, low_c = sampled.margin(b)
    assert 0.25 < low_t < 0.5 and 35 < low_c < 50  # mean - 1.645 standard errors
    assert exact.clear_best() and sampled.clear_best()
    noisy = tuple({a: 3 if i % 4 == 0 else 1, b: 1} for i in range(8))  # 0.5 better, but 8 layouts
    few = FairAnswer(exhaustive=False, **{**args, "layouts": 8, "per_layout": noisy,  # type: ignore[arg-type]
                                          "chance": {a: 25.0, b: 0.0}, "need": 3})
    assert few.margin(b)[0] < 0.25 and few.margin(b)[1] < 10 and not few.clear_best()


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS if lv.stage == "pb-draw-trumps"])
def test_a_drawing_trumps_position_asks_which_trump_not_whether_to_lead_the_only_one(level_id: str) -> None:
    """With one trump in hand, marked as one, the answer would be found by elimination."""
    view = COURSE.level(level_id).task.view
    assert view.trump is not None
    assert sum(1 for t in view.hand if view.trump.is_trump(t)) >= 2


@pytest.mark.parametrize("stage_id", [s.id for s in BETTER])
def test_no_answer_is_found_by_its_place_or_its_kind_alone(stage_id: str) -> None:
    """The answer's place in the hand row varies, and it is never the only tile of the class
    the principle names (the only trump, the only double)."""
    from lessons.strategy.generate import giveaways

    assert giveaways(COURSE.stage(stage_id)) == []


def test_the_giveaway_check_finds_a_stage_answered_by_the_first_tile() -> None:
    from types import SimpleNamespace

    from lessons.strategy.generate import giveaways

    stage = COURSE.stage("pb-give-up-cheaply")
    first = [lv for lv in stage.levels if lv.position.hand(lv.position.to_play)[0] == lv.answer()]
    assert first  # the stage has answers at the first place ...
    same = SimpleNamespace(id=stage.id, levels=first * 8)
    assert any("tile 1 from the left" in m for m in giveaways(same))  # ... and eight of them are refused


def test_every_trump_kind_is_taught() -> None:
    """Numbers, doubles and no trump: the no-trump stage's deals name the kinds the basic
    players never name, half each, and the answer is a tile no unseen tile beats."""
    from lessons.strategy.principles import beaters

    kinds = [str(lv.task.view.trump.kind) for lv in LEVELS if lv.task.view.trump is not None]
    assert {"number", "doubles", "none"} <= set(kinds)
    stage = [lv for lv in LEVELS if lv.stage == "pb-no-trump-doubles"]
    assert sorted(str(lv.task.view.trump.kind) for lv in stage) == ["doubles"] * 4 + ["none"] * 4
    for lv in stage:
        assert not beaters(lv.task.view, lv.answer()), lv.id


@pytest.mark.parametrize("pid", ["partners", "no-trump-doubles"])
def test_regenerating_a_new_stage_gives_the_same_file(pid: str) -> None:
    i = next(k for k, p in enumerate(PRINCIPLES) if p.id == pid)
    p = principle(pid)
    assert stage_text(i, p) == stage_path(i, p).read_text(encoding="utf-8")


def test_counting_and_keeping_stages_ship_eight_positions_with_three_and_four_players() -> None:
    """The stages the next four tests run over are there (an empty stage would run none)."""
    for sid in ("pb-count-out", "pb-keep-later"):
        levels = [lv for lv in LEVELS if lv.stage == sid]
        assert len(levels) >= PER_STAGE and {lv.position.players for lv in levels} == {3, 4}, sid


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS if lv.stage == "pb-count-out"])
def test_a_counting_position_is_decided_by_the_voids_shown_in_play(level_id: str) -> None:
    """The answer is a tile some unseen tile could beat (so counting the unseen tiles alone
    does not find it), yet every seat against the learner that could hold such a tile has
    shown by not following that it holds none; every other tile can be beaten from a seat
    against the learner. Forget the voids and the answer is no longer sure."""
    from lessons.strategy.principles import beaters, counted_winners, opponents_who_can_beat

    level = COURSE.level(level_id)
    view, answer = level.task.view, level.answer()
    assert beaters(view, answer) and opponents_who_can_beat(view, answer) == []
    assert counted_winners(view) == [answer]
    for t in view.hand:
        if t != answer:
            assert opponents_who_can_beat(view, t), t
    # Each tile that beats the answer is kept from every seat against the learner by a suit
    # that seat did not follow.
    from engine.players.facts import seat_goal

    assert view.trump is not None
    side, voids = set(seat_goal(view).seats), view.voids()
    for b in beaters(view, answer):
        for s in set(voids) - side:
            assert any(view.trump.follows(b, suit) for suit in voids[s]), (b, s)


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS if lv.stage == "pb-keep-later"])
def test_a_keeping_position_gives_up_a_tile_that_looks_bigger_than_a_sure_trick(level_id: str) -> None:
    """No tile takes the trick; the tile that ranks least (the one "Giving up a trick cheaply"
    would throw) is a sure trick later, and the answer is the least of the tiles that can
    still be beaten."""
    from engine.play import trick_winner
    from engine.players.facts import keep_value
    from lessons.strategy.principles import beaters

    level = COURSE.level(level_id)
    view, answer = level.task.view, level.answer()
    assert view.trump is not None
    legal = sorted(level.task.tricks, key=lambda t: keep_value(t, view.trump))  # type: ignore[arg-type]
    n = len(view.current_trick)
    assert not any(trick_winner((*view.current_trick, t), view.trump) == n for t in legal)
    assert not beaters(view, legal[0]) and legal[0] != answer
    assert principle("give-up-cheaply").rule(view) == legal[0] != answer
    assert beaters(view, answer)
    assert all(keep_value(answer, view.trump) < keep_value(t, view.trump) for t in legal if beaters(view, t) and t != answer)


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS if lv.stage in ("pb-cash-walkers", "pb-count-out",
                                                                             "pb-keep-later", "pb-lead-through",
                                                                             "pb-lead-to-partner")])
def test_the_generator_finds_a_rare_stages_position_again_from_its_seed(level_id: str) -> None:
    """The rare stages search thousands of deals, too many to regenerate in the suite (cashing
    sure tricks while the bid is open: over 12000): each position is found again from its own
    seed (one deal) and written the same."""
    import tomllib

    from lessons.strategy.generate import find, level_dict

    level = COURSE.level(level_id)
    pid = str(level.task.param("principle"))
    i = next(k for k, p in enumerate(PRINCIPLES) if p.id == pid)
    k, shipped = next((k, t) for k, t in enumerate(tomllib.loads(stage_path(i, principle(pid)).read_text())["level"])
                      if t["id"] == level_id)
    found = next(find(principle(pid), PER_STAGE, start=int(level.task.param("seed")), max_seeds=1))
    assert level_dict(found, k + 1) == shipped


def test_leading_stages_ship_eight_positions_each_in_their_number_of_players() -> None:
    """The stages the next tests run over are there (an empty stage would run none)."""
    for sid, players in (("pb-lead-through", {3}), ("pb-lead-to-partner", {4})):
        levels = [lv for lv in LEVELS if lv.stage == sid]
        assert len(levels) >= PER_STAGE and {lv.position.players for lv in levels} == players, sid


@pytest.mark.parametrize("level_id", [lv.id for lv in LEVELS if lv.stage in ("pb-lead-through", "pb-lead-to-partner")])
def test_a_leading_position_leads_the_suit_the_learners_side_can_trump_in(level_id: str) -> None:
    """On lead; the seat that plays after the learner on the learner's side (the other
    defender with three players, last, after the bidder; the partner with four) has shown by
    not following that it holds none of the answer's suit, and a trump the learner has not
    seen may be in its hand. The answer is no trump, and the least of the learner's tiles of
    the suits that seat lacks."""
    from engine.players.facts import keep_value, seat_goal
    from engine.sampling import Constraints

    level = COURSE.level(level_id)
    view, answer = level.task.view, level.answer()
    tr = view.trump
    assert tr is not None and not view.current_trick and view.leader == view.seat
    n = view.rules.players
    if n == 3:
        assert seat_goal(view).goal == "set" and view.bidder == (view.seat + 1) % 3
        mate = (view.seat + 2) % 3  # plays last, over the bidder
    else:
        mate = (view.seat + 2) % 4
    lacks = view.voids()[mate]
    assert not tr.is_trump(answer) and tr.suit_led(answer) in lacks
    cons = Constraints.from_view(view)
    assert any(tr.is_trump(t) and mate in ok for t, ok in zip(cons.tiles, cons.allowed, strict=True))
    same = [t for t in view.hand if not tr.is_trump(t) and tr.suit_led(t) in lacks and t != answer]
    assert all(keep_value(answer, tr) < keep_value(t, tr) for t in same)


def test_leading_through_the_bidder_does_not_apply_when_the_bidder_plays_last() -> None:
    """Deal 62, trick 6: seat 1 defends and leads, the other defender (seat 2) has shown it
    holds no threes and may still trump, but the bidder (seat 0) plays last: the lead of 3-2
    would go up to the bidder, not through it."""
    from lessons.strategy.principles import trump_in_leads

    actions = ("bid 4, pass, pass, discard 5-2, trump 1, play 1-1, play 2-1, play 5-1, play 6-6, play 6-5, "
               "play 6-3, play 4-4, play 5-4, play 4-2, play 6-2, play 6-1, play 6-4, play 3-3, play 0-0, "
               "play 4-3").split(", ")
    view = game_of(COURSE.level("lead-through-1").position.rules, 62, actions).view(1)
    assert view.to_act == 1 and view.bidder == 0 and [str(t) for t in trump_in_leads(view)] == ["3-2"]
    assert not principle("lead-through").applies(view)


def test_every_tile_an_intro_names_is_in_the_set_of_its_players() -> None:
    """A stage's intro example names only tiles of the set its positions are dealt from (the
    three-player set has no blank but 0-0: "5-0" in a three-player intro is no Moon tile)."""
    import re

    from engine.tiles import Tile, tile_set
    from lessons.strategy.principles import PRINCIPLES

    for p in PRINCIPLES:
        named = {Tile.parse(t) for t in re.findall(r"\b[0-6]-[0-6]\b", p.summary)}
        for n in p.players:
            missing = named - set(tile_set(n))
            assert not missing, f"{p.id}: {sorted(map(str, missing))} not in the {n}-player set"


def test_principles_use_the_players_facts_of_unseen_tiles() -> None:
    """``unseen_trumps``, ``beaters`` and ``walkers`` live with the players' facts (the reasons
    use them too); Play better's principles name the same functions."""
    from engine.players import facts
    from lessons.strategy import principles

    assert principles.unseen_trumps is facts.unseen_trumps
    assert principles.beaters is facts.beaters
    assert principles.walkers is facts.walkers


def test_retext_writes_every_shipped_stage_file_again_as_it_is(tmp_path: Path) -> None:
    """The shipped stage files carry the principles' current words: ``retext`` (intros,
    questions and the feedback, from the recorded figures) writes each one again unchanged."""
    import shutil

    from lessons.loader import DATA_DIR
    from lessons.strategy.generate import retext_all

    for i, p in enumerate(PRINCIPLES):
        shutil.copy(stage_path(i, p), tmp_path / stage_path(i, p).name)
    written = retext_all(tmp_path)
    assert len(written) == len(PRINCIPLES) == 10
    for path in written:
        assert path.read_text(encoding="utf-8") == (DATA_DIR / path.name).read_text(encoding="utf-8"), path.name


def test_play_better_figures_are_from_here_on_and_a_sure_result_is_said_in_words() -> None:
    """Every feedback's figures are the tricks "from here on" (the tricks the side has taken
    said apart), and a result in every layout (or none) is said in words, never "100%" or
    "0%"."""
    import re

    from engine.players.facts import seat_goal

    sure = 0
    for lv in LEVELS:
        task = lv.task
        texts = [str(task.param("right")), *map(str, dict(task.param("why")).values())]
        for text in texts:
            assert re.search(r"\d tricks? on average from here on", text), (lv.id, text)
            assert not re.search(r"(?<![\d.])(?:100|0)%", text), (lv.id, text)
        view = task.view
        taken = sum(view.tricks_won[s] for s in seat_goal(view).seats)
        if taken:
            assert f"besides the {taken} trick" in texts[0], (lv.id, texts[0])
        sure += sum(("always" in t or "can never" in t or "every layout tried" in t) for t in texts)
    assert sure > 20


#: A seat named in lower case ("seat 0", "seats 1 and 3"): the table writes "Seat 0".
_LOWER_SEAT = re.compile(r"\bseats? \d")


def _level_texts(level: Any) -> list[tuple[str, str]]:
    """Every text a Play better level shows: title, intro, question, both hints, the feedback
    on every legal tile and the first hint after each wrong one."""
    out = [("title", level.title or ""), ("intro", level.intro), ("question", level.question),
           ("hint 1", level.hint(1)), ("hint 2", level.hint(2))]
    for t in sorted(level.task.tricks):
        fb = level.grade(str(t))
        out.append((f"feedback {t}", fb.text))
        if not fb.correct:
            out.append((f"first hint {t}", level.first_hint(fb)))
    return out


def test_play_better_texts_name_no_partner_with_three_players_and_seats_in_capitals() -> None:
    """Every Play better level's texts and every stage's drill result (its first line, and a
    departure at its first decision): no "partner" in a position of three players (there are
    no partnerships), "your side" never for a bidder of three (who plays alone), and every
    seat written "Seat N" as the table writes it, never "seat 0"."""
    from lessons.strategy.drill import DrillPlay, DrillResult, drill_of

    bad = [(lv.id, where, text) for lv in LEVELS for where, text in _level_texts(lv)
           if (lv.position.players == 3 and "partner" in text.lower()) or _LOWER_SEAT.search(text)]
    assert not bad, bad[:5]
    assert any("Seat " in text for lv in LEVELS if lv.stage == "pb-count-out" for _, text in _level_texts(lv))
    for s in BETTER:
        d = drill_of(s)
        level = COURSE.level(d.level)
        sums = level.task.param("tricks")
        play = DrillPlay(d)
        play.play(Tile.parse(min(sums, key=lambda t: (sums[t], t))))  # the worst tile: a departure
        while not play.finished:
            play.play(play.legal()[0])
        said = [*DrillResult(d, 3, True, 1, None, ()).lines(), *play.result().lines()]
        assert play.result().departure is not None, s.id
        for text in said:
            assert not _LOWER_SEAT.search(text), (s.id, text)
            if d.rules.players == 3:
                assert "partner" not in text.lower(), (s.id, text)
            if d.alone:
                assert "your side" not in text, (s.id, text)


def _highest_trump(view: Any) -> Tile | None:
    """The highest trump of the hand (the highest of the tiles its buttons mark ★), if any."""
    tr = view.trump
    trumps = [t for t in view.hand if tr is not None and tr.is_trump(t)]
    return max(trumps, key=lambda t: tr.power(t, tr.suit_led(t))) if trumps else None


@pytest.mark.parametrize("stage_id", [s.id for s in BETTER])
def test_a_stages_answers_are_not_all_the_highest_marked_tile(stage_id: str) -> None:
    """The hand's buttons mark the trumps (★). A stage whose every answer is the highest ★ tile
    of the hand is answered by that one simple rule, without the stage's judgement."""
    levels = COURSE.stage(stage_id).levels
    assert levels
    assert not all(lv.answer() == _highest_trump(lv.task.view) for lv in levels), stage_id


def test_drawing_trumps_asks_whether_to_lead_a_trump_and_which() -> None:
    """Drawing trumps: in some positions the answer is the top trump (no unseen trump beats
    it), in others not a trump at all (an unseen trump can beat the top one, and a trump lead
    would hand it the lead), each case in at least a third of the stage, and the feedback on
    the top trump says what beats it."""
    from lessons.strategy.principles import beaters, draw_branch

    levels = COURSE.stage("pb-draw-trumps").levels
    cases = {"draw": 0, "hold": 0}
    for lv in levels:
        view, answer = lv.task.view, lv.answer()
        assert view.trump is not None
        top = _highest_trump(view)
        assert top is not None
        case = draw_branch(view)
        cases[case] += 1
        if case == "draw":
            assert answer == top and not beaters(view, top), lv.id
        else:
            assert beaters(view, top) and not view.trump.is_trump(answer), lv.id
            said = lv.grade(str(top)).text
            assert said.startswith(f"{top} is a trump, but ") and str(beaters(view, top)[0]) in said, said
    assert min(cases.values()) * 3 >= len(levels), cases


def test_drawing_trumps_says_only_what_is_true_of_a_wrong_lead_when_no_trump_is_led() -> None:
    """Drawing trumps, the case where no trump is led: the feedback on a lower trump says that a
    defender holding a higher one wins the trick (the lead still draws trumps: not that it
    draws nothing); on a side tile that is not a double it names the unseen tiles of its suit
    that beat it, and says a trump can, never that it surely hands over the lead."""
    from engine.trump import describe_suit
    from lessons.strategy.principles import beaters, draw_branch

    named = 0
    for lv in COURSE.stage("pb-draw-trumps").levels:
        view = lv.task.view
        tr = view.trump
        assert tr is not None
        if draw_branch(view) != "hold":
            continue
        for tile in view.hand:
            if tile == lv.answer():
                continue
            said = lv.grade(str(tile)).text
            higher = beaters(view, tile)
            assert "draw nothing" not in said and "hands the lead" not in said, said
            if tr.is_trump(tile):
                assert said.startswith(f"{tile} is a trump, but {higher[0]}") and "wins the trick" in said, said
            elif not tile.is_double:
                of_suit = [str(t) for t in higher if not tr.is_trump(t)]
                assert of_suit, (lv.id, tile)
                suit = describe_suit(tr.suit_led(tile))
                assert said.startswith(f"{tile} is not the top of {suit}: {of_suit[0]}"), said
                assert all(t in said.split(" With ")[0] for t in of_suit) and "so can a trump" in said, said
                named += 1
    assert named >= 2


@pytest.mark.parametrize("stage_id", [f"pb-{p.id}" for p in PRINCIPLES if p.open_contract])
def test_a_stage_of_an_open_contract_asks_while_the_bid_is_still_open(stage_id: str) -> None:
    """Cashing sure tricks: in every position the learner's side still needs tricks and the
    other side has not reached its own goal, so the tile chosen matters for the bid, not only
    for the points; the answer can still get there, and no feedback says the bid is made (or
    set) already."""
    from engine.contract import goal_of
    from engine.players.facts import seat_goal

    levels = COURSE.stage(stage_id).levels
    assert len(levels) >= PER_STAGE
    for lv in levels:
        view = lv.task.view
        assert view.bidder is not None and view.bid is not None
        mine = seat_goal(view)
        other = goal_of(view.rules, next(s for s in range(view.rules.players) if s not in mine.seats), view.bidder,
                        view.bid)
        assert mine.won < mine.target, lv.id
        assert sum(view.tricks_won[s] for s in other.seats) < other.target, lv.id
        assert int(lv.task.param("need")) > 0 and lv.task.made[lv.answer()] > 0, lv.id
        for _where, text in _level_texts(lv):
            assert "already" not in text, (lv.id, text)


def test_cashing_sure_tricks_is_a_stage_of_an_open_contract() -> None:
    assert principle("cash-walkers").open_contract


_TILE = r"[0-6]-[0-6]"
_TILES = rf"{_TILE}(?:(?:, | and ){_TILE})*"


def _tiles_in(words: str) -> set[Tile]:
    return {Tile.parse(t) for t in re.findall(_TILE, words)}


def _against_may_trump(view: Any) -> bool:
    """True when a seat against the learner's side may hold a trump the learner has not seen."""
    from engine.players.facts import seat_goal
    from engine.sampling import PILE, Constraints

    side = set(seat_goal(view).seats)
    cons = Constraints.from_view(view)
    return any(view.trump.is_trump(t) and any(h != PILE and h not in side for h in ok)
               for t, ok in zip(cons.tiles, cons.allowed, strict=True))


def test_play_better_words_hold_at_the_table() -> None:
    """A property over every Play better position and every text it shows (intro, hints, the
    feedback on every tile): what the words claim about the tiles holds of the learner's view.

    - The intro names every tile the learner has seen that the page shows nowhere else (the
      tile the bidder laid aside, and the widow when it is that tile) and no tile it has not
      seen.
    - "X can be beaten: A, B and C are not seen yet" lists exactly the unseen tiles that beat X
      (not three of them; never a tile the learner cannot see).
    - "No tile you have not seen can beat X": none does; "every tile that could is played,
      but …" names where each of the others is (in the hand, or the tile laid aside).
    - "No trump you have not seen is left": none is; "can still be trumped": a seat against
      the learner may hold a trump."""
    from lessons.strategy.principles import beaters, unseen_trumps

    checked = {"beaten": 0, "sure": 0, "aside": 0, "no trump": 0}
    for lv in LEVELS:
        view = lv.task.view
        seen = set(view.hand) | set(view.played()) | set(view.widow) | ({view.discard} - {None})
        intro = _tiles_in(lv.intro)
        assert intro <= seen, (lv.id, "the intro names an unseen tile", sorted(map(str, intro - seen)))
        elsewhere = set(view.hand) | set(view.played())  # the hand's buttons and the tricks told
        hidden = (set(view.widow) | ({view.discard} - {None})) - elsewhere
        assert hidden <= intro, (lv.id, "the page hides a seen tile", sorted(map(str, hidden)), lv.intro)
        for where, text in _level_texts(lv):
            for x, listed in re.findall(rf"({_TILE}) can be beaten: ({_TILES}) (?:is|are) not seen yet", text):
                assert _tiles_in(listed) == set(beaters(view, Tile.parse(x))), (lv.id, where, text)
                checked["beaten"] += 1
            for x in re.findall(rf"No tile you have not seen can beat ({_TILE})", text):
                assert not beaters(view, Tile.parse(x)), (lv.id, where, text)
                checked["sure"] += 1
            for held in re.findall(rf"in your hand \(({_TILES})\)", text):
                assert _tiles_in(held) <= set(view.hand), (lv.id, where, text)
            for x in re.findall(rf"the tile you laid aside \(({_TILE})\)", text):
                assert Tile.parse(x) == view.discard, (lv.id, where, text)
                checked["aside"] += 1
            if "No trump you have not seen is left" in text:
                assert not unseen_trumps(view), (lv.id, where, text)
                checked["no trump"] += 1
            if re.search(r"can still be trumped|\bbe trumped later", text):
                assert _against_may_trump(view), (lv.id, where, text)
    assert all(checked.values()), checked


def test_cashing_a_trump_walker_first_says_why_the_side_suit_walker_goes_first() -> None:
    """Play better 2, position 2 (three players, fours trump; every four but the learner's 5-4
    is played): 5-4 wins too, yet nothing can trump 3-2 later, so the feedback says why to
    keep the trump (it can win a trick of a suit the hand lacks) and that no unseen trump is
    left; the first hint after it does not name the answer, 3-2."""
    lv = COURSE.level("cash-walkers-2")
    fb = lv.grade("5-4")
    assert fb.text.startswith("5-4 wins too, but a trump can also take a trick of a suit you hold none of: keep 5-4 "
                              "to win the lead back later. No trump you have not seen is left"), fb.text
    assert "trumped later" not in fb.text and "3-2" not in lv.first_hint(fb), lv.first_hint(fb)


def test_a_sure_trick_says_where_the_tiles_that_could_beat_it_are() -> None:
    """Play better 2, position 3 (three players, threes trump): 3-1, the one trump not played,
    is the tile the learner laid aside. The intro says so, and the answer says
    that every tile that could beat 4-2 is played or the tile laid aside, 3-1."""
    lv = COURSE.level("cash-walkers-3")
    assert lv.intro.startswith("You won the auction with a bid of 5, picked up the widow, laid 3-1 aside and named "
                               "threes trump.\n"), lv.intro
    assert str(lv.task.param("right")).startswith(
        "No tile you have not seen can beat 4-2: every tile that could is played or the tile you laid aside "
        "(3-1). It is a sure trick, so take it now."), lv.task.param("right")


def test_a_hint_lists_every_unseen_tile_that_beats_the_tile_tried() -> None:
    """Play better 2, position 1 (four players, blanks trump): 5-1 can be beaten by 5-2, 5-3,
    5-4 and 5-5, all four unseen; the feedback names all four."""
    lv = COURSE.level("cash-walkers-1")
    assert lv.grade("5-1").text.startswith("5-1 can be beaten: 5-2, 5-3, 5-4 and 5-5 are not seen yet"), \
        lv.grade("5-1").text
