"""The strong player decides as it did when the golden file was written: every bid, trump,
discard and play of fixed seeded hands (three and four players, house rules that change the
auction and the widow), with the numbers behind each choice. A change here is a change of the
player's decisions: regenerate the file (``.venv/bin/python tests/strong_golden.py --write``)
only when that is meant, and say why in the commit."""

from __future__ import annotations

import json

import pytest
from strong_golden import CASES, GOLDEN, play


@pytest.mark.parametrize(("name", "rules", "seed", "hands"),
                         [(n, r, s, h) for n, r, seeds, h in CASES for s in seeds])
def test_the_strong_player_decides_as_recorded(name: str, rules: dict[str, object], seed: int, hands: int) -> None:
    want = json.loads(GOLDEN.read_text())[f"{name}/{seed}"]
    got = json.loads(json.dumps(play(dict(rules), seed, hands)))
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert g == w, f"decision {i} of {name}/{seed} differs"
