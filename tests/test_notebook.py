"""The teaching notebook runs top to bottom, its exercise answers are right and stay hidden.

The notebook is the jupytext file ``notebook/moon_notebook.py``; the test turns it into a
notebook, shrinks the simulations (the ``parameters`` cell) and runs it with nbclient.
Any error in any cell fails the test. The executed notebook is then exported to HTML with
nbconvert, as a reader would see it outside JupyterLab: no answer may be visible there, and
every picture must keep a text alternative.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import jupytext
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebook" / "moon_notebook.py"
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


@pytest.fixture(scope="module")
def exported(executed):  # type: ignore[no-untyped-def]
    """The executed notebook as nbconvert's HTML, parsed."""
    from bs4 import BeautifulSoup
    from nbconvert import HTMLExporter

    html, _ = HTMLExporter().from_notebook_node(executed)
    return BeautifulSoup(html, "html.parser")


def _text(cell) -> str:  # type: ignore[no-untyped-def]
    out = []
    for o in cell.get("outputs", []):
        if o.get("output_type") == "stream":
            out.append(o.get("text", ""))
        elif "data" in o and "text/plain" in o["data"]:
            out.append(o["data"]["text/plain"])
    return "".join(out)


def _html(cell) -> str:  # type: ignore[no-untyped-def]
    return "".join(o.get("data", {}).get("text/html", "") for o in cell.get("outputs", []))


def _calls(nb, name: str) -> list[tuple[str, object]]:  # type: ignore[no-untyped-def]
    """Every top-level ``name("id", ...)`` call in the notebook's code cells: (id, cell)."""
    found = []
    for c in nb.cells:
        if c.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(c.source)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
                if node.args and isinstance(node.args[0], ast.Constant):
                    found.append((node.args[0].value, c))
    return found


def test_runs_without_error(executed) -> None:  # type: ignore[no-untyped-def]
    errors = [o for c in executed.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors


def test_illegal_play_is_shown_with_the_rule(executed) -> None:  # type: ignore[no-untyped-def]
    text = "\n".join(_text(c) for c in executed.cells if c.cell_type == "code")
    assert "IllegalAction (must-follow): 6-2 does not follow fives. You must follow fives: 5-3 bears a five." in text


def test_tiles_are_drawn_with_the_engine_svg_and_named(executed) -> None:  # type: ignore[no-untyped-def]
    outputs = [o for c in executed.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    tiles = [o["data"]["text/html"] for o in outputs if 'class="moon-tiles"' in o.get("data", {}).get("text/html", "")]
    assert len(tiles) >= 10
    assert all('role="img"' in h and 'aria-label="' in h and "<title>" in h for h in tiles)
    # a bare SVG output would become an <img> with no description in an HTML export
    assert not [o for o in outputs if "image/svg+xml" in o.get("data", {})]


def test_every_exercise_has_a_check_and_a_folded_answer(executed) -> None:  # type: ignore[no-untyped-def]
    shown = [i for i, _ in _calls(executed, "exercise")]
    assert len(shown) >= 21 and len(set(shown)) == len(shown)
    assert [i for i, _ in _calls(executed, "check")] == shown
    assert [i for i, _ in _calls(executed, "reveal")] == shown
    assert {"lab-low-trump", "lab-discard-trump", "lab-four-moon"} <= set(shown)


def test_no_answer_is_written_in_the_notebook_source() -> None:
    """The .py (and any preview of it) holds no answer: every check is given ``answer``."""
    nb = jupytext.read(NOTEBOOK)
    for _, cell in _calls(nb, "check"):
        call = next(n for n in ast.walk(ast.parse(cell.source)) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "check")
        assert isinstance(call.args[1], ast.Name) and call.args[1].id == "answer", cell.source
        assert re.match(r"answer = None\b", cell.source), cell.source


def test_the_revealed_answers_are_graded_correct_in_the_notebook(executed) -> None:  # type: ignore[no-untyped-def]
    for level_id, cell in _calls(executed, "reveal"):
        html = _html(cell)
        assert html.startswith('<details class="moon-answer">'), level_id
        assert "The engine grades this answer: <b>correct</b>" in html, level_id


def test_the_hidden_answers_are_right_by_the_engine() -> None:
    """Re-grade each revealed answer here, outside the notebook, with the course's engine checks."""
    from notebook.exercises import LAB_EXERCISES, answer_of, grade
    from notebook.exercises import levels as course_levels

    levels = course_levels()  # the course, as load_course() gives it
    nb = jupytext.read(NOTEBOOK)
    graded = 0
    for level_id, _ in _calls(nb, "reveal"):
        if level_id in LAB_EXERCISES:
            answer = answer_of(level_id)
            for one in answer if level_id != "lab-four-moon" else [answer]:
                assert grade(level_id, one)[0], level_id
        else:
            level = levels[level_id]
            assert level.grade(level.answer_json()).correct, level_id
            assert level.grade(answer_of(level_id)).correct, level_id
        graded += 1
    assert graded >= 21


def test_unanswered_exercises_say_so(executed) -> None:  # type: ignore[no-untyped-def]
    asks = [c for c in executed.cells if c.cell_type == "code" and c.source.startswith("answer = None")]
    assert len(asks) == len(_calls(executed, "reveal"))
    for c in asks:
        assert "Not answered yet" in _text(c)


def test_no_glitches_in_the_words(executed) -> None:  # type: ignore[no-untyped-def]
    text = "\n".join(_text(c) for c in executed.cells if c.cell_type == "code")
    assert "no trump trump" not in text
    three_player = text.split("hands: [7, 7, 7, 7]")[0]  # everything before the four-player section runs
    assert "hands: [7, 7, 7, 7]" in text
    assert not re.findall(r"\b[1-6]-0\b", three_player), "a 28-tile order printed in the three-player part"


def test_every_experiment_predicts_first_and_concludes() -> None:
    nb = jupytext.read(NOTEBOOK)
    md = [c.source for c in nb.cells if c.cell_type == "markdown"]
    experiments = [s for s in md if re.search(r"\*\*Experiment \d", s) or "### Experiment 4" in s]
    assert len(experiments) == 4
    assert all("**Predict first.**" in s for s in experiments)
    shows = [s for s in md if s.startswith("**What this shows**")]
    assert len(shows) == 4
    for s in (" ".join(s.split()) for s in shows):
        assert re.search(r"reference run: [^)]*\d+ [^)]*seed \d+", s), s
        assert "python -m notebook reference" in s or "same" in s
        assert "REF" not in s


# --------------------------------------------------------------------------- the HTML export


def _visible_text(soup) -> str:  # type: ignore[no-untyped-def]
    """What a reader sees without clicking: no scripts, styles, or the inside of a closed <details>."""
    import copy

    soup = copy.copy(soup)
    for tag in soup.find_all(["script", "style"]):
        tag.decompose()
    for d in soup.find_all("details"):
        if d.has_attr("open"):
            continue
        for child in list(d.children):
            if getattr(child, "name", None) != "summary":
                child.extract()
    return soup.get_text(" ")


def test_html_export_shows_no_answer(exported) -> None:  # type: ignore[no-untyped-def]
    from notebook.exercises import reveal_html

    details = exported.find_all("details", class_="moon-answer")
    assert len(details) >= 21
    visible = _visible_text(exported)
    assert "The engine grades this answer" in exported.get_text(" ")  # the answers are in the page...
    assert "The engine grades this answer" not in visible  # ...but folded
    for level_id in ["tiles-moon-set", "win-two-suit", "lab-four-moon", "lab-low-trump"]:
        reason = re.search(r"</code>: (.*?)</p>", reveal_html(level_id)).group(1)  # type: ignore[union-attr]
        assert reason[:60] not in visible, level_id
    assert not re.search(r"check\(\s*\"[\w-]+\",\s*(?!answer\))", visible), "a solution call is visible"


def test_html_export_pictures_have_a_text_alternative(exported) -> None:  # type: ignore[no-untyped-def]
    svgs = exported.find_all("svg")
    assert len(svgs) >= 10
    for svg in svgs:
        title = svg.find("title")
        assert svg.get("aria-label") or (title and title.get_text().strip()), str(svg)[:120]
    for img in exported.find_all("img"):
        alt = (img.get("alt") or "").strip()
        assert alt and "No description" not in alt, str(img)[:120]
