"""Broken content files fail with a clear error naming the file, the entry and the field, and
one bad entry never hides the others."""

from __future__ import annotations

from pathlib import Path

import pytest

from content import ContentError, ContentErrors
from lessons import check_course, load_course
from puzzles import check_puzzles, load_puzzles

STAGE_HEAD = 'stage = 1\nid = "s"\ntitle = "T"\nsummary = "S"\n'

GOOD_LEVEL = '''
[[level]]
id = "{id}"
intro = "I"
question = "Q"
kind = "legal_tiles"
hints = ["H"]
[level.position]
trump = "6"
leader = 0
trick = ["5-1"]
hands = {{ 1 = "6-5 5-3 2-1" }}
'''


def _stage(tmp_path: Path, body: str, name: str = "01-s.toml") -> Path:
    (tmp_path / name).write_text(STAGE_HEAD + body, encoding="utf-8")
    return tmp_path


def _one_error(tmp_path: Path) -> ContentError:
    _course, errors = check_course(tmp_path)
    assert len(errors) == 1, errors
    return errors[0]


def _level(**changes: str) -> str:
    """GOOD_LEVEL with lines replaced: key -> new line ('' deletes)."""
    lines = GOOD_LEVEL.format(id="lv").splitlines()
    out = []
    for line in lines:
        key = line.split(" = ")[0].strip()
        if key in changes:
            if changes[key]:
                out.append(changes[key])
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def test_a_good_file_loads(tmp_path: Path) -> None:
    course = load_course(_stage(tmp_path, _level()))
    assert course.level("lv").answer_json() == ["5-3"]


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"hints": ""}, "hints", "missing"),
        ({"hints": 'hints = ["H"]\npar = 2'}, "par", "stars follow one rule"),
        ({"intro": ""}, "intro", "missing"),
        ({"kind": 'kind = "guess"'}, "kind", "not a check kind"),
        ({"hands": 'hands = { 1 = "6-5 5-3 7-1" }'}, "position.hands.1", "7-1"),
        ({"hands": 'hands = { 1 = "6-5 5-3 3-0" }'}, "position.hands.1", "not in the 22-tile set"),
        ({"hands": 'hands = { 1 = "6-5 5-3 5-1" }'}, "position.trick", "appears twice"),
        ({"hands": 'hands = { 0 = "6-6 2-2 4-4", 1 = "6-5 5-3 2-1" }'}, "position.hands", "same number of tiles"),
        ({"trick": 'trick = ["2-1", "5-5"]', "hands": 'hands = { 1 = "5-2 3-1", 2 = "6-1 5-3 4-4" }'},
         "position.trick", "could not have played 5-5"),
        ({"trick": 'trick = ["5-1"]\ntricks_won = [1, 0, 0]'}, "position.tricks_won", "tricks are finished"),
        ({"leader": 'leader = 3'}, "position.leader", "seat"),
        ({"trump": 'trump = "sevens"'}, "position.trump", "not a trump"),
        ({"hints": 'hints = ["H"]\nexpected = ["5-3", "6-5"]'}, "expected", "the engine's answer is"),
        ({"hints": 'hints = ["H"]\ncolour = "red"'}, "colour", "unknown field"),
        ({"hands": 'hands = { 1 = "6-5 5-3 2-1" }\n[level.feedback]\nno-such-code = "x"'}, "feedback.no-such-code",
         "no feedback code"),
    ],
)
def test_broken_level_names_file_entry_and_field(tmp_path: Path, changes: dict[str, str], field: str, words: str) -> None:
    err = _one_error(_stage(tmp_path, _level(**changes)))
    assert err.file.endswith("01-s.toml")
    assert err.entry == "lv"
    assert err.field == field, err
    assert words in err.message, err
    assert f"field '{field}'" in str(err) and "entry 'lv'" in str(err) and "01-s.toml" in str(err)


def test_an_illegal_trick_quotes_the_engine(tmp_path: Path) -> None:
    body = _level(trick='trick = ["5-1", "2-1"]', hands='hands = { 1 = "5-3 6-6", 2 = "6-5 4-4 1-1" }')
    err = _one_error(_stage(tmp_path, body))
    assert err.field == "position.trick"
    assert "seat 1 could not have played 2-1" in err.message and "You must follow fives" in err.message


def test_missing_id_names_the_entry_by_number(tmp_path: Path) -> None:
    err = _one_error(_stage(tmp_path, _level(id="")))
    assert err.entry == "level #1 (no id)" and err.field == "id"


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "02-bad.toml").write_text("stage = \n", encoding="utf-8")
    _stage(tmp_path, _level())
    course, errors = check_course(tmp_path)
    assert len(errors) == 1 and errors[0].file.endswith("02-bad.toml") and "not valid TOML" in errors[0].message
    assert len(course.stages) == 1  # the good stage still loads


def test_one_bad_level_hides_no_other(tmp_path: Path) -> None:
    body = (GOOD_LEVEL.format(id="a") + _level(hints="").replace('id = "lv"', 'id = "b"')
            + GOOD_LEVEL.format(id="c") + _level(kind='kind = "x"').replace('id = "lv"', 'id = "d"'))
    course, errors = check_course(_stage(tmp_path, body))
    assert sorted(e.entry or "" for e in errors) == ["b", "d"]
    assert [lv.id for lv in course.levels()] == ["a", "c"]
    with pytest.raises(ContentErrors) as info:
        load_course(tmp_path)
    assert "entry 'b'" in str(info.value) and "entry 'd'" in str(info.value)


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    _stage(tmp_path, GOOD_LEVEL.format(id="same"))
    (tmp_path / "02-t.toml").write_text(STAGE_HEAD.replace("stage = 1", "stage = 2").replace('"s"', '"t"')
                                        + GOOD_LEVEL.format(id="same"), encoding="utf-8")
    _course, errors = check_course(tmp_path)
    assert len(errors) == 1 and errors[0].field == "id" and "also used" in errors[0].message


GOOD_PUZZLE = '''
[[puzzle]]
id = "{id}"
kind = "trick_winner"
rules = {{}}
question = "Which tile wins?"
solution = {solution}
themes = ["trick-winner"]
rating = 900
hints = ["H"]
source = {{ kind = "hand-written" }}
[puzzle.position]
trump = "6"
leader = 0
trick = {trick}
'''


def _puzzle(pid: str, solution: str = "2", trick: str = '["5-1", "5-3", "6-1"]') -> str:
    return GOOD_PUZZLE.format(id=pid, solution=solution, trick=trick)


def test_puzzles_one_bad_puzzle_hides_no_other(tmp_path: Path) -> None:
    text = (_puzzle("ok-1") + _puzzle("wrong-solution", solution="1")
            + _puzzle("tile-twice", trick='["5-1", "5-1", "6-1"]') + _puzzle("ok-2")
            + _puzzle("bad-tile", trick='["5-1", "9-3", "6-1"]'))
    (tmp_path / "p.toml").write_text(text, encoding="utf-8")
    ps, errors = check_puzzles(tmp_path)
    assert [p.id for p in ps] == ["ok-1", "ok-2"]
    got = {(e.entry, e.field) for e in errors}
    assert got == {("wrong-solution", "expected"), ("tile-twice", "position.trick"), ("bad-tile", "position.trick")}
    assert all(e.file.endswith("p.toml") for e in errors)
    with pytest.raises(ContentErrors):
        load_puzzles(tmp_path)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("rules = {}", "rules = { players = 5 }", "rules"),
        ("rules = {}", "", "rules"),
        ('themes = ["trick-winner"]', "themes = []", "themes"),
        ("rating = 900", "rating = 90000", "rating"),
        ('source = { kind = "hand-written" }', 'source = { kind = "generated" }', "source.seed"),
        ("solution = 2", "", "solution"),
        ("[puzzle.position]", "to_play = 1\n[puzzle.position]", "to_play"),
    ],
)
def test_broken_puzzle_fields(tmp_path: Path, old: str, new: str, field: str) -> None:
    (tmp_path / "p.toml").write_text(_puzzle("x").replace(old, new), encoding="utf-8")
    _ps, errors = check_puzzles(tmp_path)
    assert len(errors) == 1 and errors[0].entry == "x" and errors[0].field == field, errors


def test_impossible_positions_are_refused() -> None:
    from content import FieldError, Position

    cases = [
        ({"hands": {"0": "6-6 5-5", "1": "6-6 4-4"}}, "appears twice"),
        ({"rules": {"players": 4}, "hands": {"0": "6-6 5-5", "1": "4-4"}}, "same number of tiles"),
        ({"trump": "6", "leader": 0, "trick": ["5-1", "2-1"], "hands": {"1": "5-3"}}, "could not have played"),
        ({"trump": "6", "trick": ["5-1"]}, "needs the seat that led"),
        ({"leader": 0, "trick": ["5-1"]}, "needs the trump"),
        ({"rules": {"keep_double_blank": False}, "trump": "0"}, "do not allow blanks as trump"),
        ({"first_bidder": 0, "bids": [5, 4]}, "refuses this auction"),
        ({"first_bidder": 0, "bids": [5, "pass", "pass"], "bidder": 2}, "makes seat 0 the bidder"),
        ({"hands": {"0": "6-6 5-5 4-4 3-3 2-2 1-1 0-0 6-5 6-4"}}, "at most"),
        ({"scores": [1, 2]}, "one score per side"),
        ({"tricks_won": [4, 4, 0]}, "7 tricks"),
    ]
    for raw, words in cases:
        with pytest.raises(FieldError) as info:
            Position.from_dict(raw)
        assert words in str(info.value), (raw, info.value)
