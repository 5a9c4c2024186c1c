"""The course and the puzzles: every file loads, every answer is recomputed by the engine and
matches the stored one, and every wrong answer a learner can give gets a specific explanation.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from content import KINDS, Item
from lessons import Course, check_course
from lessons.loader import DATA_DIR as LESSON_DIR
from puzzles import Puzzle, check_puzzles
from puzzles.loader import DATA_DIR as PUZZLE_DIR

ROOT = Path(__file__).resolve().parent.parent


@cache
def course() -> Course:
    c, errors = check_course()
    assert not errors, "\n".join(map(str, errors))
    return c


@cache
def puzzles() -> dict[str, Puzzle]:
    ps, errors = check_puzzles()
    assert not errors, "\n".join(map(str, errors))
    return {p.id: p for p in ps}


def _ids(folder: Path, table: str) -> list[str]:
    """Entry ids read straight from the TOML files (cheap: no engine work at collection)."""
    out = []
    for path in sorted(folder.glob("*.toml")):
        with path.open("rb") as f:
            out += [e["id"] for e in tomllib.load(f).get(table, [])]
    return out


LEVEL_IDS = _ids(LESSON_DIR, "level")
PUZZLE_IDS = _ids(PUZZLE_DIR, "puzzle")


def _check_item(item: Item) -> None:
    task = item.task
    # The engine's answer, graded as a learner's answer, is right.
    fb = item.grade(item.answer_json())
    assert fb.correct and fb.code == "correct", (item.id, fb)
    # Every wrong answer is refused with a specific explanation.
    wrong = task.wrong_answers()
    assert wrong, f"{item.id}: a question needs at least one wrong answer"
    for w in wrong:
        fb = item.grade(w)
        assert not fb.correct, (item.id, w)
        assert fb.code in task.codes, (item.id, w, fb.code)
        assert len(fb.text) > 20, (item.id, w, fb.text)
        if fb.code in item.feedback:
            assert fb.text == item.feedback[fb.code]
    # Two hints: where to look, then the engine's answer with its reason.
    assert item.hint(1) and item.hint(2).endswith(task.explain())
    choices = item.choices()
    assert item.question and (choices is None or len(choices) >= 2)


# -- the course --------------------------------------------------------------------------------
def test_course_has_twelve_stages_of_at_least_three_levels() -> None:
    c = course()
    assert [s.number for s in c.stages if s.part == "rules"] == list(range(1, 13))
    better = [s for s in c.stages if s.part == "play-better"]
    assert better and min(s.number for s in better) > 12 and c.stages[-len(better):] == better
    for s in c.stages:
        assert len(s.levels) >= 3, s.id
        assert s.title and s.summary
    assert len(LEVEL_IDS) == len(set(LEVEL_IDS)) == sum(len(s.levels) for s in c.stages)


@pytest.mark.parametrize("level_id", LEVEL_IDS)
def test_level(level_id: str) -> None:
    level = course().level(level_id)
    assert level.intro
    _check_item(level)


def test_stumbling_points_get_more_levels() -> None:
    """Following suit and trump are where learners stumble: they get the most practice."""
    sizes = {s.id: len(s.levels) for s in course().stages}
    assert sizes["following"] >= 8 and sizes["trump"] >= 6


def test_the_course_covers_its_topics() -> None:
    c = course()
    kinds = Counter(lv.kind for lv in c.levels())
    # every kind the issue names is taught at least once
    for k in ("legal_tiles", "suit_led", "is_trump", "rank", "trick_winner", "play", "score_hand",
              "game_winner", "bid", "trump_choice"):
        assert kinds[k] >= 1, k
    house = c.stage("house-rules")
    changed = set()
    for lv in house.levels:
        changed |= set(lv.rules.differences())
    # every house rule of docs/rules.md has a level (players is stage 11's subject)
    from engine import VARIANTS

    assert set(VARIANTS) - {"players", "target"} <= changed


def test_stars_follow_the_one_visible_rule() -> None:
    """3 stars right first time without a hint, 2 after one miss or one hint, 1 otherwise; the
    same rule for every level (no par), through ``Item.stars`` and ``content.stars``."""
    from content.stars import RULE, stars_for

    level = course().level("follow-two-suit-threes")
    assert not hasattr(level, "par")
    assert level.stars(1) == 3
    assert level.stars(2) == 2 and level.stars(1, hints_used=1) == 2
    assert level.stars(3) == 1 and level.stars(2, hints_used=1) == 1 and level.stars(1, hints_used=2) == 1
    table = {(m, h): stars_for(m, h) for m in range(4) for h in range(3)}
    assert table[(0, 0)] == 3 and table[(1, 0)] == table[(0, 1)] == 2
    assert all(v == 1 for k, v in table.items() if sum(k) >= 2)
    with pytest.raises(ValueError):
        stars_for(-1, 0)
    assert "first time" in RULE and "one hint" in RULE


def test_a_wrong_try_at_a_yes_or_no_question_leaves_one_star() -> None:
    """Guessing a question of two answers must not be sure of 2 stars: one wrong try leaves
    only the right answer, so it gives 1 star; a hint alone still gives 2, and a question of
    three answers keeps the common rule. The puzzles and levels of two answers follow it; the
    exception is said (:data:`content.stars.YES_NO`) where it applies and in the stars' help."""
    from content.stars import YES_NO, stars_for

    assert stars_for(1, 0, options=2) == 1 and stars_for(0, 1, options=2) == 2
    assert stars_for(0, 0, options=2) == 3 and stars_for(1, 0, options=3) == 2
    assert stars_for(1, 0, options=None) == 2
    assert "yes-or-no" in YES_NO
    yes_no = [p for p in puzzles().values() if p.choices() == ["yes", "no"]]
    assert yes_no, "the shipped puzzles have yes-or-no questions"
    for p in yes_no:
        assert p.options() == 2
        assert p.stars(1) == 3 and p.stars(2) == 1 and p.stars(1, hints_used=1) == 2
    levels = [lv for lv in course().levels() if lv.choices() == ["yes", "no"]]
    assert levels and all(lv.stars(2) == 1 for lv in levels)
    many = next(lv for lv in course().levels() if lv.task.mode == "many")
    assert many.options() is None


def test_feedback_override_replaces_the_engine_words() -> None:
    level = course().level("follow-plain-suit-led")
    fb = level.grade(["5-3", "6-5"])
    assert fb.code == "trump-cannot-follow" and fb.reasons == ("trump-cannot-follow",)
    assert fb.text == level.feedback["trump-cannot-follow"]
    # a code without an override keeps the engine's words
    fb = level.grade(["2-1"])
    assert fb.code == "must-follow" and "You must follow fives" in fb.text


# -- the puzzles -------------------------------------------------------------------------------
def test_puzzle_set_size_and_coverage() -> None:
    ps = list(puzzles().values())
    assert len(ps) >= 150
    kinds = Counter(p.kind for p in ps)
    # Play better's positions (kind strategy) are Learn stages, not puzzles.
    assert set(kinds) == set(KINDS) - {"strategy"}, set(KINDS) - set(kinds)
    assert kinds["ending"] >= 30
    bands = Counter(p.band for p in ps)
    assert len(bands) >= 3 and min(bands.values()) >= 10, bands
    assert len(PUZZLE_IDS) == len(set(PUZZLE_IDS))
    for p in ps:
        assert p.themes and 400 <= p.rating <= 3000


@pytest.mark.parametrize("puzzle_id", PUZZLE_IDS)
def test_puzzle(puzzle_id: str) -> None:
    p = puzzles()[puzzle_id]
    _check_item(p)
    # the stored solution is the engine's (the loader cross-checks; check again here)
    p.task.check_expected(p.raw["solution"])
    if p.kind in ("play", "ending"):
        # exactly one tile is right
        right = [t for t in p.task.choices() or [] if p.grade(t).correct]
        assert right == [p.answer_json()]


def test_endings_are_verified_by_the_solver() -> None:
    from engine.solver import move_values

    for p in puzzles().values():
        if p.kind != "ending":
            continue
        pos = p.position
        assert pos.trump is not None and pos.leader is not None and pos.to_play is not None
        hands = [list(pos.hand(s)) for s in range(pos.players)]
        mv = move_values(hands, pos.trump, pos.leader, set(pos.side_of(pos.to_play)), pos.trick)
        need = p.task.p["need"]
        assert max(mv.values()) == need
        assert [t for t, v in mv.items() if v >= need] == [p.answer()]


# -- export, stats, check ------------------------------------------------------------------------
EXPORT_KEYS = {"id", "source", "kind", "rules", "trump", "hands", "leader", "to_play", "trick", "bids",
               "bidder", "bid", "tricks_won", "scores", "question", "answer"}


def test_export_rows() -> None:
    from puzzles.__main__ import export_rows

    rows: list[dict[str, Any]] = export_rows()
    assert len(rows) == len(LEVEL_IDS) + len(PUZZLE_IDS)
    assert len({r["id"] for r in rows}) == len(rows)
    for r in rows:
        assert EXPORT_KEYS <= set(r), r["id"]
        assert r["source"] in ("puzzle", "lesson")
        json.dumps(r)
        item = course().level(str(r["id"])) if r["source"] == "lesson" else puzzles()[str(r["id"])]
        assert r["answer"] == item.answer_json()
        pos = item.position
        for seat, h in enumerate(r["hands"]):
            assert h == ([str(t) for t in pos.hand(seat)] if seat in pos.shown else [])
        assert r["trump"] in (None, "doubles", "none", *map(str, range(7)))
    by_id = {r["id"]: r for r in rows}
    assert by_id["win-two-suit"]["answer"] == 1
    assert by_id["follow-basic"]["answer"] == ["4-1", "4-4"]
    assert by_id["score-set"]["answer"] == [2, -5, 1]
    assert by_id["game-tie"]["answer"] is None
    assert by_id["hw-two-suit-tile"]["hands"][0] == [] and by_id["hw-two-suit-tile"]["hands"][1]


def test_cli_export() -> None:
    out = subprocess.run([sys.executable, "-m", "puzzles", "export"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    lines = out.splitlines()
    assert len(lines) == len(LEVEL_IDS) + len(PUZZLE_IDS)
    assert json.loads(lines[0])["source"] == "lesson" and json.loads(lines[-1])["source"] == "puzzle"


def test_cli_stats_and_check(capsys: pytest.CaptureFixture[str]) -> None:
    from puzzles.__main__ import main

    assert main(["stats"]) == 0
    stats = capsys.readouterr().out
    assert "beginner" in stats and "advanced" in stats and "ending" in stats
    assert f"Puzzles: {len(PUZZLE_IDS)}" in stats
    assert main(["check"]) == 0
    assert "0 problem(s)" in capsys.readouterr().out


def test_export_rederives_every_answer_from_outside() -> None:
    """An export row holds everything its position needs: ``position`` (the widow, earlier
    tricks and every given hand included), ``rules``, ``kind`` and ``params`` rebuild the task and
    its answer, with no access to the content files."""
    from content import Position, make_task
    from engine import RuleSet
    from puzzles.__main__ import export_rows

    rows = export_rows()
    for row in rows:
        pos = Position.from_dict(json.loads(json.dumps(row["position"])), RuleSet.from_dict(row["rules"]))
        task = make_task(row["kind"], pos, row["params"])
        assert task.answer_json() == row["answer"], row["id"]
        assert row["widow"] == [str(t) for t in pos.widow] and row["played"] == [str(t) for t in pos.played]
    widow = next(r for r in rows if r["id"] == "bid-widow-first")
    assert widow["widow"] == ["6-4"] and widow["position"]["widow"] == ["6-4"]


def test_rules_for_the_question_never_state_its_answer() -> None:
    """The "Rules for this question" note drops a sentence that gives the answer (the number
    asked for, or the tiles of the set when the set is the question)."""
    from tutorial.services.items import rules_note
    from tutorial.services.rules_text import house_rules

    checked = 0
    for lv in course().levels():
        if lv.position.players != 4 and not lv.rules.differences():
            continue
        note = " ".join(rules_note(lv, house_rules(lv.rules)))
        ans = lv.answer_json()
        if isinstance(ans, int) and not isinstance(ans, bool):
            import re

            assert not re.search(rf"(?<![\d-]){ans}(?![\d-])", note), (lv.id, note)
            checked += 1
        if lv.kind in ("count", "pick_tiles") and "tiles" in note:
            assert lv.task.selection.of != "set", lv.id
    assert checked >= 5
    # the rule itself stays when it does not give the answer away
    four = course().level("four-follow")
    assert "partnerships" in " ".join(rules_note(four, house_rules(four.rules)))


def test_feedback_on_many_tiles_is_one_line_per_tile() -> None:
    from content import Position, make_task

    t = make_task("legal_tiles", Position.from_dict(
        {"trump": "6", "leader": 0, "trick": ["3-2"], "hands": {"1": "6-3 5-3 3-1 4-4 2-1"}}), {})
    lines = t.grade(["6-3", "2-1"]).text.split("\n")
    assert len(lines) == 4 and all(line.startswith("- ") for line in lines)
    assert [line.split()[1] for line in lines] == ["2-1", "6-3", "You", "You"]
    assert "3-1" in lines[2] and "5-3" in lines[3]
    p = make_task("pick_tiles", Position.from_dict({"trump": "6", "tiles": ["6-1", "5-5", "4-6", "3-2"]}),
                  {"of": "trumps"})
    text = p.grade(["5-5", "6-1"]).text
    assert text.count("\n- ") == 1 and "5-5 does not fit" in text and "You left out 6-4" in text
    # one issue stays one sentence
    assert "\n" not in t.grade(["5-3", "3-1", "2-1"]).text


def _repeated_sentences(text: str) -> set[str]:
    """Sentences (25 characters or more) said both before "The answer:" and after it."""
    import re

    reason, _, answer = text.partition("**The answer:**")

    def sentences(part: str) -> set[str]:
        return {s.strip(" -") for s in re.split(r"(?<=[.!?])\s+", part) if len(s.strip(" -")) >= 25}

    return sentences(reason) & sentences(answer)


def test_a_second_miss_says_each_sentence_once() -> None:
    """After a second wrong answer the learner reads why it is wrong, then the answer with
    its reason: the answer repeats no sentence of the reason (a bid's reason and its answer
    both carried the strong player's whole summary; a count's both listed the tiles)."""
    from tutorial.services.items import wrong_answer_text

    items: list[Item] = [*course().levels(), *puzzles().values()]
    checked = 0
    for item in items:
        for w in item.task.wrong_answers():
            text = wrong_answer_text(item, item.grade(w).text, 2)
            assert "**The answer:** " + item.hint(2) in text, (item.id, w)
            assert not _repeated_sentences(text), (item.id, w, text)
            checked += 1
    assert checked > 500
    assert _repeated_sentences("Not 5. I bid 4 with ones trump here. **The answer:** I bid 4 with ones trump here.")


def test_intros_teach_with_other_tiles_than_the_question() -> None:
    """An intro teaches the idea with its own example: neither it nor the title names any of
    the tiles the question puts on the table (the tiles asked about, the trick, the hands
    shown): a title such as "6-4 is the top four" above "rank the fours" gives it away."""
    from tutorial.services.items import tiles_named

    for lv in course().levels():
        pos = lv.position
        on_table = {*pos.tiles, *pos.trick, *(t for s in pos.shown for t in pos.hand(s))}
        for part in (lv.title, lv.intro):
            named = set(tiles_named(part))
            assert not named & on_table, (lv.id, sorted(map(str, named & on_table)))


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve")


def _says_number(text: str, n: int) -> bool:
    """Whether ``text`` states the number ``n``: as digits (not inside a tile such as 6-4),
    or as a word ("six", not "sixes"; "one", "single" or "lone" for 1)."""
    import re

    if re.search(rf"(?<![\d-]){n}(?![\d-])", text):
        return True
    words = [_NUMBER_WORDS[n]] if n < len(_NUMBER_WORDS) else []
    words += ["single", "lone"] if n == 1 else []
    return any(re.search(rf"\b{w}\b", text, re.IGNORECASE) for w in words)


def _shown_before_answering(item: Item) -> dict[str, str]:
    """What the learner reads before answering: a level's stage summary (Learn shows it above
    every level of the stage), title and intro, the "Rules for this question" note (levels
    and puzzles alike), a level's address (its id, in the browser's address bar and in any
    link to it), the question itself and the lines of the table above the tiles (trump,
    bids, contract, tricks taken, scores: ``table``, as Learn, Puzzles and Practice draw them
    before the question is answered)."""
    from tutorial.services.items import rules_note, table_notes
    from tutorial.services.rules_text import house_rules

    pos = item.position
    noted = (pos.players == 4 or pos.rules.differences()) and not getattr(item, "whole_set", False)
    rules = " ".join(rules_note(item, house_rules(pos.rules))) if noted else ""
    stage = getattr(item, "stage", None)
    summary = course().stage(stage).summary if isinstance(stage, str) else ""
    # a level's id is its address (/learn?level=<id>), read as words
    address = item.id.replace("-", " ") if isinstance(stage, str) else ""
    return {"stage": summary, "title": getattr(item, "title", ""), "intro": getattr(item, "intro", ""),
            "rules": rules, "address": address, "question": item.question,
            "table": " ".join(table_notes(item, False, house_rules(pos.rules)))}


def _sentences(text: str) -> list[str]:
    import re

    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def giveaways(item: Item) -> list[str]:
    """The places where what is shown before answering gives ``item``'s answer away, one check
    per kind of answer (empty when none does):

    - a tile answer (the tiles to pick, the order, the tile to play): an answer tile named in
      the title, intro, rules or question;
    - a count: the number counted, in digits or words, anywhere shown; or every tile counted
      named in the title or intro (the six sixes listed above "how many trumps?"); or, for a
      suit counted, every tile of another suit as long named there (the seven fives listed
      above "how many tiles bear a six?": the same count);
    - the tiles to pick: their number said as "N tiles" or "N trumps"; every tile on offer
      to be picked;
    - the suit led: a sentence saying that a lead calls the answer's suit in general, with no
      example tile of its own ("a double led when doubles are trump leads trumps", "a double
      leads its own suit" above a double led);
    - a ranking: a title saying its top tile's rule ("The double is on top", "Any trump beats
      the suit"); a trick's winner or the play that wins it: a title saying which tiles can
      win ("Big pips off the suit do not count", "Win it in the suit");
    - a seat, a bid or a score: the number stated in the title or the rules (a score's rules
      may state points and seats: its title only), and for the winner of a trick, "seat N
      wins" in the title or intro;
    - a trick's winner, the play that wins it or the tiles that may follow: a title naming a
      kind of tile (a double, a trump, a two-suit tile) when the answer is the only tile of
      that kind in the trick (or among the tiles that may be played), or saying what wins ("The
      double takes it", "The higher trump", "Pips off the suit count for nothing"); an intro
      sentence with no example tile of its own saying that such a kind wins, or describing the
      question's own trick ("Here threes were led..."), see :func:`_kind_giveaways`;
    - every tile of the hand may be played: a sentence other than the question saying that
      any tile may be ("may play any tile at all", "The leader may play anything",
      ``lead-any``), unless on the condition of being void in the suit led, which the learner
      has to find in the hand;
    - nobody has won the game: the title naming a tie at the top or what it means ("A tie at
      the top plays on", "Teams can tie too"): the learner has to find the tie in the scores;
    - the learner holds none of the suit led (every tile may follow, or the tile to play is
      chosen from the whole hand): the title naming that case or what it allows ("When you
      cannot follow", "Last to play, out of the suit", "A look-alike does not force you",
      "Trumping in") and not the case of following too: the title heads this one position,
      so the one case it names is read as the case at hand, which the learner has to find
      in the hand; a level's address naming it (``follow-void``, ``follow-last-out-of-suit``);
      or an intro sentence saying it with no condition ("You are last to play and hold none
      of the suit led");
    - pass or a bid (``"Pass, or bid how many tricks?"``): answered pass, a title, intro or
      address saying pass or a weak hand ("Know when to pass", ``bid-weak-hand``, "takes few
      tricks"); answered a bid, a title or address calling the hand strong
      (``bid-strong-hand``);
    - a yes or no (is this tile a trump?): asked with no trump named (the table's "Trump: no
      trump" answers it, whatever the tile); a level's address saying a verdict (``trump-not``,
      ``doubles-is-trump``); a sentence of the title, intro or rules that says
      the answer ("is a trump", "never a trump", "no trumps at all") of the tile asked or of a
      kind of tile it is (the doubles, big tiles, a trump number on the lower end), or points
      at the part of the tile that decides it ("Look at both ends" above a trump by its lower
      end), see :func:`_yes_no_giveaways`;
    - the table above the tiles stating the outcome asked for: the contract (who holds it)
      under "Who won the auction?", the trump named under "Which trump?", the learner's own
      bid in the contract under "Pass, or bid how many tricks?";
    - the best tile of a Play better position: the answer tile named, or its rank said when
      it is the hand's top trump ("lead your trumps from the top" above "which tile do you
      lead?").
    """
    import re

    from content.checks.selection import Selection
    from engine.trump import TRUMP, describe_suit
    from tutorial.services.items import tiles_named

    shown = _shown_before_answering(item)
    teach = {k: v for k, v in shown.items() if k in ("title", "intro", "address")}
    found: list[str] = []
    ans = item.answer_json()
    kind = item.kind
    tile_answer = [str(t) for t in (ans if isinstance(ans, list) else [ans]) if isinstance(t, str) and re.fullmatch(r"[0-6]-[0-6]", t)]
    if tile_answer and kind in ("pick_tiles", "legal_tiles", "rank", "play", "ending", "strategy"):
        for where, text in shown.items():
            named = {str(t) for t in tiles_named(text)} & set(tile_answer)
            if named:
                found.append(f"{where} names the answer tile(s) {sorted(named)}")
    if kind == "count":
        for where, text in shown.items():
            if _says_number(text, ans):
                found.append(f"{where} states the count {ans}")
        members = set(item.task.members())  # type: ignore[attr-defined]
        for where, text in teach.items():
            if members and members <= set(tiles_named(text)):
                found.append(f"{where} lists every tile counted")
        asked = item.task.selection  # type: ignore[attr-defined]
        if asked.of == "suit":
            for suit in set(range(7)) - {asked.suit}:
                other = set(Selection("suit", suit).of_set(item.position))
                for where, text in teach.items():
                    # (as many listed as counted: "the fours of a full set" above the threes
                    # of the three-player set leaves the blank to take out)
                    listed = {t for t in tiles_named(text) if t.high == suit or t.low == suit}
                    if len(listed) == ans and other <= listed:
                        found.append(f"{where} lists every tile of the {describe_suit(suit)}, as many as the count")
    if kind == "pick_tiles" and set(ans) == set(item.choices() or []):
        found.append("every tile on offer is to be picked (\"pick every tile that is in play\" with four players)")
    if kind == "legal_tiles" and set(ans) == set(map(str, item.position.hand(item.position.to_play))):
        for where, text in shown.items():
            for sentence in _sentences(" ".join(text.split())) if where != "question" else []:
                if re.search(_SAYS_ANY_TILE, sentence, re.IGNORECASE) and not re.search(_VOID, sentence, re.IGNORECASE):
                    found.append(f"{where} says any tile may be played, the answer (every tile): {sentence!r}")
    if kind == "game_winner" and ans is None and re.search(_SAYS_TIE, shown["title"], re.IGNORECASE):
        found.append(f"title says the scores tie at the top, the answer (nobody has won): {shown['title']!r}")
    if kind == "game_winner" and isinstance(ans, int) and not isinstance(ans, bool):
        # (a role the question itself names, "'Bidder goes out' rule", tells nothing more)
        role, says = _winner_role(item, ans)
        for where in ("title", "address"):
            if (re.search(says, shown[where], re.IGNORECASE) and re.search(_SAYS_WINS_GAME, shown[where], re.IGNORECASE)
                    and not re.search(says, shown["question"], re.IGNORECASE)):
                found.append(f"{where} says the {role} win: {shown[where]!r}")
    if kind in ("legal_tiles", "play"):
        for where in ("title", "address"):
            if re.search(_SAYS_FOLLOWS, shown[where], re.IGNORECASE):
                found.append(f"{where} states which tiles follow, the answer: {shown[where]!r}")
    if kind in ("legal_tiles", "play") and _void_in_suit_led(item):
        # (a title naming both cases, "Follow suit? Trump in? Throw off?", leaves the case to the hand)
        both = re.search(r"\bfollow\b", re.sub(_VOID_CASE, "", shown["title"], flags=re.IGNORECASE), re.IGNORECASE)
        if re.search(_VOID_CASE, shown["title"], re.IGNORECASE) and not both:
            found.append(f"title says the learner holds none of the suit led: {shown['title']!r}")
        if re.search(_VOID_CASE, shown.get("address", ""), re.IGNORECASE):
            found.append(f"address says the learner holds none of the suit led: {shown['address']!r}")
        for sentence in _sentences(" ".join(shown["intro"].split())):
            if re.search(_VOID_CASE, sentence, re.IGNORECASE) and not re.search(_CONDITION, sentence, re.IGNORECASE):
                found.append(f"intro says the learner holds none of the suit led: {sentence!r}")
    if kind == "bid":
        # (the question itself offers "Pass, or bid how many tricks?": only the teaching is read)
        verdict, says = ("pass", _SAYS_PASS) if ans == "pass" else ("a bid", _SAYS_BID)
        for where, text in teach.items():
            for sentence in _sentences(" ".join(text.split())):
                if re.search(says, sentence, re.IGNORECASE) and not (where == "intro" and verdict == "a bid"):
                    found.append(f"{where} says the verdict, {verdict}: {sentence!r}")
    if kind in ("pick_tiles", "legal_tiles") and len(ans) > 1:
        n = len(ans)
        words = "|".join([str(n), _NUMBER_WORDS[n]] if n < len(_NUMBER_WORDS) else [str(n)])
        for where, text in shown.items():
            if re.search(rf"\b(?:{words})\s+(?:tiles|trumps|of them)\b", text, re.IGNORECASE):
                found.append(f"{where} says how many tiles to pick ({n})")
    if kind == "suit_led":
        suit = "trumps" if ans == "trump" else describe_suit(int(ans))
        said = suit
        led = item.position.tiles[0] if item.position.tiles else None
        if led is not None and led.is_double and str(ans) == str(led.high):
            said += "|its own (?:suit|number)"
        for where, text in teach.items():
            for sentence in _sentences(text):
                if (re.search(rf"\b(?:lead|leads|leading|led|call|calls)\b.*\b(?:{said})\b", sentence, re.IGNORECASE)
                        and not tiles_named(sentence)):
                    found.append(f"{where} says in general that the lead calls {suit}: {sentence!r}")
    if kind == "rank":
        top, tr = item.answer()[0], item.position.trump  # type: ignore[index]
        if top.is_double and re.search(r"\bdoubles?\b.*\b(?:on top|top|highest|first|best)\b", shown["title"], re.IGNORECASE):
            found.append("title says the double ranks first")
        if (tr is not None and tr.is_trump(top) and item.task.suit != "trump"  # type: ignore[attr-defined]
                and re.search(r"\btrumps?\b.*\bbeats?\b", shown["title"], re.IGNORECASE)):
            found.append("title says the trump ranks first")
    if kind in ("trick_winner", "play") and re.search(
            r"\b(?:do|does|can|will) ?not (?:count|win)\b|\bcannot win\b|\bin the suit\b", shown["title"], re.IGNORECASE):
        found.append("title says which tiles can win")
    if kind in ("trick_winner", "auction_winner", "game_winner", "bid", "trump_choice", "score_hand"):
        numbers = [ans] if isinstance(ans, int) else ans if isinstance(ans, list) else []
        if isinstance(ans, str) and ans.startswith("bid "):
            numbers = [int(ans[4:])]
        # (a score's rules note may state points and seats: the title alone must not)
        for where in ("title",) if kind == "score_hand" else ("title", "rules"):
            for n in numbers:
                if isinstance(n, int) and not isinstance(n, bool) and re.search(rf"(?<![\d-])[+-]?{abs(n)}(?![\d-])", shown[where]):
                    found.append(f"{where} states the number {n} of the answer")
        if kind == "trick_winner":
            winner = item.position.seat_of(ans) if item.position.leader is not None else None
            for where, text in teach.items():
                if winner is not None and re.search(rf"\bseat {winner} (?:wins|takes)\b", text, re.IGNORECASE):
                    found.append(f"{where} says seat {winner} wins")
    table = shown["table"]
    if kind == "auction_winner" and re.search(r"\bcontract\b", table, re.IGNORECASE):
        found.append(f"table states the contract, the auction's outcome (the answer {ans}): {table!r}")
    if kind == "trump_choice" and re.search(r"\btrump:", table, re.IGNORECASE):
        found.append(f"table names the trump, the answer {ans}: {table!r}")
    if kind == "bid" and isinstance(ans, str) and ans.startswith("bid ") and re.search(
            rf"\bcontract:[^.]*\bseat {item.position.to_play} bid {ans[4:]}\b", table, re.IGNORECASE):
        found.append(f"table states the learner's own bid, the answer {ans}: {table!r}")
    if kind == "is_trump" and item.position.trump is not None and item.position.trump.kind == "none":
        found.append("asks whether a tile is a trump with no trump named: nothing is, the answer")
    if kind == "is_trump":
        found += _yes_no_giveaways(item, {k: v for k, v in shown.items() if k != "question"})
    if kind in ("trick_winner", "play", "legal_tiles"):
        found += _kind_giveaways(item, teach)
    if kind == "strategy":
        hand, tr, best = item.position.hand(item.position.to_play), item.position.trump, item.answer()
        trumps = [t for t in hand if tr is not None and tr.is_trump(t)]
        if len(trumps) > 1 and best == max(trumps, key=lambda t: tr.power(t, TRUMP)):  # type: ignore[union-attr]
            rank = r"\bfrom the top\b|\b(?:top|highest|biggest|best)\s+trumps?\b"
            for where, text in shown.items():
                if re.search(rank, text, re.IGNORECASE):
                    found.append(f"{where} says to lead the top trump, the answer {best}")
    return found


#: Words saying that any tile may be played (above a question whose answer is every tile).
_SAYS_ANY_TILE = r"\bany(?:thing)?\b|\bevery tile\b|\bwhatever\b|\bfree(?:ly)?\b|\bno (?:rule|limit)s?\b"
#: ... unless the sentence teaches it on a condition the learner must check in the hand: void
#: in the suit led ("If you hold no tile of the suit led, you may play any tile").
_VOID = r"\bvoid\b|\bhold(?:s)? (?:no tile|none)\b|\bcannot follow\b"


#: A hand to pass, or passing (above "Pass, or bid how many tricks?" answered pass).
_SAYS_PASS = r"\bpass(?:es|ed|ing)?\b|\bweak\b|\bpoor\b|\bfew tricks\b|\bworthless\b"
#: A hand to bid (in a title or address: an intro may speak of the strong computer player).
_SAYS_BID = r"\bstrong\b|\bbid it\b"
#: A tie at the top, or what it means (the game goes on): the scores must show it.
_SAYS_TIE = r"\bti(?:e|es|ed|ing)\b|\blevel\b|\bplays? on\b|\bgoes on\b|\bnobody\b|\bno winner\b|\bshare"
#: A statement of which tiles follow ("A trump never follows a plain suit"), above a question
#: asking which do.
_SAYS_FOLLOWS = r"\b(?:never|not|cannot|can'?t|doesn'?t|must|always|only)\s+follows?\b"
#: The bidder's side, or the defenders' (above "Who has won the game?").
_SAYS_BIDDER = r"\bbidd(?:er|ers|ing)\b|\bcontract\b|\bmoon\b"
_SAYS_DEFENDERS = r"\bdefen[cs]es?\b|\bdefend(?:ers?|ing)?\b|\bagainst the bid\w*\b"
#: Winning the game ("Winning on defence", "The moon wins at once").
_SAYS_WINS_GAME = r"\b(?:wins?|winning|won|goes? out|out first)\b"


def _winner_role(item: Item, winner: int) -> tuple[str, str]:
    """Whether the game's ``winner`` (a side: a seat with three players, a team with four) is
    the bidder's side or the defenders', with the words that name that side."""
    pos = item.position
    bidder_side = pos.bidder is not None and pos.rules.side_of(pos.bidder) == winner
    return ("bidder", _SAYS_BIDDER) if bidder_side else ("defenders", _SAYS_DEFENDERS)


#: The case of holding none of the suit led, or what that case allows.
_VOID_CASE = (_VOID + r"|\bcan'?not follow\b|\bcan't follow\b|\bnone of the suit\b|\bout of (?:the )?suit\b"
              r"|\b(?:does|do|will) not force\b|\btrump(?:s|ing)? in\b|\bthrow(?:s|ing)? off\b|\banything goes\b")
#: A sentence teaching a rule on a condition the learner checks in the hand.
_CONDITION = r"\b(?:if|when|whenever|unless)\b|\bwith none\b"


def _void_in_suit_led(item: Item) -> bool:
    """Whether the seat to play holds no tile of the suit led (a trick on the table)."""
    pos, tr = item.position, item.position.trump
    if not pos.trick or tr is None or pos.to_play is None:
        return False
    led = tr.suit_led(pos.trick[0])
    return not any(tr.follows(t, led) for t in pos.hand(pos.to_play))


#: The kinds of tile a title or intro may name above a trick: the words, and which tiles are of
#: the kind (given the trump and the suit led).
_TILE_KINDS: dict[str, str] = {
    "double": r"\bdoubles?\b",
    "trump": r"(?<!\bno )\b(?:over-?)?trump(?:s|ing)?\b(?!\s+(?:lead|led)\b)",
    "two-suit tile": r"\btwo-suit\b|\btwo suits\b|\b(?:other|lower|smaller) end\b",
}
#: A title saying what wins the trick.
_TITLE_SAYS_WHAT_WINS = (r"\b(?:wins?|takes? (?:it|the trick)|beats?|counts? for nothing|never wins?)\b"
                         r"|\b(?:higher|highest|bigger|biggest|top) (?:trump|double)s?\b")
#: An intro sentence saying that some tile wins.
_SAYS_WINS = r"\b(?:wins?|takes?|beats?|highest|top)\b"


def _kind_giveaways(item: Item, teach: dict[str, str]) -> list[str]:
    """Where the title or intro (``teach``) above a trick answers it by naming the answer's
    kind: the answer (the winning tile, the tile to play, the tiles that may follow) is
    exactly the tiles of a kind (doubles, trumps, two-suit tiles following by their lower
    end) among the tiles in question (the trick, the tiles that may be played, the hand),
    and the title names that kind, or an intro sentence with no example tile of its own says
    that it wins. A title saying what wins ("The double takes it") and an intro sentence
    describing the question's own trick ("Here threes were led...") are flagged whatever
    the tiles."""
    import re

    from engine import Tile, explain_play
    from engine.trump import TRUMP
    from tutorial.services.items import tiles_named

    pos, tr, kind = item.position, item.position.trump, item.kind
    trick = list(pos.trick)
    ans = item.answer_json()
    if kind == "trick_winner":
        candidates, answer = trick, {trick[ans]}
    else:
        hand = list(pos.hand(pos.to_play))
        legal = [t for t in hand if explain_play(hand, trick, tr, t).legal]  # type: ignore[arg-type]
        candidates = legal if kind == "play" else hand
        answer = {Tile.parse(a) for a in (ans if isinstance(ans, list) else [ans])}
    led = tr.suit_led(trick[0]) if trick and tr is not None else None

    def trump(t: Tile) -> bool:
        return tr is not None and tr.is_trump(t)

    of_kind = {
        "double": lambda t: t.is_double,
        "trump": trump,
        "two-suit tile": lambda t: led is not None and led != TRUMP and not t.is_double and not trump(t) and t.low == led,
    }
    sole = [k for k, is_of in of_kind.items() if {t for t in candidates if is_of(t)} == answer]
    found = []
    title, intro = teach.get("title", ""), teach.get("intro", "")
    for k in sole:
        for where in ("title", "address"):
            if re.search(_TILE_KINDS[k], teach.get(where, ""), re.IGNORECASE):
                found.append(f"{where} names the answer's kind ({k}), the only one in question: {teach[where]!r}")
    if (kind in ("trick_winner", "play") and not title.rstrip().endswith("?")  # "Who wins with no trump?" asks
            and re.search(_TITLE_SAYS_WHAT_WINS, title, re.IGNORECASE)):
        found.append(f"title says what wins: {title!r}")
    for sentence in _sentences(" ".join(intro.split())):
        if re.match(r"(?:Here|In this trick|This time)\b(?! is\b)", sentence):
            found.append(f"intro describes the question's trick: {sentence!r}")
        elif not tiles_named(sentence) and re.search(_SAYS_WINS, sentence, re.IGNORECASE):
            for k in sole:
                if re.search(_TILE_KINDS[k], sentence, re.IGNORECASE):
                    found.append(f"intro says the {k} wins, the only one in question: {sentence!r}")
    return found


#: A sentence saying that tiles are trumps, or that they are not (or that nothing is).
_SAYS_TRUMP = r"\b(?:is|are|becomes?|stays?)\s+(?:a|the|all)?\s*trumps?\b"
_SAYS_NOT_TRUMP = (r"\b(?:not|never|no longer)\s+(?:a\s+|the\s+)?trumps?\b|\bno\s+trumps\b|\bnothing\s+is\s+a\s+trump\b"
                   r"|\bordinary\s+tile\b|\bnot\s+in\s+the\s+trump\b")
#: Said of every tile: no kind needed.
_SAYS_NONE_ARE = r"\bno\s+trumps\s+at\s+all\b|\bnothing\s+is\s+a\s+trump\b|\bthere\s+are\s+no\s+trumps\b"


def _yes_no_giveaways(item: Item, shown: dict[str, str]) -> list[str]:
    """The sentences of ``shown`` (title, intro, rules) that answer an "is this tile a
    trump?" question: the answer's claim (yes: "is a trump"; no: "never a trump", "an
    ordinary tile") said of the tile asked or of a kind it belongs to (a double, a tile with
    two numbers, a big tile, a trump number on the lower end), or "no trumps at all" for a no."""
    import re

    tile = item.position.tiles[0]
    trump = item.position.trump
    yes = bool(item.answer_json())
    kinds = [re.escape(str(tile))]
    kinds += [r"\bdoubles?\b", r"\bsame number\b"] if tile.is_double else [r"\btwo different numbers\b"]
    if tile.high + tile.low >= 7:
        kinds += [r"\bbig\b", r"\bhowever many pips\b", r"\bmany pips\b"]
    if trump is not None and trump.kind == "number" and tile.low == trump.value and not tile.is_double:
        kinds += [r"\blower end\b", r"\bwhich end\b", r"\beither end\b", r"\bboth ends\b"]
    found = []
    verdict = set(shown.get("address", "").split()) & {"yes", "no", "not", "never", "ordinary", "plain"}
    if verdict or re.search(r"\bis trump\b", shown.get("address", "")):
        found.append(f"address says a verdict: {shown['address']!r}")
    if trump is not None and trump.kind == "number" and tile.low == trump.value and not tile.is_double:
        ends = r"\b(?:lower|low|small|smaller|other|which|either|both)\s+ends?\b"
        for where, text in shown.items():
            for sentence in _sentences(text):
                if re.search(ends, sentence, re.IGNORECASE) and (
                        where == "title" or re.search(r"\b(?:look|check|mind|see)\b", sentence, re.IGNORECASE)):
                    found.append(f"{where} points at the end that makes {tile} a trump: {sentence!r}")
    for where, text in shown.items():
        for sentence in _sentences(text):
            claim = re.search(_SAYS_TRUMP if yes else _SAYS_NOT_TRUMP, sentence, re.IGNORECASE)
            if not claim:
                continue
            about = [k for k in kinds if re.search(k, sentence, re.IGNORECASE)]
            if about or (not yes and re.search(_SAYS_NONE_ARE, sentence, re.IGNORECASE)):
                found.append(f"{where} says the answer ({'yes' if yes else 'no'}): {sentence!r}")
    return found


def test_nothing_shown_before_answering_gives_the_answer_away() -> None:
    """No title, intro, "Rules for this question" note or question states the answer, in any
    level or puzzle (one check per kind of answer: see :func:`giveaways`), and no rules note
    before a question about tiles gives the size of the set (the next level may ask it)."""
    from tutorial.services.items import rules_note
    from tutorial.services.rules_text import house_rules

    items: list[Item] = [*course().levels(), *puzzles().values()]
    bad = {item.id: found for item in items if (found := giveaways(item))}
    assert not bad, bad
    for item in items:
        if item.kind in ("count", "pick_tiles"):
            note = " ".join(rules_note(item, house_rules(item.rules)))
            assert str(len(item.rules.tiles)) not in note, (item.id, note)
    # each check catches the giveaways it is for
    c = course()
    samples = {
        "suits-count-threes": {"intro": "In the three-player set each number suit has six tiles."},
        "trump-count": {"intro": "The sixes have 6-6, 6-5, 6-4, 6-3, 6-2 and 6-1."},
        "trump-blanks": {"intro": "Only one blank tile is left in the set."},
        "doubles-top-four": {"title": "6-4 is the top four"},
        "doubles-lead": {"intro": "Leading a double when doubles are trump leads trumps."},
        "notrump-lead-double": {"title": "A double leads its own suit"},
        "suits-rank-sixes": {"title": "The double is on top"},
        "notrump-rank": {"title": "The double on top again"},
        "trump-beats-all": {"title": "Any trump beats the suit"},
        "notrump-winner": {"title": "Big pips off the suit do not count"},
        "notrump-play": {"title": "Win it in the suit"},
        "trump-low-end": {"intro": "With threes trump, 6-3 is a trump, even though its three is the lower end."},
        "trump-big-small": {"intro": "A tile without the trump number is an ordinary tile, however many pips it has."},
        "doubles-naming": {"intro": "Then the seven doubles are the trumps."},
        "doubles-big-tiles": {"intro": "With doubles trump, a tile with two different numbers is never a trump, however big."},
        "draw-trumps-1": {"intro": "As the bidder, lead your trumps from the top before your other winners."},
        # a title naming the answer's kind (the only one in the trick), or saying what wins
        "win-top-of-suit": {"title": "The double takes it"},
        "win-pips-lie": {"title": "Pips off the suit count for nothing"},
        "win-whole-trick": {"title": "A trump beats the suit"},
        "win-two-suit": {"title": "The two-suit tile wins by its other end"},
        "win-overtrump": {"title": "The higher trump"},
        "follow-last-to-play": {"title": "Trumping in"},
        # a title or an unconditional intro sentence saying the learner holds none of the suit led
        "follow-three-choices": {"title": "When you cannot follow"},
        "follow-number-on-a-trump": {"title": "A look-alike does not force you"},
        "follow-doubles-trump": {"title": "Out of the suit"},
        # a title saying the scores tie at the top (nobody has won)
        "game-tie": {"title": "A tie at the top plays on"},
        "four-tie": {"title": "Teams can tie too"},
        # a title or address naming the winner's side; one stating which tiles follow
        "game-bid-six": {"title": "Winning on defence"},
        "game-moon": {"title": "The moon wins at once"},
        "game-reach-21": {"title": "The bidder wins it"},
        "follow-plain-suit-led": {"title": "A trump never follows a plain suit"},
    }
    import copy

    pointers = [("trump-low-end", {"intro": "A tile bears the numbers of both its ends. Look at both ends before you answer."}),
                ("trump-low-end", {"title": "Which end?"}),
                # an intro saying the answer's kind wins, or describing the question's trick
                ("win-whole-trick", {"intro": "If any trump was played, the highest trump wins the trick, even a small trump "
                                        "against a big double."}),
                ("win-top-of-suit", {"intro": "The double of the suit led is its highest tile (unless doubles are trump)."}),
                ("win-pips-lie", {"intro": "Here threes were led and two big doubles of other suits were thrown off."}),
                ("four-winner", {"intro": "The same rule decides it: the highest trump, or else the highest of the suit led."}),
                ("follow-last-to-play", {"intro": "When you hold none of the suit led, a trump takes the trick."}),
                ("follow-last-to-play", {"title": "Last to play, out of the suit"}),
                ("follow-last-to-play", {"intro": "You are last to play and hold none of the suit led, so you may "
                                             "play any tile. With fives trump, 5-1 played on a lead of 6-6 takes it."}),
                ("follow-number-on-a-trump", {"intro": "You are \"void\", and may play anything at all."}),
                ("follow-three-choices", {"title": "Trump in? Throw off?"}),
                # every tile of the hand to pick, said in general; a verdict in the address
                ("lead-which-tiles", {"intro": "The player who leads may play any tile at all."}),
                ("lead-which-tiles", {"title": "The leader may play anything"}),
                ("lead-which-tiles", {"id": "lead-any"}),
                ("follow-three-choices", {"id": "follow-void"}),
                ("follow-last-to-play", {"id": "follow-last-out-of-suit"}),
                ("trump-big-small", {"id": "trump-not"}),
                ("doubles-naming", {"id": "doubles-is-trump"}),
                ("win-whole-trick", {"id": "win-trump"}),
                ("game-bid-six", {"id": "game-defenders-win"}),
                ("follow-plain-suit-led", {"id": "follow-trump-does-not-follow"}),
                # a bid level answered pass saying pass or weak; one answered a bid saying strong
                ("bid-twos-hand", {"title": "Know when to pass"}),
                ("bid-twos-hand", {"id": "bid-weak-hand"}),
                ("bid-twos-hand", {"intro": "A hand with no doubles and no top tiles takes few tricks whatever "
                                           "trump it names."}),
                ("bid-sixes-hand", {"id": "bid-strong-hand"})]
    for level_id, fields in [*samples.items(), *pointers]:
        lv = copy.copy(c.level(level_id))
        for name, text in fields.items():
            setattr(lv, name, text)
        assert giveaways(lv), level_id


def test_the_giveaway_check_finds_questions_that_answer_themselves() -> None:
    """Two questions a newcomer found answered before they were asked are caught: "No trump.
    Is 6-6 a trump?" under "Trump: no trump" (any tile asked so is no trump), and the fives
    listed in the intro above "how many tiles bear a six?" (every suit of the full set has
    seven tiles). The shipped levels of the same ids ask something to think about."""
    from lessons.loader import build_level

    asked_with_no_trump = {
        "id": "notrump-follow-me", "intro": "The bidder may also choose no trump, \"follow me\".",
        "question": "No trump. Is 6-6 a trump?", "kind": "is_trump", "expected": False, "hints": ["How many?"],
        "position": {"trump": "none", "tiles": ["6-6"]},
    }
    fives_listed = {
        "id": "tiles-sixes", "whole_set": True,
        "intro": "So the number five appears on 6-5, 5-5, 5-4, 5-3, 5-2, 5-1 and 5-0.",
        "question": "In a full double-six set, how many tiles bear a six?", "kind": "count",
        "of": "suit", "suit": 6, "expected": 7, "hints": ["Pair six."], "position": {"rules": {"players": 4}},
    }
    for raw in (asked_with_no_trump, fives_listed):
        stage = course().level(str(raw["id"])).stage
        assert giveaways(build_level(raw, "test.toml", stage)), raw["question"]
        assert not giveaways(course().level(str(raw["id"]))), raw["id"]
    assert course().level("notrump-follow-me").kind != "is_trump"


def test_the_table_states_no_answer_before_answering(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lines above a question's tiles state no answer until it is answered: "Who won the
    auction?" shows the bids, not "Contract: seat 0 bid 21 (moon)" (a newcomer read the answer
    right under the question), and shows the contract once answered. The check over every
    level and puzzle (:func:`giveaways`, ``table``) catches it when shown."""
    from content.checks.auction_winner import AuctionWinner
    from tutorial.services.items import table_notes
    from tutorial.services.rules_text import house_rules

    asked = [p for p in [*course().levels(), *puzzles().values()] if p.kind == "auction_winner" and p.position.bid]
    assert len(asked) >= 5
    for p in asked:
        before = " ".join(table_notes(p, False, house_rules(p.rules)))
        after = " ".join(table_notes(p, True, house_rules(p.rules)))
        assert "Contract" not in before and "Bids: " in before, (p.id, before)
        assert f"Contract: seat {p.answer_json()} bid" in after, (p.id, after)
        assert not giveaways(p), p.id
    monkeypatch.setattr(AuctionWinner, "hides_contract", lambda self: False)
    assert all(giveaways(p) for p in asked)


def test_hints_speak_of_the_trump_in_force_only() -> None:
    """A first hint names no other kind of trump than the question's: with fives trump, no
    "With doubles trump: is it a double? With no trump, nothing is a trump."."""
    items: list[Item] = [*course().levels(), *puzzles().values()]
    checked = 0
    for item in items:
        tr = item.position.trump
        if tr is None:
            continue
        hint = item.hint(1).lower()
        if tr.kind != "doubles":
            assert "doubles trump" not in hint and "doubles are trump" not in hint, (item.id, hint)
        if tr.kind != "none":
            assert "no trump" not in hint, (item.id, hint)
        if tr.kind == "none":
            assert "the trump number" not in hint, (item.id, hint)
        checked += 1
    assert checked > 100
    fives = next(p for p in puzzles().values() if p.kind == "is_trump" and str(p.position.trump) == "5")
    assert fives.hint(1) == "Does the tile bear a five, on either end?"


def test_a_wrong_answer_gets_the_hint_that_fits_its_mistake() -> None:
    """A missed double gets a hint about doubles (not "check both ends of every tile"); an
    illegal tile in a best-play question is told first that it may not be played, with the
    engine's reason, then the hint."""
    from engine import explain_play
    from tutorial.services.items import Attempt, submit

    lv = course().level("suits-two-suits")
    att = Attempt()
    assert submit(lv, att, ["3-1", "5-3"]) is False and att.feedback is not None
    text = att.feedback[1]
    assert "Look at the doubles again" in text and lv.hints[0] not in text, text
    # another mistake keeps the level's own hint
    att = Attempt()
    submit(lv, att, ["3-1", "3-3"])
    assert att.feedback is not None and lv.hints[0] in att.feedback[1]
    # a tile of the set left out (no blank end): not the level's hint about blank ends
    lv = course().level("tiles-which-stay")
    att = Attempt()
    assert submit(lv, att, ["0-0", "6-6"]) is False and att.feedback is not None
    text = att.feedback[1]
    assert "no blank end" in text and lv.hints[0] not in text, text

    plays = [p for p in [*course().levels(), *puzzles().values()] if p.kind == "play"]
    checked = 0
    for item in plays:
        hand, trick, tr = item.task.hand, item.position.trick, item.position.trump  # type: ignore[attr-defined]
        for tile in hand:
            reason = explain_play(hand, trick, tr, tile)
            att = Attempt()
            submit(item, att, str(tile))
            if tile == item.answer():
                continue
            assert att.feedback is not None
            text = att.feedback[1]
            if reason.legal:
                assert text.startswith("Try again. **Hint:**"), (item.id, tile, text)
            else:
                assert text.startswith(f"That tile may not be played: {reason.text}"), (item.id, tile, text)
                assert text.endswith(f"**Hint:** {item.hint(1)}"), (item.id, tile, text)
                checked += 1
    assert checked >= 3


def _feedback_texts(item: Item) -> list[str]:
    """The hints, and the feedback of the right answer and of wrong answers a learner can
    give (one tile more or less for a pick, one off for a count, every other choice)."""
    from content.errors import AnswerError

    ans = item.answer_json()
    answers: list[Any] = [ans]
    choices = item.choices() or []
    if isinstance(ans, list):
        answers += [sorted(set(ans) ^ {c}) for c in choices]
    elif isinstance(ans, int) and not isinstance(ans, bool):
        answers += [ans + 1, ans - 1]
    else:
        answers += [c for c in choices if c != ans]
    out = [item.hint(1), item.hint(2)]
    for a in answers:
        try:
            fb = item.grade(a)
        except AnswerError:
            continue
        out.append(fb.text)
        if not fb.correct:
            out.append(item.first_hint(fb))
    return out


def test_feedback_speaks_of_no_trump_before_one_is_named() -> None:
    """Before a trump is named (Stage 2's suits), no hint or feedback about the tiles says a
    tile "is not a trump" or belongs to its suit "unless it is a trump"."""
    import re

    tile_kinds = ("pick_tiles", "count", "suit_led", "rank", "trick_winner", "legal_tiles", "play")
    items: list[Item] = [*course().levels(), *puzzles().values()]
    checked = 0
    for item in items:
        if item.position.trump is not None or item.kind not in tile_kinds:
            continue
        for text in _feedback_texts(item):
            assert not re.search(r"\btrumps?\b", text, re.IGNORECASE), (item.id, text)
        checked += 1
    assert checked >= 5


def test_no_title_or_earlier_intro_answers_a_yes_or_no_question() -> None:
    """A Yes/No question ("Is 6-4 a trump?") is not answered before it is asked: its title
    says the topic, not the verdict ("Only doubles" above a No), and no intro of an earlier
    level of its stage settles every other tile at once ("the doubles are the trumps, and
    nothing else is" before "Is 6-4 a trump?")."""
    import re

    verdict = re.compile(r"\b(?:no|not|never|only|none|nothing)\b", re.IGNORECASE)
    blanket = re.compile(r"\b(?:nothing|no other tile|none) else\b", re.IGNORECASE)
    checked = 0
    for stage in course().stages:
        for i, lv in enumerate(stage.levels):
            if lv.kind != "is_trump":
                continue
            checked += 1
            if lv.answer_json() is False:
                assert not verdict.search(lv.title), (lv.id, lv.title)
            assert not _title_states_the_reason(lv.title, lv.task.explain()), (lv.id, lv.title, lv.task.explain())
            for before in stage.levels[:i]:
                for text in (before.title, before.intro):
                    assert not blanket.search(text), (before.id, "answers", lv.id, text)
    assert checked >= 5
    # the checks catch what they are for
    assert verdict.search("Only doubles") and blanket.search("the doubles are the trumps, and nothing else is")
    for level_id, title in (("trump-big-small", "A tile without the trump number"), ("trump-low-end", "Either end counts"),
                            ("doubles-naming", "The doubles become trumps"), ("doubles-big-tiles", "Not a double")):
        assert _title_states_the_reason(title, course().level(level_id).task.explain()), (level_id, title)


#: What the reason of a Yes/No trump question turns on (a pattern of its words), and the ways a
#: title can say the same thing: "6-5 bears no three" is said by "A tile without the trump
#: number"; "5-4 bears a four" by "Either end counts"; "4-4 is a double, and doubles are
#: trump" by "The doubles become trumps".
_REASON_SAID_BY: tuple[tuple[str, str], ...] = (
    (r"\bbears no\b", r"\b(?:without|lacks?|bears no|no \w+ on it)\b|\bordinary\b|\bno trump number\b"),
    (r"\bbears an? \w+, so it is a trump\b", r"\b(?:either|any|both|lower|low|other) ends?\b|\bbears?\b|\bcounts\b"),
    (r"\bis a double, and doubles are trump\b", r"\bdoubles? (?:are|is|become|becomes|turn|count)\b.*\btrumps?\b"),
    (r"\bis not a double\b", r"\bnot a double\b|\btwo different\b|\bnever\b"),
    (r"\bno trumps at all\b", r"\bno trumps\b|\bnothing is\b|\bnot one\b"),
)


def _title_states_the_reason(title: str, reason: str) -> bool:
    """Whether ``title`` says the verdict of a Yes/No trump question ("is a trump", "not a
    trump") or what its reason turns on, in the reason's words or another's (see
    :data:`_REASON_SAID_BY`)."""
    import re

    if re.search(r"\b(?:is|isn't|are|aren't) (?:not |no longer |never )?(?:a trump|trumps)\b|\bnot a trump\b",
                 title, re.IGNORECASE):
        return True
    return any(re.search(why, reason) and re.search(said, title, re.IGNORECASE) for why, said in _REASON_SAID_BY)


def _counted_noun(item: Item) -> str:
    """What a count question counts, as a plural noun: "tiles", "trumps" or a suit ("sixes")."""
    from engine.trump import describe_suit

    selection = item.task.selection  # type: ignore[attr-defined]
    if selection.of == "set":
        return "tiles"
    if selection.of == "trumps":
        return "trumps"
    return describe_suit(selection.suit)


def _states_count_of(text: str, n: int, noun: str) -> bool:
    """Whether ``text`` says "N tiles", "an N-tile set" or "N <noun>", N in digits or words."""
    import re

    words = [str(n), *([_NUMBER_WORDS[n]] if n < len(_NUMBER_WORDS) else [])]
    num = "|".join(words)
    return bool(re.search(rf"(?<![\d-])\b(?:{num})(?:-tiles?\b|\s+(?:tiles?|{noun})\b)", text, re.IGNORECASE))


def test_no_earlier_feedback_states_the_next_count() -> None:
    """A count question's answer ("28 tiles", "the 28-tile set") is not in the feedback or
    hints of the level just before it: "There are 7 sixes in the 28-tile set" came right
    before "How many tiles are in a double-six set?"."""
    levels = list(course().levels())
    checked = 0
    for before, lv in itertools.pairwise(levels):
        if lv.kind != "count":
            continue
        n, noun = lv.answer_json(), _counted_noun(lv)
        for text in _feedback_texts(before):
            assert not _states_count_of(text, n, noun), (before.id, "answers", lv.id, text)
        checked += 1
    assert checked >= 5
    assert _states_count_of("There are 7 sixes in the 28-tile set", 28, "tiles")
    assert _states_count_of("Twenty-two left: 22 tiles", 22, "tiles")
    assert not _states_count_of("0-0 is one of the tiles; 6-1 and 2-2", 1, "blanks")


def test_learn_feedback_says_each_thing_once_and_right() -> None:
    """Every level's and puzzle's feedback and hints: no sentence twice in one text ("Inside
    the sixes a tile ranks by its other end: ..." said once per pair), no tile said to count
    "as" itself ("2-1 as 2-1"), and a set named or sized as the rules in force make it ("one
    of the blanks in the 22-tile set" is right only for the three-player set; "28 tiles in
    the set for 4 players under these rules" answers a question about the whole set with the
    player count)."""
    import re

    def problems(item: Item, text: str) -> list[str]:
        out = []
        for part in text.split("\n"):
            seen = [s.strip(" -").lower() for s in _sentences(part)]
            twice = {s for s in seen if len(s) >= 20 and seen.count(s) > 1}
            out += [f"said twice: {s!r}" for s in twice]
        prefixes = [s.split(": ")[0].lower() for s in _sentences(text) if ": " in s]
        out += [f"rule said twice: {p!r}" for p in set(prefixes) if len(p) >= 30 and prefixes.count(p) > 1]
        out += [f"{m} as itself" for m in re.findall(r"\b([0-6]-[0-6])(?: counts)? as \1(?![\d-])", text)]
        size = len(item.rules.tiles)
        for m in re.findall(r"(?<![\d-])(\d+)(?:-tile set| tiles (?:of|in) (?:this|the) set)", text):
            if int(m) != size:
                out.append(f"a {m}-tile set under rules of {size} tiles")
        names = {"the double-six set": size == 28, "the three-player moon set": size == 22}
        out += [f"{name!r} under rules of {size} tiles" for name, right in names.items()
                if name in text.lower() and not right]
        if re.search(r"\bunder these rules\b", text) and re.search(r"\bfor \d players\b", text):
            out.append("a set sized by its players")
        return out

    items: list[Item] = [*course().levels(), *puzzles().values()]
    bad = {}
    for item in items:
        found = [p for text in _feedback_texts(item) for p in problems(item, text)]
        if found:
            bad[item.id] = found
    assert not bad, bad
    # each check catches the slip it is for
    lv = course().level("suits-rank-sixes")
    assert problems(lv, "Inside the sixes a tile ranks by its other end: 6-5 (5) is above 6-4 (4). "
                        "Inside the sixes a tile ranks by its other end: 6-4 (4) is above 6-1 (1).")
    assert problems(lv, "Inside the twos a tile ranks by its other end: 4-2 counts as 2-4 and 2-1 as 2-1.")
    assert problems(lv, "There is only one of the blanks in the 28-tile set: 0-0.")
    assert problems(course().level("tiles-double-six"), "There are 28 tiles in the set for 4 players under these rules.")
    assert not problems(lv, "Inside the sixes a tile ranks by its other end: 6-5 (5) is above 6-4 (4), which is "
                            "above 6-1 (1). There are 22 tiles in the three-player Moon set.")


def test_a_four_player_puzzle_says_so_in_its_question() -> None:
    """Practice serves puzzles of any rules to a learner whose house rules may be for three:
    a four-player puzzle says "Four players" in its question, not only in the themes shown
    after answering ("Fours are trump. Pick every trump." showed 2-0 and 5-0)."""
    four = [p for p in puzzles().values() if p.rules.players == 4]
    assert len(four) >= 10
    bad = [(p.id, p.question) for p in four if "four players" not in p.question.lower()]
    assert not bad, bad


def test_a_suit_count_is_introduced_by_its_suit() -> None:
    """A level counting the tiles of a suit speaks of that suit in its title or intro: the
    level "The widow" asked how many tiles bear a blank, and nothing above it spoke of blanks."""
    names = {0: "blank", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    checked = 0
    for lv in course().levels():
        selection = getattr(lv.task, "selection", None)
        if lv.kind != "count" or selection is None or selection.of != "suit":
            continue
        assert names[selection.suit] in f"{lv.title} {lv.intro}".lower(), (lv.id, lv.title)
        checked += 1
    assert checked >= 3


#: A sentence that counts a tile in a number suit: "is a six", "as a four", "your only four".
_IN_A_PLAIN_SUIT = r"\b(?:is|as|only)\s+(?:a\s+|an\s+)?(?:blank|one|two|three|four|five|six)\b(?!s)"
_NAMES_A_TRUMP = r"\b(?:blanks|ones|twos|threes|fours|fives|sixes|doubles|no)\s+(?:are\s+|as\s+)?trumps?\b"


def intro_examples_against_the_trump(item: Item) -> list[str]:
    """The sentences of ``item``'s intro that speak, under the question's trump, of a tile
    that this trump makes a trump as one of a number suit (empty when none does): with sixes
    trump, "6-4 is a six and a four" teaches a two-suit tile with a tile that is a trump in
    the question. A sentence is under the question's trump until the intro names a trump of
    its own ("With fours trump, ...")."""
    import re

    from tutorial.services.items import tiles_named

    tr = item.position.trump
    if tr is None:
        return []
    bad = []
    for sentence in _sentences(getattr(item, "intro", "").replace("\n", " ")):
        if re.search(_NAMES_A_TRUMP, sentence, re.IGNORECASE):
            break  # the intro's own example trump from here on
        if not re.search(_IN_A_PLAIN_SUIT, sentence, re.IGNORECASE):
            continue
        if any(tr.is_trump(t) for t in tiles_named(sentence)):
            bad.append(sentence)
    return bad


def test_an_intro_example_holds_under_the_question_trump() -> None:
    """Two follow-suit intros taught "6-4 is a six and a four" above "Sixes are trump ...":
    there 6-4 is a trump and follows neither. Every tile an intro speaks of under the
    question's trump is what the intro says it is under that trump."""
    import copy

    checked = 0
    for lv in course().levels():
        if lv.position.trump is None or not lv.intro:
            continue
        assert not intro_examples_against_the_trump(lv), (lv.id, intro_examples_against_the_trump(lv))
        checked += 1
    assert checked > 90
    # The check finds the sentence that read wrong.
    old = copy.copy(course().level("follow-two-suit-threes"))
    old.intro = ("A tile that is not a trump follows EITHER of its numbers. 6-4 is a six and a four. "
                 "If fours are led and your only four is 6-4, hidden by its bigger six, it must be played.")
    assert intro_examples_against_the_trump(old) == [
        "6-4 is a six and a four.", "If fours are led and your only four is 6-4, hidden by its bigger six, it must be played."]


def test_a_wrong_count_or_choice_says_which_part_was_wrong() -> None:
    """A wrong count says what was counted and which way it is off, then the part to look at
    again (the part whose size is the difference), never the count itself; a wrong pick of
    a trick's winner or of a seat says what is wrong with the one picked."""
    import re

    from lessons import load_course

    course = load_course()
    counts = [lv for lv in course.levels() if lv.kind == "count"]
    assert counts
    for lv in counts:
        n = lv.answer()
        for v in lv.task.wrong_answers():
            hint = lv.first_hint(lv.grade(v))
            head = f"You counted {v}: too {'few' if v < n else 'many'}. "
            assert hint.startswith(head), (lv.id, v, hint)
            added = hint[len(head):].removesuffix(lv.hint(1))
            assert not re.search(rf"(?<![\d-]){n}(?![\d-])", added), (lv.id, v, hint)
        for listed in re.findall(r"\b\d(?:, \d)+,? and \d\b", " ".join(lv.hints)):
            assert len(re.findall(r"\d", listed)) != n, f"{lv.id}: its hint lists the {n} tiles: {listed}"
    threes = course.level("suits-count-threes")  # 3-3; 3-1 3-2 (3-0 left out); 4-3 5-3 6-3
    assert threes.first_hint(threes.grade(5)).endswith("Did you count the double three?")
    assert threes.first_hint(threes.grade(4)).endswith("Did you count the tiles whose higher end is a three?")
    assert threes.first_hint(threes.grade(3)).endswith("Did you count the tiles that bear a three at their lower end?")
    assert threes.first_hint(threes.grade(7)).endswith("Did you count tiles that the three-player Moon set leaves out?")
    said = Counter()
    for lv in course.levels():
        if lv.kind not in ("trick_winner", "auction_winner"):
            continue
        for v in lv.task.wrong_answers():
            fb = lv.grade(v)
            if fb.code in lv.task.wrong_said or lv.kind == "trick_winner":  # every code of a trick's winner
                assert lv.first_hint(fb).startswith(lv.task.wrong_said[fb.code]), (lv.id, v, fb.code)
                said[lv.kind] += 1
    assert said["trick_winner"] and said["auction_winner"], said


def test_a_wrong_legal_best_play_says_why_it_loses_before_the_hint() -> None:
    """A legal but wrong tile at a best-play question gets its own reason first (what beats
    it, or why it cannot win), naming the tile tried and never the answer, then the hint: 4-4
    thrown on 0-0 led with twos trump "neither follows blanks nor trumps"."""
    from engine import explain_play

    items: list[Item] = [*course().levels(), *puzzles().values()]
    checked = 0
    for item in items:
        if item.kind != "play":
            continue
        hand, trick, tr = item.task.hand, item.position.trick, item.position.trump  # type: ignore[attr-defined]
        for t in hand:
            if t == item.answer() or not explain_play(hand, trick, tr, t).legal:
                continue
            hint = item.first_hint(item.grade(str(t)))
            reason = hint.removesuffix(item.hint(1)).strip()
            assert reason.startswith(str(t)) and reason.endswith("."), (item.id, t, hint)
            assert str(item.answer()) not in reason, (item.id, t, hint)
            checked += 1
    assert checked > 20, checked
    # the walk's puzzle: twos trump, 0-0 led, 4-3 thrown; 4-2 (a trump) is the answer
    pz = puzzles()["play-3032"]
    assert pz.first_hint(pz.grade("4-4")) == f"4-4 neither follows blanks nor trumps, so it cannot win. {pz.hint(1)}"


def test_no_two_levels_ask_the_same_hand_for_the_same_answer() -> None:
    """Each level is its own position: no two levels of the course put the same hand (or the
    same trick) on the table with the same answer, so the tile that answered one level never
    answers the next by habit (Stage 7 once asked 1-1, 2-2, 4-1, 4-4, 5-3, 6-2, 6-6 twice, 5-3
    both times). And in a run of levels asking for one tile or one set of tiles, no answer
    comes three times in a row."""
    seen: dict[tuple[str, ...], str] = {}
    for lv in course().levels():
        pos = lv.position
        table = tuple(sorted(str(t) for s in pos.shown for t in pos.hand(s))) or tuple(map(str, pos.trick))
        if not table:
            continue
        key = (lv.kind, *table, "→", json.dumps(lv.answer_json()))
        assert key not in seen, (lv.id, seen.get(key), key)
        seen[key] = lv.id
    for stage in course().stages:
        answers = [json.dumps(lv.answer_json()) for lv in stage.levels if lv.kind in ("legal_tiles", "play", "pick_tiles")]
        for a, b, c in zip(answers, answers[1:], answers[2:], strict=False):
            assert not a == b == c, (stage.id, a)


def test_learn_names_the_seats_as_the_table_does() -> None:
    """The table calls the players "Seat 0", "Seat 1", "Seat 2" (and "You"): Learn's rules
    stages write a seat (and a team) the same way, capitalised as a name ("You are Seat 1",
    "Seats 0 and 2", "Team 0"), in titles, intros, questions, hints, their own feedback and
    the engine's feedback and answer."""
    import re

    for stage in course().stages:
        if stage.part != "rules":
            continue
        for lv in stage.levels:
            texts = [lv.title, lv.intro, lv.question, *lv.hints, *dict(lv.feedback or {}).values(),
                     lv.grade(lv.answer_json()).text, lv.hint(2)]  # and the engine's words after the answer
            for text in texts:
                assert not re.search(r"\b(?:seats?|team) \d", text), (lv.id, text)


def test_hints_name_no_house_rule_the_question_does_not_use() -> None:
    """A hint speaks of a house rule by name ('moon overcall') only where the question's rules
    use it, and then says what it does: "(under 'moon overcall', the last 21)" under a
    classic auction named a rule a newcomer had never seen."""
    import dataclasses

    from engine import RuleSet

    classic = RuleSet()
    items: list[Item] = [*course().levels(), *puzzles().values()]
    checked = 0
    for item in items:
        rules = item.position.rules
        hints = [item.hint(1), *(item.first_hint(item.grade(w)) for w in item.task.wrong_answers())]
        for f in dataclasses.fields(RuleSet):
            name = f.name.replace("_", " ")
            for hint in hints:
                if f"'{name}'" not in hint:
                    continue
                checked += 1
                assert getattr(rules, f.name) != getattr(classic, f.name), (item.id, name, hint)
    auction = [p for p in puzzles().values() if p.kind == "auction_winner"]
    assert all("overcall" not in p.hint(1) for p in auction if not p.rules.moon_overcall)
    over = dataclasses.replace(classic, moon_overcall=True)
    from content import make_task

    task = make_task("auction_winner", auction[0].position.__class__.from_dict(
        {"bids": [4, 21, 21], "first_bidder": 0, "rules": over.differences()}), {})
    assert "'moon overcall'" in task.general_hint() and "later player may bid 21" in task.general_hint()
