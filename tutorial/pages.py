"""The app's pages, listed once: the router (``app.py``), the shared frame's links, the
AppTest helpers and the browser tests all read this list. To add a page, write its file in
``views/`` and add one :class:`Page` here (see ``CONTRIBUTING.md``).

Streamlit-free, so tests and benchmarks can import it without starting the app.

>>> [p.key for p in PAGES][:3]
['home', 'learn', 'puzzles']
>>> page("bidding").url, page("home").url
('/bidding-lab', '/')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PAGES", "Page", "page", "page_files"]


@dataclass(frozen=True)
class Page:
    """One page: ``key`` (how code names it), ``title`` and ``icon`` (the navigation),
    ``file`` (relative to ``app.py``, as ``st.Page``, ``st.page_link`` and
    ``AppTest.switch_page`` want it) and ``url_path`` (empty for the default page)."""

    key: str
    title: str
    icon: str
    file: str
    url_path: str = ""

    @property
    def default(self) -> bool:
        """True for the page the app opens on (the one without a URL path)."""
        return not self.url_path

    @property
    def url(self) -> str:
        """The page's path on the server: ``"/"`` or ``"/learn"``."""
        return "/" + self.url_path


PAGES: tuple[Page, ...] = (
    Page("home", "Home", ":material/home:", "views/home.py"),
    Page("learn", "Learn", ":material/school:", "views/learn.py", "learn"),
    Page("puzzles", "Puzzles", ":material/extension:", "views/puzzles.py", "puzzles"),
    Page("practice", "Practice", ":material/fitness_center:", "views/practice.py", "practice"),
    Page("play", "Play", ":material/playing_cards:", "views/play.py", "play"),
    Page("progress", "Progress", ":material/insights:", "views/progress.py", "progress"),
    Page("classroom", "Classroom", ":material/co_present:", "views/classroom.py", "classroom"),
    Page("presenter", "Presenter", ":material/present_to_all:", "views/presenter.py", "presenter"),
    Page("bidding", "Bidding lab", ":material/science:", "views/bidding_lab.py", "bidding-lab"),
    Page("rules", "Rules", ":material/menu_book:", "views/rules.py", "rules"),
    Page("classes", "Classes", ":material/groups:", "views/classes.py", "classes"),
    Page("live", "Live class", ":material/cell_tower:", "views/live.py", "live"),
)

_BY_KEY = {p.key: p for p in PAGES}


def page(key: str) -> Page:
    """The page named ``key`` (``KeyError`` naming the known keys otherwise)."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise KeyError(f"no page {key!r}; the pages are {', '.join(_BY_KEY)}") from None


def page_files() -> dict[str, str]:
    """Page key -> file relative to ``app.py``."""
    return {p.key: p.file for p in PAGES}
