"""The teaching notebook runs top to bottom, and its exercise answers are right.

The notebook is the jupytext file ``lessons/moon_notebook.py``; the test turns it into a
notebook, shrinks the simulations (the ``parameters`` cell) and runs it with nbclient.
Any error in any cell fails the test.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "lessons" / "moon_notebook.py"
#: Running the notebook starts a kernel and plays whole hands: part of `make unit`, not `make quick`.
pytestmark = pytest.mark.slow


def _executed(simulations: int = 12, seed: int = 7):  # type: ignore[no-untyped-def]
    nb = jupytext.read(NOTEBOOK)
    params = [c for c in nb.cells if "parameters" in c.metadata.get("tags", [])]
    assert len(params) == 1, "the notebook needs exactly one cell tagged 'parameters'"
    src = params[0].source
    src = re.sub(r"^SIMULATIONS = .*$", f"SIMULATIONS = {simulations}", src, flags=re.M)
    src = re.sub(r"^SEED = .*$", f"SEED = {seed}", src, flags=re.M)
    params[0].source = src
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent.parent)}}).execute()
    return nb


@pytest.fixture(scope="module")
def executed():  # type: ignore[no-untyped-def]
    return _executed()


def _text(cell) -> str:  # type: ignore[no-untyped-def]
    out = []
    for o in cell.get("outputs", []):
        if o.get("output_type") == "stream":
            out.append(o.get("text", ""))
        elif "data" in o and "text/plain" in o["data"]:
            out.append(o["data"]["text/plain"])
    return "".join(out)


def test_runs_without_error(executed) -> None:  # type: ignore[no-untyped-def]
    errors = [o for c in executed.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors


def test_illegal_play_is_shown_with_the_rule(executed) -> None:  # type: ignore[no-untyped-def]
    text = "\n".join(_text(c) for c in executed.cells if c.cell_type == "code")
    assert "IllegalAction (must-follow): 6-2 does not follow fives. You must follow fives: 5-3 bears a five." in text


def test_tiles_are_drawn_with_the_engine_svg(executed) -> None:  # type: ignore[no-untyped-def]
    svgs = [o for c in executed.cells if c.cell_type == "code" for o in c.get("outputs", []) if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 3
    assert all('role="img"' in o["data"]["image/svg+xml"] for o in svgs)


def _solutions(nb):  # type: ignore[no-untyped-def]
    return [c for c in nb.cells if c.cell_type == "code" and "solution" in c.metadata.get("tags", [])]


def test_every_section_has_hidden_answers(executed) -> None:  # type: ignore[no-untyped-def]
    cells = _solutions(executed)
    assert len(cells) >= 8
    for c in cells:
        assert c.metadata.get("jupyter", {}).get("source_hidden") is True


def test_the_hidden_answers_are_graded_correct_in_the_notebook(executed) -> None:  # type: ignore[no-untyped-def]
    for c in _solutions(executed):
        assert _text(c).strip() == "correct", c.source


def test_the_hidden_answers_are_right_by_the_engine() -> None:
    """Re-grade each hidden answer here, outside the notebook, with the course's engine checks."""
    import ast

    from lessons import load_course

    levels = {lv.id: lv for st in load_course().stages for lv in st.levels}
    nb = jupytext.read(NOTEBOOK)
    graded = 0
    for c in _solutions(nb):
        call = ast.parse(c.source).body[0].value  # check("level-id", answer)
        assert isinstance(call, ast.Call) and call.func.id == "check"  # type: ignore[attr-defined]
        level_id = ast.literal_eval(call.args[0])
        answer = ast.literal_eval(call.args[1])
        level = levels[level_id]
        assert level.grade(answer).correct, level_id
        assert level.grade(level.answer_json()).correct
        graded += 1
    assert graded >= 8


def test_unanswered_exercises_say_so(executed) -> None:  # type: ignore[no-untyped-def]
    asks = [c for c in executed.cells if c.cell_type == "code" and c.source.startswith("answer = None")]
    assert len(asks) == len(_solutions(executed))
    for c in asks:
        assert "Not answered yet" in _text(c)
