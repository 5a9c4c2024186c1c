"""AppTest: the greetings of a learner by the name they chose say it literally (Markdown
escaped, bare addresses broken up; the live class's in HTML, escaped), as the browser test ``tests/e2e/test_e2e_literal.py``
checks for the pages."""

from __future__ import annotations

from html import escape

from store import learners, live, open_store
from tutorial.services.text import md_escape
from tutorial.testing import errors, open_app

NAME = "**B** [l](http://e.vil) <i>x</i> :red[R]"


def test_the_welcome_back_toast_shows_the_name_literally() -> None:
    db = open_store()
    me, token = learners.create(db, NAME)
    assert me.name == NAME
    at = open_app("home", query={"me": token})
    assert not at.exception, errors(at)
    assert [t.value for t in at.toast] == [f"Welcome back, {md_escape(NAME)}!"]


def test_the_live_class_welcome_shows_the_name_literally_in_the_pages_flow() -> None:
    """The phone's welcome is its "You are … in class" line, not a toast floating over the page:
    the name in it as typed (HTML-escaped), until the first answer."""
    info, _ = live.start(open_store(), "Literal names")
    at = open_app("live")
    at.text_input(key="live-code").set_value(info.join_code)
    at.text_input(key="live-name").set_value(NAME)
    next(b for b in at.button if b.label == "Join").click().run()
    assert not at.exception, errors(at)
    assert not at.toast
    who = next(str(m.value) for m in at.markdown if "class=\"live-who\"" in str(m.value))
    assert f"Welcome, <b>{escape(NAME)}</b>! You are in class" in who, who


def test_md_escape_leaves_nothing_a_renderer_formats() -> None:
    shown = md_escape("**B** [l](http://e.vil) :red[R] :material/home: $x$ www.e.vil a@e.vil HTTPS://E.VIL")
    assert "http://" not in shown.lower().replace("\\", "") and "https://" not in shown.lower().replace("\\", "")
    assert "www." not in shown.lower().replace("\\", "") and "a@" not in shown.replace("\\", "")
    assert all(shown[i - 1] == "\\" for i, c in enumerate(shown) if c in "*[]():$")
