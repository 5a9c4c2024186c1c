"""The notebook's helpers (``notebook/``): pictures, exercise grading, experiments."""

from __future__ import annotations

import pytest

from engine import RuleSet, Tile, tile_set
from notebook import exercises
from notebook.display import Tiles, set_by_suit
from notebook.exercises import answer_of, check, grade, reveal_html
from notebook.experiments import (
    DISCARD_DEAL,
    all_contracts,
    best_contract,
    makes_by,
    match_summary,
    mean_se,
    paired_difference,
    seat_summary,
)


@pytest.fixture(autouse=True)
def _fresh_tries() -> None:
    exercises.tries.clear()


def test_tiles_picture_is_inline_svg_with_a_text_alternative() -> None:
    html = Tiles(["6-4", "5-5"])._repr_html_()
    assert 'role="img"' in html and 'aria-label="tiles: 6-4, 5-5"' in html and "<title>" in html
    assert "max-width:100%" in html
    assert not hasattr(Tiles(["6-4"]), "_repr_svg_")


def test_set_by_suit_lists_the_22_tiles_suit_by_suit_in_rank_order() -> None:
    rows = set_by_suit(tile_set(3), "none")
    assert [r["suit"] for r in rows] == ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes"]
    assert rows[0]["tiles, highest first"] == "0-0"
    assert rows[2]["tiles, highest first"].split() == ["2-2", "6-2", "5-2", "4-2", "3-2", "2-1"]
    # every tile but a double sits in two suits: 7 doubles + 2 x 15
    assert sum(r["how many"] for r in rows) == 7 + 2 * 15


def test_first_wrong_answer_gets_a_hint_then_the_engines_reason(capsys) -> None:  # type: ignore[no-untyped-def]
    level = exercises.levels()["win-two-suit"]
    check("win-two-suit", 0)
    first = capsys.readouterr().out
    assert first.startswith("Not yet. A hint:") and level.hint(1) in first
    assert "5-2 wins" not in first
    check("win-two-suit", 0)
    second = capsys.readouterr().out
    assert second.startswith("Not yet:") and "5-2" in second
    check("win-two-suit", None)
    assert "Not answered yet" in capsys.readouterr().out
    check("win-two-suit", [1, 2])
    assert "wrong shape" in capsys.readouterr().out


def test_a_tile_name_is_accepted_where_an_index_is_asked(capsys) -> None:  # type: ignore[no-untyped-def]
    check("win-two-suit", "5-2")
    assert capsys.readouterr().out.strip() == "correct"
    check("win-two-suit", "2-5")  # either way round
    assert capsys.readouterr().out.strip() == "correct"
    assert grade("win-two-suit", 1)[0]
    assert not grade("win-two-suit", "2-1")[0]


def test_low_trump_beats_the_double_six() -> None:
    assert answer_of("lab-low-trump") == ["6-1"]
    assert grade("lab-low-trump", "6-1")[0]
    ok, text = grade("lab-low-trump", "5-4")
    assert not ok and "does not win" in text
    ok, text = grade("lab-low-trump", "6-6")
    assert not ok and "not in your hand" in text


def test_four_player_moon_needs_all_seven_by_the_team() -> None:
    assert answer_of("lab-four-moon") == [1, -21]
    assert grade("lab-four-moon", [1, -21])[0]
    assert not grade("lab-four-moon", [0, 21])[0]
    with pytest.raises(ValueError):
        grade("lab-four-moon", "21")


def test_discard_and_trump_is_graded_by_the_solver() -> None:
    best = answer_of("lab-discard-trump")
    table = all_contracts(DISCARD_DEAL)
    top = max(table.values())
    assert best and all(table[b] == top for b in best)
    assert len(best) < len(table), "the exercise must have wrong choices"
    discard, trump = best[0]
    assert grade("lab-discard-trump", (discard, trump))[0]
    worse = next(k for k, v in table.items() if v < top)
    ok, text = grade("lab-discard-trump", worse)
    assert not ok and "Another choice takes more" in text
    words = {"0": "blanks", "6": "sixes", "doubles": "doubles", "none": "no trump"}
    if trump in words:  # the trump may be given in words too
        assert grade("lab-discard-trump", (discard, words[trump]))[0]


def test_reveal_folds_the_engines_answer() -> None:
    html = reveal_html("tiles-moon-set")
    assert html.startswith('<details class="moon-answer"><summary>')
    assert "<code>22</code>" in html and "<b>correct</b>" in html


def test_best_contract_counts_trumps_and_doubles_after_the_discard() -> None:
    rules = RuleSet()
    eight = [Tile.parse(t) for t in "6-6 6-5 6-4 6-3 5-5 4-4 2-1 3-1".split()]
    others = [[Tile.parse(t) for t in h.split()] for h in ("5-4 5-3 5-2 5-1 4-3 4-2 4-1", "3-3 3-2 2-2 1-1 0-0 6-2 6-1")]
    row = best_contract(eight, others, rules, widow_tile=Tile(3, 1))
    hand = [t for t in eight if str(t) != row["discard"]]
    assert len(hand) == 7
    assert row["doubles held"] == sum(t.is_double for t in hand)
    assert row["contract"] in ("a number", "doubles", "no trump")
    assert 0 <= row["tricks"] <= 7


def test_makes_by_counts_deals_and_percentages() -> None:
    rows = [
        {"contract": "a number", "trumps held": 3, "tricks": t} for t in (3, 4, 5, 6)
    ] + [{"contract": "doubles", "trumps held": 3, "tricks": 7}]
    (only,) = makes_by(rows, "trumps held", "a number")
    assert only == {"trumps held": 3, "deals": 4, "makes 4": 75, "makes 5": 50, "makes 6": 25}


def test_mean_and_standard_error() -> None:
    m, se = mean_se([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5
    assert se == pytest.approx(1.2909944 / 2)
    assert mean_se([5.0]) == (5.0, 0.0)
    with pytest.raises(ValueError):
        mean_se([])


def _match_rows() -> list[dict[str, object]]:
    """Two deals, each played three times; the strong player scores 3 more than either basic one."""
    rows = []
    for deal, base in ((1, 0), (2, 2)):
        for strong_seat in range(3):
            for seat in range(3):
                strong = seat == strong_seat
                rows.append({"deal": deal, "strong seat": strong_seat, "seat": seat,
                             "player": "strong" if strong else "basic", "points": base + (3 if strong else 0)})
    return rows


def test_match_summaries_report_each_player_and_seat_with_standard_errors() -> None:
    rows = _match_rows()
    players = {r["player"]: r for r in match_summary(rows)}
    assert players["strong"]["hands"] == 6 and players["strong"]["mean points per hand"] == 4.0
    assert players["basic, after the strong player"]["mean points per hand"] == 1.0
    assert players["strong"]["± standard error"] == round(mean_se([3, 3, 3, 5, 5, 5])[1], 2)
    seats = seat_summary(rows)
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert seats[0]["strong player here"].startswith("+4.00 ± ") and "(2 hands)" in seats[0]["strong player here"]
    assert "(4 hands)" in seats[0]["basic player here"]
    assert paired_difference(rows) == (3.0, 0.0, 2)
