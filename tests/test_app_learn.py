"""AppTest: the Learn page (answering checks right and wrong, tiles clicked, hints, stars,
the progress file)."""

from __future__ import annotations

import json

import pytest

from lessons.loader import PARTS
from store import transfer
from store.stats import Summary
from tutorial.services.items import course
from tutorial.testing import errors, keys, open_app


def _open_level(level_id: str):  # type: ignore[no-untyped-def]
    lv = course().level(level_id)
    return open_app("learn", state={"learn-stage": lv.stage, "learn-level": lv.id}), lv


def _first(kind: str) -> str:
    return next(lv.id for lv in course().levels() if lv.kind == kind)


def test_learn_opens_on_the_first_level() -> None:
    at = open_app("learn")
    assert not at.exception, errors(at)
    assert at.selectbox(key="learn-stage").value == course().stages[0].id


def test_number_check_wrong_then_right() -> None:
    at, lv = _open_level(_first("count"))
    right = lv.answer()
    at.number_input(key=f"lv-{lv.id}-number").set_value(right + 1).run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    assert at.error and "Not quite" in at.error[0].value.replace("\\", "")
    at.number_input(key=f"lv-{lv.id}-number").set_value(right).run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    assert at.success and "Right!" in at.success[0].value
    assert at.session_state["moon_progress"].stars[lv.id] == 2  # one wrong try: two stars
    assert keys(at, "learn-next")


def test_tiles_clicked_right_first_time_earn_three_stars() -> None:
    at, lv = _open_level(_first("legal_tiles"))
    for t in lv.answer():
        at.button(key=f"lv-{lv.id}-tiles-btn-{t.high}{t.low}").click().run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    assert not at.exception, errors(at)
    assert at.success, [e.value for e in at.error]
    assert at.session_state["moon_progress"].stars[lv.id] == 3


def test_wrong_tile_gets_the_engine_reason() -> None:
    at, lv = _open_level(_first("play"))
    wrong = next(c for c in lv.choices() if c != str(lv.answer()))
    a, b = wrong.split("-")
    at.button(key=f"lv-{lv.id}-tiles-btn-{a}{b}").click().run()
    assert at.error
    first = at.error[0].value.replace("\\", "")
    assert lv.hint(1) in first and lv.task.explain() not in first  # a hint, not the answer
    at.button(key=f"lv-{lv.id}-tiles-btn-{a}{b}").click().run()
    second = at.error[0].value.replace("\\", "")
    assert lv.grade(wrong).text in second and lv.hint(2) in second  # the reason, then the answer


def test_choice_buttons_and_two_step_hint() -> None:
    at, lv = _open_level(_first("suit_led"))
    at.button(key=f"lv-{lv.id}-hint").click().run()
    assert "Hint 1:" in at.info[0].value
    at.button(key=f"lv-{lv.id}-hint").click().run()
    assert any("The answer:" in i.value for i in at.info)
    at.button(key=f"lv-{lv.id}-choice-{lv.answer_json()}").click().run()
    assert at.success
    assert at.session_state["moon_progress"].stars[lv.id] == 1  # both hints used


def test_hint_after_a_wrong_answer_is_the_next_step_not_the_same_hint() -> None:
    """After a wrong answer the feedback gives the first hint: the Hint button then offers
    the next step (the answer), and nothing shows that first hint a second time."""
    at, lv = _open_level(_first("suit_led"))
    assert len(lv.choices()) > 2
    wrong = next(c for c in lv.choices() if c != str(lv.answer_json()))
    at.button(key=f"lv-{lv.id}-choice-{wrong}").click().run()
    assert "Hint:" in at.error[0].value
    assert at.button(key=f"lv-{lv.id}-hint").label == "Show the answer"
    at.button(key=f"lv-{lv.id}-hint").click().run()
    shown = [i.value for i in at.info]
    assert any("The answer:" in v for v in shown) and not any("Hint 1:" in v for v in shown), shown
    assert at.button(key=f"lv-{lv.id}-hint").disabled


def test_a_wrong_yes_or_no_earns_one_star_as_the_legend_says() -> None:
    """A Yes/No question follows the star rule the page states (a wrong try at a yes-or-no
    question leaves ★, or guessing would be sure of ★★): the wrong answer gets its reason and
    a second try, never a dead end."""
    at, lv = _open_level(_first("is_trump"))
    right, wrong = ("yes", "no") if lv.answer() else ("no", "yes")
    at.button(key=f"lv-{lv.id}-choice-{wrong}").click().run()
    assert at.error and not at.button(key=f"lv-{lv.id}-hint").disabled
    at.button(key=f"lv-{lv.id}-choice-{right}").click().run()
    assert at.success
    assert at.session_state["moon_progress"].stars[lv.id] == 1
    assert "1 of 3 stars" in at.success[0].value
    at.button(key="learn-next").click().run()
    assert at.session_state["learn-level"] != lv.id


def test_next_level_button() -> None:
    at, lv = _open_level(_first("is_trump"))
    at.button(key=f"lv-{lv.id}-choice-{'yes' if lv.answer() else 'no'}").click().run()
    at.button(key="learn-next").click().run()
    assert at.session_state["learn-level"] != lv.id


def test_progress_download_and_upload() -> None:
    at = open_app("learn", state={"moon_progress": Summary(stars={"x": 2})})
    data = at.get("download_button")[0]
    assert data is not None
    saved = json.dumps(transfer.summary_dict(Summary(stars={"tiles-sixes": 3}, hands_played=2))).encode()
    at.file_uploader(key="progress-upload").set_value(("p.json", saved, "application/json")).run()
    assert at.success and "Progress loaded" in at.success[0].value
    assert at.session_state["moon_progress"].stars == {"tiles-sixes": 3}


def test_bad_progress_file_changes_nothing() -> None:
    at = open_app("learn", state={"moon_progress": Summary(stars={"x": 2})})
    bad = json.dumps({"format": "moon-tutor-progress", "stars": {"x": 9}}).encode()
    at.file_uploader(key="progress-upload").set_value(("p.json", bad, "application/json")).run()
    assert at.error and "unchanged" in at.error[0].value.replace("\\", "")
    assert at.session_state["moon_progress"].stars == {"x": 2}


#: The first level of each kind in the course (but ``score_hand``): the one answered.
_ANSWERED = {lv.kind: lv.id for lv in reversed(list(course().levels())) if lv.kind != "score_hand"}


@pytest.mark.parametrize("part", PARTS)
def test_every_level_renders_and_its_answer_is_accepted(part: str) -> None:
    """Open every level of the course's ``part``; answer the course's first level of each kind
    right through its controls. A test per part: the workers of ``pytest -n`` share them."""
    at = open_app("learn")
    stages = {s.id for s in course().stages if s.part == part}
    assert stages
    for lv in (lv for lv in course().levels() if lv.stage in stages):
        if at.selectbox(key="learn-stage").value != lv.stage:
            at.selectbox(key="learn-stage").set_value(lv.stage).run()
        at.radio(key="learn-level").set_value(lv.id).run()
        assert not at.exception, (lv.id, errors(at))
        assert at.session_state["learn-level"] == lv.id
        if _ANSWERED.get(lv.kind) != lv.id:
            continue
        key = f"lv-{lv.id}"
        ans = lv.answer_json()
        tiles = {"legal_tiles", "pick_tiles", "rank", "trick_winner", "play", "ending", "strategy"}
        if lv.kind in tiles:
            if lv.kind == "trick_winner":
                ans = [str(lv.position.trick[ans])]
            picks = ans if isinstance(ans, list) else [ans]
            for t in picks:
                a, b = t.split("-")
                at.button(key=f"{key}-tiles-btn-{a}{b}").click().run()
            if keys(at, f"{key}-check"):
                at.button(key=f"{key}-check").click().run()
        elif lv.kind == "count":
            at.number_input(key=f"{key}-number").set_value(ans).run()
            at.button(key=f"{key}-check").click().run()
        elif lv.kind == "legal_actions":
            for c in ans:
                at.button(key=f"{key}-choice-{c}").click().run()
            at.button(key=f"{key}-check").click().run()
        else:
            choice = {True: "yes", False: "no", None: "nobody"}.get(ans, ans) if isinstance(ans, bool | None) else str(ans)
            at.button(key=f"{key}-choice-{choice}").click().run()
        assert at.success, (lv.id, lv.kind, [e.value for e in at.error])


def _trump_marks(at) -> list[str]:  # type: ignore[no-untyped-def]
    """Every trump mark on the page: a "★" on a button, or a tile drawn as a trump."""
    marks = [b.label for b in at.button if "★" in b.label]
    marks += [m.value[:80] for m in at.markdown if ", trump" in m.value]
    return marks


def test_no_trump_question_marks_the_trumps_before_it_is_answered() -> None:
    """A question about which tiles are trumps (or whether a tile is one) must not show the
    answer in the picture: no gold face, no star on a tile or a button, until it is answered."""
    asked = [lv for lv in course().levels() if lv.task.hides_trumps()]
    assert {lv.kind for lv in asked} >= {"is_trump", "pick_tiles", "suit_led"}
    at = open_app("learn")
    for lv in asked:
        if at.selectbox(key="learn-stage").value != lv.stage:
            at.selectbox(key="learn-stage").set_value(lv.stage).run()
        at.radio(key="learn-level").set_value(lv.id).run()
        assert not at.exception, (lv.id, errors(at))
        assert not _trump_marks(at), (lv.id, _trump_marks(at))
    # Once answered, the trumps are marked again (the picture then teaches).
    lv = course().level("trump-pick")
    at.selectbox(key="learn-stage").set_value(lv.stage).run()
    at.radio(key="learn-level").set_value(lv.id).run()
    for t in lv.answer_json():
        a, b = t.split("-")
        at.button(key=f"lv-{lv.id}-tiles-btn-{a}{b}").click().run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    assert at.success and _trump_marks(at)


def test_every_stage_one_level_shows_tiles_and_stage_two_says_nothing_of_trump() -> None:
    at = open_app("learn")
    for stage in course().stages[:2]:
        at.selectbox(key="learn-stage").set_value(stage.id).run()
        for lv in stage.levels:
            at.radio(key="learn-level").set_value(lv.id).run()
            pictures = [m for m in at.markdown if 'role="img"' in m.value]
            assert pictures, (lv.id, "no tile drawn")
            assert not any(m.value.startswith("Trump:") for m in at.markdown), lv.id


def test_the_star_rule_is_shown_with_the_stars() -> None:
    from content.stars import RULE

    at, lv = _open_level(_first("suit_led"))  # more than two choices (Yes/No: see above)
    wrong = next(c for c in lv.choices() if c != str(lv.answer_json()))
    at.button(key=f"lv-{lv.id}-choice-{wrong}").click().run()  # one miss
    at.button(key=f"lv-{lv.id}-choice-{lv.answer_json()}").click().run()
    assert at.success and RULE in at.success[0].value and "2 of 3 stars" in at.success[0].value
    assert at.session_state["moon_progress"].stars[lv.id] == 2


def test_end_of_stage_summary_and_practise_again() -> None:
    stage = course().stages[0]
    ids = [lv.id for lv in stage.levels]
    stars = {i: 3 for i in ids}
    stars[ids[1]] = 2
    stars[ids[3]] = 1
    at = open_app("learn", state={"moon_progress": Summary(stars=stars), "learn-stage": stage.id,
                                  "learn-level": ids[0]})
    assert not at.exception, errors(at)
    head = [m.value for m in at.markdown if m.value.startswith("### Stage")]
    assert head and f"{sum(stars.values())} of {3 * len(ids)} stars" in head[0]
    missed = next(m.value for m in at.markdown if m.value.startswith("**Levels to practise**")).replace("\\", "")
    assert stage.levels[1].title in missed and stage.levels[3].title in missed
    assert stage.levels[0].title not in missed and stage.levels[2].title not in missed
    at.button(key="learn-practise").click().run()
    assert at.session_state["learn-level"] == ids[1]
    assert at.session_state["learn-practice"] == [ids[1], ids[3]]
    # Solve the first missed level: "Next level" goes to the next missed one.
    lv = stage.levels[1]
    at.number_input(key=f"lv-{lv.id}-number").set_value(lv.answer()).run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    assert at.success, [e.value for e in at.error]
    at.button(key="learn-next").click().run()
    assert at.session_state["learn-level"] == ids[3]


def test_no_summary_before_the_stage_is_done() -> None:
    at = open_app("learn", state={"moon_progress": Summary(stars={course().stages[0].levels[0].id: 3})})
    assert not at.exception, errors(at)
    assert not keys(at, "learn-practise")
    assert not [m for m in at.markdown if m.value.startswith("### Stage")]


def test_a_level_link_opens_that_level_and_a_bad_one_says_so() -> None:
    lv = course().stages[2].levels[1]
    at = open_app("learn", query={"level": lv.id})
    assert not at.exception, errors(at)
    assert (at.session_state["learn-stage"], at.session_state["learn-level"]) == (lv.stage, lv.id)
    assert at.query_params["level"] == lv.id
    at = open_app("learn", query={"level": "<b>nope</b>"})
    assert not at.exception, errors(at)
    said = at.error[0].value.replace("\\", "")
    assert "'<b>nope</b>'" in said and "Stage 1, Level 1" in said
    first = course().stages[0].levels[0].id
    assert at.session_state["learn-level"] == first and at.query_params["level"] == first


def test_play_better_stage_is_labelled_and_a_worse_tile_gets_its_reason() -> None:
    at, lv = _open_level("draw-trumps-1")
    assert not at.exception, errors(at)
    box = at.selectbox(key="learn-stage")
    assert box.options[-10:] == ["Play better 1. Drawing trumps", "Play better 2. Cashing sure tricks",
                                 "Play better 3. Giving up a trick cheaply", "Play better 4. Defending together (3 players)",
                                 "Play better 5. Partners (4 players)", "Play better 6. No trump and doubles as trump",
                                 "Play better 7. Counting what is out",
                                 "Play better 8. Keeping the tiles that matter later",
                                 "Play better 9. Leading through the bidder (3 players)",
                                 "Play better 10. Leading to your partner (4 players)"]
    assert any("one principle a stage" in i.value for i in at.info)
    worse = next(str(t) for t in lv.task.tricks if t != lv.answer())
    a, b = worse.split("-")
    at.button(key=f"lv-{lv.id}-tiles-btn-{a}{b}").click().run()
    first = at.error[0].value.replace("\\", "")
    assert lv.first_hint(lv.grade(worse)) in first and "With " not in first
    at.button(key=f"lv-{lv.id}-tiles-btn-{a}{b}").click().run()
    second = at.error[0].value.replace("\\", "")
    assert lv.grade(worse).text in second and lv.task.explain() in second


def test_a_rules_stage_has_no_play_better_note() -> None:
    at, _lv = _open_level(course().stages[0].levels[0].id)
    assert not any("one principle a stage" in i.value for i in at.info)


def test_a_play_better_stage_is_named_so_when_done_and_on_home() -> None:
    from tutorial.services.progress import place_words

    c = course()
    better = [s for s in c.stages if s.part == "play-better"]
    second = better[1]
    ids = [lv.id for lv in second.levels]
    at = open_app("learn", state={"moon_progress": Summary(stars=dict.fromkeys(ids, 3)), "learn-stage": second.id,
                                  "learn-level": ids[0]})
    assert not at.exception, errors(at)
    head = [m.value for m in at.markdown if m.value.startswith("### ")]
    assert f"### Play better 2 done: {3 * len(ids)} of {3 * len(ids)} stars" in head, head
    assert place_words(c, better[2].levels[0].id) == "Play better 3, Level 1"
    assert place_words(c, c.stages[2].levels[1].id) == "Stage 3, Level 2"


def test_play_better_calls_the_learner_you_and_shows_who_played_what() -> None:
    """Every Play better position names the learner "you" (never "seat N", never "the
    bidder's side" to the bidder), draws the learner's hand once (as the tiles to answer
    with), and captions each tile of the finished tricks with the seat that played it."""
    import re

    from tutorial.services.items import finished_tricks

    levels = [lv for s in course().stages if s.part == "play-better" for lv in s.levels]
    assert levels
    for lv in levels:
        you = lv.position.to_play
        assert you is not None
        said = " ".join([lv.intro, lv.question])
        assert not re.search(rf"\bseat {you}\b", said, re.I), (lv.id, said)
        assert "bidder's side" not in said, (lv.id, said)
    # On the page: the position of each stage with the most finished tricks.
    stages = {lv.stage for lv in levels}
    for stage in sorted(stages):
        lv = max((x for x in levels if x.stage == stage), key=lambda x: len(x.position.played))
        you = lv.position.to_play
        at, _ = _open_level(lv.id)
        assert not at.exception, errors(at)
        shown = [m.value for m in at.markdown]
        # With four players one line says which seat "you" is and the partner's (issue 35's
        # walk); everywhere else the learner is "you".
        line = f"You are **Seat {you}**; your partner is **Seat {(you + 2) % 4}**."
        assert shown.count(line) == (1 if lv.position.players == 4 else 0), (lv.id, shown[:3])
        page = " ".join(m for m in shown if m != line)
        assert not re.search(rf"\bseat {you}\b", page, re.I), (lv.id, [m for m in shown if f"eat {you}" in m])
        assert sum(m == "**Your hand**" for m in shown) == 1, lv.id
        assert 'aria-label="You: tiles"' not in page, f"{lv.id}: the hand is drawn twice"
        tricks = finished_tricks(lv.position)
        assert len(tricks) * lv.position.players == len(lv.position.played), lv.id
        if not tricks:
            continue
        row = next((m for m in shown if 'aria-label="Trick 1, taken by' in m), None)
        assert row is not None, lv.id
        for i, (_plays, won) in enumerate(tricks, start=1):
            assert f'aria-label="Trick {i}, taken by {"You" if won == you else f"Seat {won}"}"' in row, (lv.id, i)
        caps = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r'<div class="moon-cap">(.*?)</div>', row)]
        assert caps == [("You" if s == you else f"Seat {s}") + (" led" if k == 0 else "")
                        for plays, _won in tricks for k, (s, _t) in enumerate(plays)], (lv.id, caps)


def test_the_sidebar_on_learn_shows_the_question_s_rules() -> None:
    """On Learn the sidebar's rules are the question's own (a 4-player position says 4
    players), and it says what the house rules are for; they name no number of players (each
    game chooses its own)."""
    from engine.rules import RuleSet
    from tutorial.services.rules_text import short_summary

    lv = course().level("draw-trumps-3")
    assert lv.rules.players == 4
    at, _ = _open_level(lv.id)
    assert not at.exception, errors(at)
    side = [str(m.value) for m in at.sidebar.markdown]
    assert "**Rules of this question**" in side and short_summary(lv.rules) in side, side
    assert "**House rules**" not in side
    said = " ".join(c.value for c in at.sidebar.caption)
    assert f"Your house rules ({short_summary(RuleSet(), players=False)}) are for new games" in said, said


def test_the_drill_is_under_its_own_level_only() -> None:
    """The drill sits under the level whose position it plays; another level of the stage
    shows its own position only, with one line saying which level has the drill (the walk read
    Level 1's drill, played out, under Level 2's position)."""
    from lessons.strategy.drill import drill_of

    stage = course().stage("pb-cash-walkers")
    d = drill_of(stage)
    number = next(i for i, lv in enumerate(stage.levels, start=1) if lv.id == d.level)
    other = next(lv.id for lv in stage.levels if lv.id != d.level)
    at, _ = _open_level(other)
    assert not at.exception, errors(at)
    said = " ".join(str(m.value) for m in at.markdown)
    assert "### Play it out" not in said and not keys(at, "drill-"), said
    assert any(f"drill plays Level {number}'s position" in str(c.value) for c in at.caption)
    at, _ = _open_level(d.level)
    said = " ".join(str(m.value) for m in at.markdown)
    assert "Play the position above to the end of the hand" in said and "not the position above" not in said


def test_a_reload_after_a_wrong_try_shows_its_feedback_again() -> None:
    """The stars count a wrong try made before a reload; the page shows it too: the same
    "Not quite…" message, and the hint moved on as before (the next press shows the answer)."""
    at, lv = _open_level(_first("is_trump"))
    right, wrong = ("yes", "no") if lv.answer() else ("no", "yes")
    at.button(key=f"lv-{lv.id}-choice-{wrong}").click().run()
    assert not at.exception, errors(at)
    before = at.error[0].value
    assert before.startswith("**Not quite.**")
    hint_label = at.button(key=f"lv-{lv.id}-hint").label
    token = at.session_state["moon_learner_token"]
    again = open_app("learn", {"level": lv.id, "me": token})  # a reload: a new session
    assert not again.exception, errors(again)
    assert [e.value for e in again.error] == [before]
    assert again.button(key=f"lv-{lv.id}-hint").label == hint_label == "Show the answer"
    again.button(key=f"lv-{lv.id}-choice-{right}").click().run()
    assert again.success and "1 of 3 stars" in again.success[0].value


def test_the_star_line_is_short_with_no_brackets_inside_brackets() -> None:
    """The stars under a right answer and the rule beside them: one short line, no brackets
    inside brackets (not "★ otherwise (a wrong try at a yes-or-no question leaves ★))")."""
    import re

    at, lv = _open_level(_first("suit_led"))
    at.button(key=f"lv-{lv.id}-choice-{lv.answer_json()}").click().run()
    line = at.success[0].value.split("\n\n")[-1]
    assert line.startswith("★★★ (3 of 3 stars)"), line
    assert not re.search(r"\([^()]*\(", line) and "))" not in line, line
    assert len(line) <= 140, (len(line), line)


def test_two_wrong_tries_end_the_level_saying_so_not_that_the_answer_was_asked_for() -> None:
    """Play better 2, position 2: two wrong tiles end the level (the second try's feedback
    gives the answer). The line that ends it says the two wrong tries did, not only "The answer
    is shown" (the walk read that as though "Show the answer" had been pressed, which it was
    not): "Show the answer" was never pressed, and the stars are ★."""
    at, lv = _open_level("cash-walkers-2")
    for t in ("6-2", "5-4"):
        at.button(key=f"lv-{lv.id}-tiles-btn-{t.replace('-', '')}").click().run()
    assert not at.exception, errors(at)
    shown = [i.value for i in at.info]
    assert any(v.startswith("After two wrong tries the answer is shown, so this level ends here: ★☆☆ (1 of 3 stars)")
               for v in shown), shown
    assert not any(v.startswith("The answer is shown") for v in shown), shown
    said = " ".join(e.value for e in at.error)
    assert "5-4 wins too, but a trump can also take a trick of a suit you hold none of" in said, said
    assert "trumped later" not in said, said


def test_showing_the_answer_after_one_wrong_try_ends_the_level_with_one_star() -> None:
    """The star rule on the page: the answer shown counts as the next try. One wrong try,
    then "Show the answer": the level ends there with ★ (as after two wrong tries, not ☆☆☆),
    said under the answer, stored as answered so (the level's row on Learn, Home and Progress
    read the stored rows), and the learner can go on."""
    at, lv = _open_level(_first("suit_led"))
    wrong = next(c for c in lv.choices() if c != str(lv.answer_json()))
    at.button(key=f"lv-{lv.id}-choice-{wrong}").click().run()
    at.button(key=f"lv-{lv.id}-hint").click().run()
    assert not at.exception, errors(at)
    shown = [i.value for i in at.info]
    assert any("The answer:" in v for v in shown), shown
    assert any("The answer is shown, so this level ends here: ★☆☆ (1 of 3 stars)" in v for v in shown), shown
    assert not any("Try again" in e.value for e in at.error)  # no try is left
    assert at.session_state["moon_progress"].stars[lv.id] == 1
    assert keys(at, "learn-next") and keys(at, "learn-retry")
    assert at.button(key=f"lv-{lv.id}-choice-{lv.answer_json()}").disabled
    ids = [x.id for x in course().stage(lv.stage).levels]
    row = f"{ids.index(lv.id) + 1}: ★☆☆"
    assert any(row in str(m.value) for m in at.markdown), row


def test_a_picked_tile_looks_selected_not_marked_wrong() -> None:
    """A tile picked before "Check my answer" gets a calm ring (a cool hue, not the orange-red
    of a mark, which read as an error) and "selected" in its label; its button says "✓"."""
    import colorsys
    import re

    at, lv = _open_level(_first("pick_tiles"))
    t = lv.choices()[0]
    a, b = t.split("-")
    at.button(key=f"lv-{lv.id}-tiles-btn-{a}{b}").click().run()
    assert not at.exception, errors(at)
    html = next(m.value for m in at.markdown if f'data-tile="{t}"' in m.value)
    start = html.rindex("<svg", 0, html.index(f'data-tile="{t}"'))
    svg = html[start:html.index("</svg>", start)]
    assert "selected" in re.search(r'aria-label="([^"]*)"', svg).group(1), svg  # type: ignore[union-attr]
    ring = re.search(r'<rect x="1.5" y="1.5"[^>]*stroke="#([0-9A-Fa-f]{6})"', svg)
    assert ring, svg
    r, g, bl = (int(ring.group(1)[i:i + 2], 16) / 255 for i in (0, 2, 4))
    hue = colorsys.rgb_to_hsv(r, g, bl)[0] * 360
    assert 150 <= hue <= 270, (ring.group(1), hue)  # blue or teal: not red, orange or yellow
    assert at.button(key=f"lv-{lv.id}-tiles-btn-{a}{b}").label == f"✓ {t}"


def test_show_the_answer_has_no_tooltip_to_open_over_the_feedback() -> None:
    """After a wrong check, "Show the answer" carries no tooltip: the feedback pushed it under
    the pointer left on "Check my answer", and its tooltip opened by itself over the red box.
    "Hint", before any try, keeps its help."""
    at, lv = _open_level(_first("count"))
    hint = at.button(key=f"lv-{lv.id}-hint")
    assert hint.label == "Hint" and hint.help, hint
    at.number_input(key=f"lv-{lv.id}-number").set_value(lv.answer() + 1).run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    assert at.error
    shown = at.button(key=f"lv-{lv.id}-hint")
    assert shown.label == "Show the answer" and not shown.help, shown.help
