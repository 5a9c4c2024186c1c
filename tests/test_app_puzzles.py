"""AppTest: the Puzzles page (filters, solving, hint, retry, solution, streak, the generator)."""

from __future__ import annotations

from tutorial.services.items import puzzles
from tutorial.testing import errors, keys, open_app


def _current(at):  # type: ignore[no-untyped-def]
    pid = at.session_state["pz-current"]
    extra = at.session_state["moon_extra_puzzles"] if "moon_extra_puzzles" in at.session_state else []
    return next(p for p in [*puzzles(), *extra] if p.id == pid)


def _solve(at, p) -> None:  # type: ignore[no-untyped-def]
    key = f"pz-{p.id}"
    ans = p.answer_json()
    if p.kind in ("play", "ending", "trick_winner"):
        tile = ans if isinstance(ans, str) else str(p.position.trick[ans])
        a, b = tile.split("-")
        at.button(key=f"{key}-tiles-btn-{a}{b}").click().run()
    elif p.kind in ("legal_tiles", "pick_tiles", "rank"):
        for t in ans:
            a, b = t.split("-")
            at.button(key=f"{key}-tiles-btn-{a}{b}").click().run()
        at.button(key=f"{key}-check").click().run()
    elif p.kind == "legal_actions":
        for c in ans:
            at.button(key=f"{key}-choice-{c}").click().run()
        at.button(key=f"{key}-check").click().run()
    elif p.kind == "count":
        at.number_input(key=f"{key}-number").set_value(ans).run()
        at.button(key=f"{key}-check").click().run()
    elif p.kind == "score_hand":
        for i, v in enumerate(ans):
            at.number_input(key=f"{key}-num-{i}").set_value(v).run()
        at.button(key=f"{key}-check").click().run()
    else:
        choice = {True: "yes", False: "no", None: "nobody"}.get(ans, ans) if not isinstance(ans, int) or isinstance(ans, bool) else str(ans)
        at.button(key=f"{key}-choice-{choice}").click().run()


def test_puzzles_page_opens_with_filters() -> None:
    at = open_app("puzzles")
    assert not at.exception, errors(at)
    assert at.multiselect(key="pz-kinds") is not None
    assert at.metric[0].value == str(len(puzzles()))


def test_filter_by_kind_theme_and_difficulty() -> None:
    at = open_app("puzzles")
    at.multiselect(key="pz-kinds").set_value(["trick_winner"]).run()
    assert _current(at).kind == "trick_winner"
    at.multiselect(key="pz-bands").set_value(["beginner"]).run()
    n = sum(1 for p in puzzles() if p.kind == "trick_winner" and p.band == "beginner")
    assert at.metric[0].value == str(n)
    at.multiselect(key="pz-bands").set_value([]).run()
    at.multiselect(key="pz-kinds").set_value([]).run()
    at.multiselect(key="pz-themes").set_value(["void"]).run()
    assert "void" in _current(at).themes


def test_solve_a_puzzle_and_keep_a_streak() -> None:
    at = open_app("puzzles", state={"pz-kinds": ["trick_winner"]})
    p = _current(at)
    _solve(at, p)
    assert not at.exception, errors(at)
    assert at.success, [e.value for e in at.error]
    prog = at.session_state["moon_progress"]
    assert p.id in prog.puzzles_solved and prog.streak == 1
    at.button(key="pz-next").click().run()
    q = _current(at)
    assert q.id != p.id
    _solve(at, q)
    assert at.session_state["moon_progress"].streak == 2


def test_wrong_answer_retry_and_solution() -> None:
    at = open_app("puzzles", state={"pz-kinds": ["play"]})
    p = _current(at)
    key = f"pz-{p.id}"
    wrong = next(c for c in p.choices() if c != p.answer_json())
    a, b = wrong.split("-")
    at.button(key=f"{key}-tiles-btn-{a}{b}").click().run()
    # The first miss gets a hint toward the reason, not the answer.
    first = at.error[0].value.replace("\\", "")
    assert p.hint(1) in first and p.task.explain() not in first
    assert not any(c.value.startswith("Themes:") for c in at.caption)  # themes only after the answer
    at.button(key=f"{key}-tiles-btn-{a}{b}").click().run()
    # The second miss: the engine's reason, then the answer.
    second = at.error[0].value.replace("\\", "")
    assert p.grade(wrong).text in second and p.hint(2) in second
    assert any(c.value.startswith("Themes:") for c in at.caption)
    at.button(key="pz-retry").click().run()
    assert not at.error
    at.button(key=f"{key}-hint").click().run()
    assert "Hint 1:" in at.info[0].value
    at.button(key="pz-solution").click().run()
    assert any("The answer:" in i.value for i in at.info)
    assert at.session_state["moon_progress"].streak == 0
    assert not keys(at, f"{key}-tiles-btn-")  # solved or given up: no more clicking


def test_new_puzzle_from_the_generator() -> None:
    at = open_app("puzzles", state={"pz-kinds": ["legal_tiles"]})
    at.button(key="pz-new").click().run()
    assert not at.exception, errors(at)
    p = _current(at)
    assert p.file == "generated" and p.kind == "legal_tiles"
    _solve(at, p)
    assert at.success


def test_one_puzzle_of_every_kind_is_solved_through_its_controls() -> None:
    at = open_app("puzzles")
    for kind in sorted({p.kind for p in puzzles()}):
        at.multiselect(key="pz-kinds").set_value([kind]).run()
        p = _current(at)
        assert p.kind == kind
        _solve(at, p)
        assert not at.exception, (kind, errors(at))
        assert at.success, (p.id, kind, [e.value for e in at.error])


def test_the_puzzle_of_the_day_heading_says_done_and_the_next_puzzle_has_its_own() -> None:
    """Once the puzzle of the day is done, its heading says so, and the puzzle picked next
    sits under its own heading ("Your next puzzle"), never under "Puzzle of the day"."""
    at = open_app("practice")
    assert not at.exception, errors(at)
    daily = [e for e in at.expander if e.label.startswith("Puzzle of the day")]
    assert len(daily) == 1 and "done" not in daily[0].label
    # folded, its label says it is a panel to open, not the heading of what follows
    assert daily[0].label.endswith("· open it to answer"), daily[0].label
    assert [h.value for h in at.subheader] == ["Your next puzzle"]
    solution = next(k for k in keys(at, "daily-") if k.endswith("-solution"))
    at.button(key=solution).click().run()
    daily = [e for e in at.expander if e.label.startswith("Puzzle of the day")]
    assert len(daily) == 1 and daily[0].label.endswith("· done ✓"), daily[0].label
    assert [h.value for h in at.subheader] == ["Your next puzzle"]


def test_each_wrong_try_gets_its_engine_reason_once_the_answer_is_shown() -> None:
    """A wrong legal tile gets a hint on the first try; once the answer is shown (a second
    wrong try, or asked for) every wrong tile tried gets the engine's reason why."""
    from tutorial.services.items import Attempt, puzzles, submit, tries_explained

    for kind in ("play", "ending"):
        p = next(x for x in puzzles() if x.kind == kind)
        right = str(p.task.answer())
        first, second = [c for c in p.choices() if c != right][:2]
        att = Attempt()
        submit(p, att, first)
        assert att.feedback is not None and "Try again" in att.feedback[1]
        assert p.grade(first).text not in att.feedback[1]  # a hint first, not the reason
        # Asked for the answer now: the first try's reason, from the engine.
        assert tries_explained(p, att) == f"**Why your try was wrong:**\n- **{first}:** {p.grade(first).text}"
        submit(p, att, second)  # the second wrong try shows the answer, and both reasons
        text = att.feedback[1]
        assert p.grade(second).text.split(". ")[0] in text and p.grade(first).text in text, text
        assert "**The answer:**" in text
    # An ending's reason follows the solver's line to the end, where the trick is lost.
    end = next(x for x in puzzles() if x.kind == "ending")
    wrong = next(c for c in end.choices() if c != str(end.task.answer()))
    assert end.grade(wrong).text.count("wins)") == len(end.task.hand)


def test_a_yes_or_no_puzzle_right_at_the_second_try_gives_one_star() -> None:
    """Guessing must not be sure of 2 stars: after a wrong try at a yes-or-no puzzle only the
    right answer is left, so solving it gives 1 star, and the page says so."""
    at = open_app("puzzles", state={"pz-kinds": ["is_trump"]})
    p = _current(at)
    assert p.choices() == ["yes", "no"]
    right = "yes" if p.answer_json() is True else "no"
    wrong = "no" if right == "yes" else "yes"
    at.button(key=f"pz-{p.id}-choice-{wrong}").click().run()
    assert at.error
    at.button(key=f"pz-{p.id}-choice-{right}").click().run()
    assert not at.exception, errors(at)
    assert at.success and "1 of 3 stars" in at.success[0].value, [s.value for s in at.success]


def test_auction_winner_shows_no_contract_until_answered() -> None:
    """"Who won the auction?" shows the bids, not the contract (the answer), until answered."""
    at = open_app("puzzles", state={"pz-kinds": ["auction_winner"]})
    p = _current(at)
    while p.position.bid is None:  # a puzzle where somebody bid
        at.button(key="pz-next").click().run()
        p = _current(at)
    shown = " ".join(m.value for m in at.markdown)
    assert "Bids: " in shown and "Contract:" not in shown, shown
    _solve(at, p)
    assert at.success, errors(at)
    assert f"Contract: seat {p.answer_json()} bid" in " ".join(m.value for m in at.markdown)
