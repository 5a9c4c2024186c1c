"""The presenter's content (no Streamlit): scenes, plain reasons, questions for "pause and
ask", puzzles as questions, and the stepper behind → and ←."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from engine import Action, RuleSet, Tile, trick_winner
from engine.game import Phase
from puzzles.loader import build_puzzle
from tutorial.services.classroom import generate_hand
from tutorial.services.presenter import (
    Show,
    Slide,
    Stepper,
    build_item_show,
    build_show,
    deck_slides,
    hand_slides,
    plain_reason,
)
from tutorial.services.records import load_hand


@pytest.fixture(scope="module")
def show() -> Show:
    hand, decisions = generate_hand(RuleSet(), 12, "basic")
    return build_show(hand, decisions, "basic")


def test_a_scene_per_position_and_the_move_that_led_there(show: Show) -> None:
    assert len(show.scenes) == show.total + 1
    assert show.scenes[0].move is None and show.scenes[0].trick_title == "The deal"
    for i, scene in enumerate(show.scenes[1:], start=1):
        assert scene.count == i
        assert scene.move is not None and scene.move.index == i - 1
        assert scene.move.action == show.hand.actions[i - 1]
        assert scene.move.seat == show.scenes[i - 1].to_act
    end = show.scenes[-1]
    assert end.phase.finished and end.result
    # Every hand is face up: the dealt hands hold every tile of the set but the widow.
    dealt = [t for h in show.scenes[0].hands for t in h]
    assert len(dealt) == len(set(dealt)) == 21


def test_every_reason_is_one_plain_sentence_or_two_and_names_the_trick_winner(show: Show) -> None:
    for before, scene in zip(show.scenes, show.scenes[1:], strict=False):
        move = scene.move
        assert move is not None
        assert move.reason.startswith(f"Seat {move.seat}")
        assert "\n" not in move.reason and "|" not in move.reason and "%" not in move.reason
        a = Action.parse(move.action)
        if a.kind == "play":
            assert str(a.value) in move.reason
            if scene.trick_done and len(before.trick) == scene.players - 1 and not before.trick_done:
                winner = scene.trick[scene.trick_best or 0][0]
                assert move.reason.endswith(f"Seat {winner} takes the trick.")
        # The numbers are kept apart, for when the teacher asks.
        assert move.summary and move.rows and move.columns[0] == "Move"


def test_trick_in_the_middle_marks_the_winning_tile(show: Show) -> None:
    for scene in show.scenes:
        if scene.trick and scene.trump is not None:
            tiles = [t for _s, t in scene.trick]
            assert scene.trick_best == trick_winner(tiles, scene.trump)
            seats = [s for s, _t in scene.trick]
            assert seats == [(seats[0] + i) % scene.players for i in range(len(seats))]


def test_pause_and_ask_has_the_legal_choices_and_the_computers_answer(show: Show) -> None:
    for count in range(show.total):
        q = show.question(count)
        scene = show.scenes[count]
        assert q.seat == scene.to_act and q.count == count
        assert q.answer.action in q.choices
        # The computer played this hand itself, so its answer is the move it made.
        assert q.answer.action == show.hand.actions[count]
        assert q.prompt.startswith(f"Seat {q.seat} ")


@dataclass(frozen=True)
class _Exp:
    summary: str
    reason: str


@dataclass(frozen=True)
class _Decision:
    action: Action
    explanation: Any


def test_the_players_own_reason_comes_first_when_it_has_one() -> None:
    hand, _ = generate_hand(RuleSet(), 12, "basic")
    game = hand.game_at(0)
    seat = game.to_act
    assert seat is not None
    action = Action.parse(hand.actions[0])
    d = _Decision(action, _Exp("72% with 40 layouts", "I hold four trumps and two doubles."))
    assert plain_reason(game, seat, action, d) == f"Seat {seat}: “I hold four trumps and two doubles.”"
    # No reason attribute: a sentence from the engine's rule reasons, never the numbers.
    d2 = _Decision(action, type("E", (), {"summary": "72% with 40 layouts"})())
    assert "72%" not in plain_reason(game, seat, action, d2)


def test_a_saved_hand_gets_the_computers_word_through_decide() -> None:
    hand, decisions = generate_hand(RuleSet(), 5, "basic")
    asked: list[int] = []

    def decide(i: int, game: Any) -> Any:
        asked.append(i)
        return decisions[i]

    show = build_show(load_hand(hand.record), {0: decisions[0]}, "basic", decide=decide)
    assert asked == list(range(1, len(hand.actions)))
    assert all(s.move is not None and s.move.reason for s in show.scenes[1:])


def test_leads_and_follows_are_said_in_the_engines_words() -> None:
    hand, _ = generate_hand(RuleSet(), 12, "basic")
    show = build_show(hand, {}, "basic")  # no decisions: every reason is derived
    reasons = [s.move.reason for s in show.scenes[1:] if s.move is not None]
    assert any(" leads " in r for r in reasons)
    assert any(" takes the trick." in r for r in reasons)
    assert any("bids" in r or "passes" in r for r in reasons)


def test_a_puzzle_is_asked_then_answered_with_the_engines_reason() -> None:
    raw = {
        "id": "play-x", "kind": "play", "rules": {}, "to_play": 2, "goal": "win", "solution": "5-1",
        "question": "Ones are trump. Seat 0 led 3-1, seat 1 played 6-3. Play the tile that takes the trick.",
        "themes": ["play"], "rating": 1000, "hints": ["What is winning now?"], "source": {"kind": "hand-written"},
        "position": {"trump": "1", "hands": {"0": "0-0 5-4 6-4 6-5", "1": "3-3 4-3 5-2 5-3",
                                             "2": "2-1 3-2 5-1 5-5 6-6"}, "leader": 0, "trick": ["3-1", "6-3"]},
    }
    item = build_item_show(build_puzzle(raw, "test"), "puzzle")
    assert item.answer == "5-1" and "5-1" in item.choices
    assert "5-1" in item.reason
    assert [s for s, _ in item.trick] == [0, 1] and item.trick[0][1] == Tile(3, 1)
    # Only the hands the puzzle shows (the player's own): the others are not known at the table.
    assert [s for s, _ in item.hands] == [2] and Tile(5, 1) in item.hands[0][1]


def test_stepper_forward_back_pause_and_reveal() -> None:
    s = Stepper(hand_slides(3))
    assert [x.count for x in s.slides] == [0, 1, 2, 3]
    assert not s.can_back() and s.can_forward()
    s.forward()
    s.forward()
    assert s.slide.count == 2
    s.pause()
    assert s.asking and not s.revealed and s.can_forward()
    s.forward()  # reveals, stays on the move
    assert s.revealed and s.slide.count == 2
    s.back()  # hides the answer again
    assert s.asking and not s.revealed and s.slide.count == 2
    s.back()  # stops asking
    assert not s.asking and s.slide.count == 2
    s.pause()
    s.forward()
    s.forward()  # after the reveal, on to the next move, the table open again
    assert s.slide.count == 3 and not s.asking
    assert not s.can_forward()
    s.forward()
    assert s.slide.count == 3
    s.pause()
    s.resume()
    assert not s.asking


def test_deck_slides_ask_first_and_step_within_an_entry() -> None:
    slides = deck_slides([(4, 6, True), None, (2, 2, False)])
    assert slides == [Slide(0, 4, True), Slide(0, 5), Slide(0, 6), Slide(1, 0, True), Slide(2, 2)]
    s = Stepper(slides)
    assert s.asking  # opens on the question
    s.forward()
    assert s.revealed and s.slide == Slide(0, 4, True)
    s.back()
    s.back()  # an asked slide is not left by "stop asking": back goes to the slide before (none)
    assert s.pos == 0 and s.asking
    s.go(3)
    assert s.asking and s.slide.entry == 1
    s.back()
    assert s.slide == Slide(0, 6) and not s.asking
    with pytest.raises(ValueError):
        Stepper([])


def test_hand_slides_clamp_and_never_ask_after_the_last_move() -> None:
    assert hand_slides(5, start=7, end=9, ask=True) == [Slide(0, 5, False)]
    assert hand_slides(5, start=2, end=3, ask=True) == [Slide(0, 2, True), Slide(0, 3)]


def test_an_item_marks_its_tile_answer_and_only_a_tile_answer() -> None:
    from tutorial.services.items import course
    from tutorial.services.presenter import build_item_show

    levels = list(course().levels())
    winner = next(x for x in levels if x.kind == "trick_winner" and x.position.leader is not None)
    show = build_item_show(winner, "level")
    assert len(show.answer_tiles) == 1 and show.answer.startswith(str(show.answer_tiles[0]))
    assert show.answer_tiles[0] in {t for _s, t in show.trick}
    count = next(x for x in levels if x.kind == "count")
    assert build_item_show(count, "level").answer_tiles == ()


def test_no_slide_marks_the_trumps_before_the_reveal_when_they_are_the_answer() -> None:
    """Every puzzle and lesson level a deck can hold, asked on the presenter: a question about
    which tiles are trumps (the rule Learn and Puzzles follow, ``items.trump_marks``) draws no
    tile as a trump until the reveal, and then marks them; any other question marks its trumps
    from the start."""
    import re

    from tutorial.services.items import course, puzzles, trump_marks
    from tutorial.services.presenter import build_item_show
    from tutorial.services.presenter_html import item_html

    def trumps_drawn(html: str) -> int:
        return len(re.findall(r'<svg [^>]*aria-label="[^"]*\btrump\b[^"]*"[^>]*class="moon-tile"', html))

    hidden_kinds: set[str] = set()
    checked = 0
    for ref_kind, items in (("level", list(course().levels())), ("puzzle", list(puzzles()))):
        for item in items:
            show = build_item_show(item, ref_kind)
            on_view = [t for _s, ts in show.hands for t in ts] + [t for _s, t in show.trick] + list(show.tiles)
            trumps = sum(1 for t in on_view if show.trump is not None and show.trump.is_trump(t))
            asked, revealed = item_html(show, revealed=False), item_html(show, revealed=True)
            hides = trump_marks(item, answered=False) is None and item.position.trump is not None
            if hides:
                hidden_kinds.add(item.kind)
                assert trumps_drawn(asked) == 0, (item.id, item.question)
            else:
                assert trumps_drawn(asked) == trumps, (item.id, item.question)
            assert trumps_drawn(revealed) == trumps, (item.id, item.question)
            checked += trumps
    assert {"is_trump", "pick_tiles", "suit_led"} <= hidden_kinds and checked > 50, (hidden_kinds, checked)


def test_every_level_slide_puts_its_question_and_answer_before_its_intro() -> None:
    """Every lesson level a deck can hold, on the presenter: the question comes first (after the
    teacher's note), then, revealed, the answer; the intro follows in smaller type and folds away
    once the answer is up, so a long intro never pushes the question or the answer out of view."""
    from tutorial.services.items import course
    from tutorial.services.presenter import build_item_show
    from tutorial.services.presenter_html import item_html

    with_intro = 0
    for level in course().levels():
        show = build_item_show(level, "level")
        asked = item_html(show, revealed=False, note="Look here")
        revealed = item_html(show, revealed=True, note="Look here")
        for html in (asked, revealed):
            talk = html[html.index('<aside class="pres-talk'):]
            assert talk.index("pres-note") < talk.index('class="pres-ask"'), level.id
        if not show.intro.strip():
            assert "pres-intro" not in asked + revealed, level.id
            continue
        with_intro += 1
        assert asked.index('class="pres-ask"') < asked.index('<div class="pres-intro">'), level.id
        assert revealed.index('class="pres-ask"') < revealed.index('class="pres-answer"') \
            < revealed.index('<details class="pres-intro">'), level.id
    assert with_intro >= 100, with_intro


def _play_decision(values: dict[str, tuple[float, float]], chosen: str, *, exhaustive: bool,
                   layouts: int = 28) -> Any:
    from engine.players.decision import Candidate, Decision, Explanation

    cands = tuple(Candidate(Action.parse(f"play {t}"), goal_chance=g, tricks=k, chosen=t == chosen)
                  for t, (g, k) in values.items())
    exp = Explanation("", cands, layouts=layouts, exhaustive=exhaustive, reason="I let it go.")
    return Decision(Action.parse(f"play {chosen}"), exp)


def test_plays_as_good_as_the_computers_are_right_too_exactly_or_within_the_samples_resolution() -> None:
    from tutorial.services.presenter import Move, Question, as_good

    values = {"1-1": (0.81, 1.7324), "4-2": (0.81, 1.7025), "6-2": (0.81, 1.655), "6-6": (0.72, 1.9)}
    # Averages over 28 sampled deals: 0.03 tricks apart is closer than they can tell; 0.08 is not.
    assert as_good(_play_decision(values, "1-1", exhaustive=False)) == (("play 4-2",), 28)
    # Exact numbers (every layout solved) must be equal.
    assert as_good(_play_decision(values, "1-1", exhaustive=True)) == ((), 0)
    tied = {"1-1": (1.0, 2.0), "4-2": (1.0, 2.0), "5-5": (1.0, 1.0)}
    assert as_good(_play_decision(tied, "1-1", exhaustive=True)) == (("play 4-2",), 0)
    assert as_good(None) == ((), 0) and as_good(Action.parse("play 1-1")) == ((), 0)  # no numbers: only its own
    move = Move(index=9, seat=0, action="play 1-1", headline="Seat 0 plays 1-1", reason="I let 1-1 go.")
    q = Question(9, 0, Phase.PLAYING, "Seat 0 is to play.", ("play 1-1", "play 4-2"), move, ("play 4-2",), 28)
    assert q.right == ("play 1-1", "play 4-2")
    assert q.answer_label == "Seat 0 plays 1-1 or 4-2 (as good)"
    assert q.as_good_note == "4-2 is as good as far as the computer can tell: right too."
    three = Question(9, 0, Phase.PLAYING, "", (), move, ("play 4-2", "play 5-5"), 0)
    assert three.answer_label == "Seat 0 plays 1-1, 4-2 or 5-5 (as good)"
    assert three.as_good_note == "4-2 and 5-5 are just as good: right too."


def test_a_live_question_counts_every_play_as_good_and_says_so() -> None:
    from tutorial.services.live import move_spec

    hand, decisions = generate_hand(RuleSet(), 12, "basic")
    show = build_show(hand, decisions, "basic")
    count = next(i for i, q in enumerate(show.questions) if q.phase == Phase.PLAYING and len(q.choices) >= 2)
    q = show.questions[count]
    other = next(c for c in q.choices if c != q.answer.action)
    spec = move_spec(replace(q, as_good=(other,), layouts=20), show.scenes[count], "ref")
    assert set(spec.right) == {q.answer.action, other}
    assert spec.answer_label.endswith("(as good)") and "as good" in spec.reason


def test_a_worse_play_says_why_at_the_reveal_on_the_chart_and_the_phone() -> None:
    """A legal play the computer rates below its answer gets the computer's reason it is
    worse (its expected tricks and chance beside the answer's) on the question; the phones'
    view and the projector's chart, once revealed for a tile someone chose, say its plain
    line."""
    from store.live import HostView, LiveInfo, QuestionInfo
    from tutorial.services.live import move_spec, wrong_reason
    from tutorial.services.live_html import chart_html
    from tutorial.services.presenter import worse_notes

    values = {"1-1": (0.81, 1.73), "4-2": (0.81, 1.72), "6-6": (0.42, 1.1), "5-5": (0.2, 0.9)}
    decision = _play_decision(values, "1-1", exhaustive=False)
    notes = dict(worse_notes(decision, ("play 1-1", "play 4-2")))
    assert set(notes) == {"play 6-6", "play 5-5"}
    assert notes["play 6-6"] == ("6-6 is worse: it makes the bid less often. With it the computer has a 42% chance "
                                 "to make the bid and expects 1.10 tricks for its side; with 1-1, 81% and 1.73 tricks.")
    assert worse_notes(Action.parse("play 1-1"), ()) == ()  # no numbers (a rule of thumb): nothing said

    hand, decisions = generate_hand(RuleSet(), 12, "basic")
    show = build_show(hand, decisions, "basic")
    count = next(i for i, q in enumerate(show.questions) if q.phase == Phase.PLAYING and len(q.choices) >= 2)
    q0 = show.questions[count]
    wrong = next(c for c in q0.choices if c != q0.answer.action)
    line = f"{wrong[5:]}: the bid is never made, against always with {q0.answer.action[5:]}."
    q = replace(q0, plain=((wrong, line),))
    spec = move_spec(q, show.scenes[count], "ref")
    assert wrong_reason(spec.view, wrong) == line and wrong_reason(spec.view, q.answer.action) == ""
    from datetime import UTC, datetime, timedelta

    start = datetime.now(UTC)
    info = LiveInfo(1, "ABCDEF", "", start, start + timedelta(hours=4), None)
    asked = QuestionInfo(1, 1, spec.ref, "move", spec.prompt, spec.choices, spec.right, spec.answer_label,
                         spec.reason, spec.view, 2, closed=True, revealed=True)
    chart = chart_html(HostView(info, 3, asked, {wrong: 1, q.answer.action: 1}, 2))
    assert line in chart.replace("&#x27;", "'")
    hidden = chart_html(HostView(info, 3, replace(asked, revealed=False), {wrong: 1}, 1))
    assert "less often" not in hidden  # nothing before the reveal
    # The projector's chart leaves it to the stage's words, which say a line on each one chosen.
    assert "less often" not in chart_html(HostView(info, 3, asked, {wrong: 1, q.answer.action: 1}, 2), worse=False)


def test_the_reveal_names_every_worse_play_in_one_plain_line_and_the_table_has_the_figures() -> None:
    """At the reveal the stage names every legal play the computer rates worse (not the first
    three), best first, in one plain line; the figures are the numbers' table's, written
    "5.00", not "5"."""
    from tutorial.services.presenter import worse_summary

    values = {"1-1": (0.81, 1.73), "4-2": (0.81, 1.72), "6-6": (0.42, 1.1), "5-5": (0.2, 0.9), "3-3": (0.0, 1.0),
              "2-2": (0.5, 2.0)}
    decision = _play_decision(values, "1-1", exhaustive=False)
    line = worse_summary(decision, ("play 1-1", "play 4-2"))
    assert line == "Worse: 2-2, 6-6, 5-5 and 3-3 make the bid less often.", line
    assert worse_summary(Action.parse("play 1-1"), ()) == ""  # no numbers (a rule of thumb): nothing said
    hand, decisions = generate_hand(RuleSet(), 12, "strong")
    show = build_show(hand, decisions, "strong")
    for scene in show.scenes:
        for row in scene.move.rows if scene.move is not None and "Expected tricks" in scene.move.columns else ():
            cell = row[scene.move.columns.index("Expected tricks")]
            assert not cell or len(cell.partition(".")[2]) == 2, (scene.count, row)


def test_a_play_with_the_bids_same_chance_is_worse_by_its_tricks_and_the_words_say_why() -> None:
    """Two plays that make the bid every time (100% against 100%): the one with fewer tricks is
    worse, and the words say the chance is the same, the tricks decide, and why they count
    (docs/rules.md §7.2–7.3: a made bid scores no more for extra tricks, but every other side
    scores a point per trick). A defender's extra trick is a point for its side."""
    from tutorial.services.presenter import worse_notes, worse_summary

    values = {"5-2": (1.0, 6.24), "0-0": (1.0, 6.24), "5-5": (1.0, 6.0), "6-6": (0.5, 6.5)}
    decision = _play_decision(values, "5-2", exhaustive=False, layouts=40)
    notes = dict(worse_notes(decision, ("play 5-2", "play 0-0")))
    assert notes["play 5-5"] == (
        "5-5 is worse, though with either tile the bid is made every time (100%): with 5-2 the bidder's side "
        "takes 0.24 of a trick more on average (6.24 tricks against 6.00), and every trick the bidder's side takes "
        "is a point the others do not score.")
    # A lower chance is what makes it worse, though it takes more tricks: the chance is said first.
    assert notes["play 6-6"] == ("6-6 is worse: it makes the bid less often. With it the computer has a 50% chance "
                                 "to make the bid and expects 6.50 tricks for its side; with 5-2, 100% and 6.24 tricks.")
    line = worse_summary(decision, ("play 5-2", "play 0-0"))
    assert line == ("Worse: 6-6 makes the bid less often; 5-5 makes it as often, with fewer tricks: each is a point "
                    "the others do not score.")
    # Only plays with a lower chance: nothing about the tricks.
    assert worse_summary(decision, ("play 5-2", "play 0-0", "play 5-5")) == "Worse: 6-6 makes the bid less often."
    # A defender: the chance to set the bid, and a trick is a point for its own side.
    from engine.players.decision import Candidate, Decision, Explanation

    cands = (Candidate(Action.parse("play 4-1"), tricks=0.37, goal="set", goal_chance=0.27, chosen=True),
             Candidate(Action.parse("play 4-3"), tricks=0.32, goal="set", goal_chance=0.27))
    d = Decision(Action.parse("play 4-1"), Explanation("", cands, layouts=3000, exhaustive=True))
    assert dict(worse_notes(d, ("play 4-1",)))["play 4-3"] == (
        "4-3 is worse, though the chance to set the bid is the same with either tile (27%): with 4-1 its side "
        "takes 0.05 of a trick more on average (0.37 tricks against 0.32), and every trick its side takes is a "
        "point for it.")


def test_numbers_too_close_to_tell_apart_are_right_and_apart_ones_never_read_the_same() -> None:
    """The rule of a tie (``Explanation.tie_margin``): over 40 sampled deals, numbers within
    1.5/40 of the computer's are as good (right: no worse words), whichever way the other
    number goes; a chance within the margin but tricks below it is worse by the tricks, said
    "too close to tell apart"; exact numbers a hair apart are worse, and their percentages are
    written precisely enough not to read the same ("99.6%" against "100.0%", not 100% against
    100%)."""
    from tutorial.services.presenter import as_good, worse_notes

    values = {"5-2": (1.0, 6.24), "3-3": (0.975, 6.5), "4-4": (0.975, 6.22), "5-5": (0.975, 6.0)}
    decision = _play_decision(values, "5-2", exhaustive=False, layouts=40)
    # 3-3: a chance one deal in 40 lower (noise) and more tricks; 4-4: both within the margin.
    assert as_good(decision) == (("play 3-3", "play 4-4"), 40)
    notes = dict(worse_notes(decision, ("play 5-2", "play 3-3", "play 4-4")))
    assert set(notes) == {"play 5-5"}
    assert notes["play 5-5"].startswith(
        "5-5 is worse, though the chance to make the bid is too close to tell apart (98% against 100%): with 5-2 "
        "the bidder's side takes 0.24 of a trick more on average"), notes["play 5-5"]
    exact = _play_decision({"1-1": (1.0, 5.0), "2-2": (0.996, 5.1)}, "1-1", exhaustive=True)
    assert as_good(exact) == ((), 0)
    assert dict(worse_notes(exact, ("play 1-1",)))["play 2-2"] == (
        "2-2 is worse: it makes the bid less often. With it the computer has a 99.6% chance to make the bid and "
        "expects 5.10 tricks for its side; with 1-1, 100.0% and 5.00 tricks.")
    assert dict(worse_notes(_play_decision({"1-1": (1.0, 5.0), "2-2": (0.82, 5.0)}, "1-1", exhaustive=True),
                            ("play 1-1",)))["play 2-2"].startswith("2-2 is worse: it makes the bid less often. With it "
                                                                   "the computer has an 82% chance")


def test_deal_12_move_11_the_walks_tie_reads_the_same_everywhere_the_question_is_answered(tmp_path: Path) -> None:
    """The teacher walk's question (deal 12, strong computer, move 11, Seat 2 to play): 5-2,
    0-0 and 1-1 are right; 5-5 and 5-3 make the bid every time too (100% against 100%) with
    0.24 of a trick fewer, and say so. The same right answers and words on the projector's
    line, the phones' view and the live question (whose right answers the summary and its CSV
    count)."""
    from tutorial.services.live import move_spec, wrong_reason

    hand, decisions = generate_hand(RuleSet(), 12, "strong")
    show = build_show(hand, decisions, "strong")
    q = show.question(11)
    assert q.right == ("play 5-2", "play 0-0", "play 1-1") and q.layouts == 40
    spec = move_spec(q, show.scenes[11], "ref")
    assert spec.right == q.right
    for action in ("play 5-5", "play 5-3"):
        said = wrong_reason(spec.view, action)
        assert said == dict(q.plain)[action]
        assert said == (f"{action[5:]}: the bid is made as often, with fewer tricks than with 5-2: each is a point "
                        "the others do not score."), said
    assert all(wrong_reason(spec.view, a) == "" for a in q.right)
    assert q.worse_all == ("Worse: 5-3 and 5-5 make the bid as often, with fewer tricks: each is a point the others "
                           "do not score.")
    # Asked in a live class: the phones' right and wrong, the summary and its CSV count the same.
    import csv
    import io

    from store import live
    from store.db import Store, migrate

    store = Store(f"sqlite:///{tmp_path / 'moon.sqlite3'}", backoff=0.01)
    migrate(store)
    try:
        info, _ = live.start(store)
        asked = live.ask(store, info.id, spec)
        picks = {"Ada": "play 0-0", "Bo": "play 5-5", "Cy": "play 5-2", "Di": "play 1-1"}
        toks = {name: live.join(store, info.join_code, name)[1] for name in picks}
        for name, choice in picks.items():
            live.answer(store, toks[name], asked.id, choice)
        live.reveal(store, info.id)
        seen = {name: live.student_view(store, toks[name]) for name in picks}
        assert {name: v.correct for name, v in seen.items() if v is not None} == {
            "Ada": True, "Bo": False, "Cy": True, "Di": True}
        board = live.summary(store, info.id)
        assert board.per_question[0]["right"] == 3 and board.per_question[0]["wrong"] == [("5-5", 1)]
        rows = list(csv.reader(io.StringIO(live.questions_csv(board).removeprefix("\ufeff"))))
        assert rows[1][5:] == ["Seat 2 plays 5-2, 0-0 or 1-1 (as good)", "4", "3", "5-5 (×1)"], rows[1]
    finally:
        store.dispose()


def test_the_numbers_table_names_the_summarys_moves_and_drops_sparse_columns() -> None:
    """Deal 6, move 5 (the strong bidder names blanks): the summary weighs blanks "against 100%
    with no trump", so the table has a "no trump" row (its ninth); "Expected tricks", filled on
    two rows of nine, is a line under the table, not an empty column; the headers are short."""
    from tutorial.services.presenter_html import numbers_table_html

    hand, decisions = generate_hand(RuleSet(), 6, "strong")
    move = build_show(hand, decisions, "strong").scenes[5].move
    assert move is not None and "with no trump" in move.summary and len(move.rows) == 9
    out = numbers_table_html(move)
    table = out[:out.index("</table>")]
    assert "<td>no trump</td>" in table and table.count("<tr>") == 10
    assert "Expected tricks" not in table and "<th>Makes bid %</th>" in table
    assert '<p class="live-note"><b>Expected tricks:</b> blanks 5.41 · no trump 5.37</p>' in out


def test_a_move_where_every_legal_play_is_right_says_so_and_points_to_the_next_worth_asking() -> None:
    """Deal 1 (three players, strong), move 8: every tile Seat 2 may play is as good by the
    computer's numbers. The question knows it (so the presenter warns before asking and the
    deck builder when it is added with "what would you play?"), the reveal says plainly that
    every tile was right, and the next move worth asking is move 9."""
    from tutorial.services.presenter import every_play_right

    rules = RuleSet(players=3, min_bid=4, all_pass="redeal")
    hand, decisions = generate_hand(rules, 1, "strong")
    show = build_show(hand, decisions, "strong")
    q = show.question(8)
    assert q.every_right and len(q.choices) == 6
    assert q.every_right_note == "Every tile Seat 2 could play was right here: any answer counts."
    assert not show.question(9).every_right_note
    assert every_play_right(decisions[8], q.choices)
    assert not show.question(9).every_right and not every_play_right(decisions[9], show.question(9).choices)
    assert show.next_worth_asking(8) == 9
    assert show.next_worth_asking(8, end=9) is None
    # Named by the move it asks (the one played after "Move 9 of 26"), for the teacher's controls.
    assert show.question(9).named == "Seat 0's play at move 10"
    assert show.question(0).named == "Seat 1's bid at move 1"
    # One legal play is a rule to follow, not "anything": not flagged.
    forced = next(c for c, x in enumerate(show.questions) if len(x.choices) == 1)
    assert not show.question(forced).every_right


def test_a_phone_says_in_plain_words_why_a_tile_the_computer_did_not_weigh_is_wrong() -> None:
    """Deal 1 (three players, strong), move 3: Seat 2 lays 6-1 aside. A student who chose 0-0
    or 6-4 (tiles the computer has no full words for: 0-0 looked at in 3 deals, 6-4 not tried)
    learns why at the reveal, in plain words (how often the bid is made, no bare figures); 3-1,
    the same kind of mistake, reads the same sentence; the projector says the same line on
    each wrong answer the class chose, with how many chose it, most chosen first."""
    from tutorial.services.live import move_spec, wrong_reason

    rules = RuleSet(players=3, min_bid=4, all_pass="redeal")
    hand, decisions = generate_hand(rules, 1, "strong")
    show = build_show(hand, decisions, "strong")
    q = show.question(3)
    assert q.answer.action == "discard 6-1"
    plain = dict(q.plain)
    assert plain["discard 0-0"] == "0-0: the bid is never made, against always with 6-1."
    assert plain["discard 3-1"] == "3-1: the bid is never made, against always with 6-1."
    assert plain["discard 6-4"] == "6-4: the computer keeps that tile; it did not even try laying it aside."
    spec = move_spec(q, show.scenes[3], "ref")
    for action in ("discard 0-0", "discard 3-1", "discard 6-4"):
        assert wrong_reason(spec.view, action) == plain[action]
    assert wrong_reason(spec.view, "discard 6-1") == ""
    assert q.chosen_lines({"discard 6-4": 1, "discard 0-0": 2, "discard 6-1": 3, "discard 3-1": 1, "discard 5-4": 0}) == (
        "0-0 (2 students): the bid is never made, against always with 6-1.",
        "3-1 (1 student): the bid is never made, against always with 6-1.",
        "6-4 (1 student): the computer keeps that tile; it did not even try laying it aside.")
    assert q.chosen_lines({"discard 6-1": 3}) == ()
    # Without a class's answers the stage says one line on every worse play the computer weighed.
    assert q.worse_all == "Worse: 3-1, 0-0 and 4-3 make the bid less often."


def test_a_wrong_trump_chosen_gets_its_plain_line_on_the_projector_and_the_phone() -> None:
    """Deal 1 (three players, strong), move 4: Seat 2 names threes. A student who named sixes
    reads at the reveal why, in the discard's plain words, and the projector says the same line
    with how many chose it; fours (made less often) reads its own line."""
    from tutorial.services.live import move_spec, wrong_reason

    rules = RuleSet(players=3, min_bid=4, all_pass="redeal")
    hand, decisions = generate_hand(rules, 1, "strong")
    show = build_show(hand, decisions, "strong")
    q = show.question(4)
    assert q.answer.action == "trump 3" and q.right == ("trump 3",)
    plain = dict(q.plain)
    assert plain["trump 6"] == "sixes: the bid is never made, against always with threes."
    assert plain["trump 4"] == "fours: the bid is made less often than with threes."
    assert set(plain) == set(q.choices) - {"trump 3"}
    assert q.chosen_lines({"trump 6": 2, "trump 4": 1, "trump 3": 3}) == (
        "sixes (2 students): the bid is never made, against always with threes.",
        "fours (1 student): the bid is made less often than with threes.")
    spec = move_spec(q, show.scenes[4], "ref")
    assert wrong_reason(spec.view, "trump 6") == plain["trump 6"]
    assert wrong_reason(spec.view, "trump 3") == ""


def test_a_defenders_worse_play_names_who_scores_its_tricks() -> None:
    """teacher8 #5 (deal 1, three players, strong, move 9: Seat 0 defends): "4-4: the bid is set
    as often, with fewer tricks for its side …: each is a point for its side" named no one. The
    plain line and the stage's summary name who scores a defender's tricks (docs/rules.md §7.3,
    §7.5): the seat itself with three players, the defenders with four."""
    from engine.players.decision import Candidate, Decision, Explanation
    from tutorial.services.presenter import plain_notes, worse_summary

    hand, decisions = generate_hand(RuleSet(players=3), 1, "strong")
    q = build_show(hand, decisions, "strong").questions[9]
    assert q.seat == 0 and q.answer.action == "play 1-1"
    plain = dict(q.plain)
    assert plain["play 4-4"] == ("4-4: the bid is set as often, with fewer tricks for Seat 0 than with 1-1, and "
                                 "Seat 0 scores a point for each.")
    assert "its side" not in " ".join(plain.values()) + q.worse_all
    assert q.worse_all.endswith("set it as often, with fewer tricks: each is a point for Seat 0."), q.worse_all
    # Four players: the defenders score together.
    cands = (Candidate(Action.parse("play 4-1"), tricks=3.0, goal="set", goal_chance=0.5, chosen=True),
             Candidate(Action.parse("play 4-3"), tricks=2.5, goal="set", goal_chance=0.5),
             Candidate(Action.parse("play 6-6"), tricks=2.0, goal="set"))
    d = Decision(Action.parse("play 4-1"), Explanation("", cands, layouts=3000, exhaustive=True))
    four = dict(plain_notes(d, ("play 4-1",), "the defenders"))
    assert four["play 4-3"] == ("4-3: the bid is set as often, with fewer tricks for the defenders than with 4-1, "
                                "and the defenders score a point for each.")
    assert four["play 6-6"] == "6-6: fewer tricks for the defenders than with 4-1."
    assert worse_summary(d, ("play 4-1",), "the defenders") == (
        "Worse: 6-6 takes fewer tricks for the defenders; 4-3 sets it as often, with fewer tricks: each is a point "
        "for the defenders.")


def test_a_pick_tiles_reveal_says_the_tiles_in_one_order() -> None:
    """teacher8 #11: the level's reveal said "Answer: 2-2, 6-2, 2-1, 4-2" then "The tiles that
    fit: 2-1, 2-2, 4-2 and 6-2.". For every "pick the tiles that fit" level and puzzle the
    explanation lists the tiles in the answer's order (the tiles as offered)."""
    from puzzles.loader import load_puzzles
    from tutorial.services.items import course
    from tutorial.services.presenter import answer_words

    items: list[Any] = [x for x in course().levels() if x.kind == "pick_tiles"]
    items += [x for x in load_puzzles() if x.kind == "pick_tiles"]
    checked = 0
    for item in items:
        lead = item.task.explain().split("\n")[0]
        if not lead.startswith("The tiles that fit: "):
            continue
        said = lead.removeprefix("The tiles that fit: ").rstrip(".").replace(" and ", ", ").split(", ")
        assert said == answer_words(item).split(", "), (item.id, lead, answer_words(item))
        checked += 1
    assert checked >= 3, checked
