"""No two modules of the project import each other, directly or round a longer loop: not at
module level, not inside a function, not under ``TYPE_CHECKING``. A cycle makes the order of
imports matter and hides which module owns an idea; a deferred import only hides the cycle.

The graph is grimp's (the library under import-linter, which ``make lint`` runs), which reads
every import statement of every module, wherever it stands."""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

PACKAGES = ("engine", "content", "lessons", "puzzles", "notebook", "store", "tutorial", "bench")


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (each one or more import cycles),
    by Tarjan's algorithm, iteratively (no recursion limit on a deep graph).

    >>> g = grimp.ImportGraph()
    >>> for m in "abcd":
    ...     g.add_module(m)
    >>> g.add_import(importer="a", imported="b"); g.add_import(importer="b", imported="c")
    >>> g.add_import(importer="c", imported="a"); g.add_import(importer="c", imported="d")
    >>> cycles(g)
    [['a', 'b', 'c']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, nexts = work[-1]
            for w in nexts:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.find_modules_directly_imported_by(w)))))
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        group.append(w)
                        if w == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return sorted(found)


def import_graph(*packages: str, cache: bool = True) -> grimp.ImportGraph:
    """Every import between the modules of ``packages``, type-checking-only ones included
    (``cache=False``: read every file afresh, for packages written by a test)."""
    if cache:
        return grimp.build_graph(*packages, include_external_packages=False)
    return grimp.build_graph(*packages, include_external_packages=False, cache_dir=None)


def test_no_module_imports_another_that_imports_it_back() -> None:
    graph = import_graph(*PACKAGES)
    assert len(graph.modules) > 100  # the whole project was read
    assert cycles(graph) == []


def test_a_planted_cycle_is_found_however_deferred(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check reads the imports the project's modules hide: one inside a function, one
    under ``TYPE_CHECKING``, one two modules round; modules that only import one way are
    no cycle."""
    pkg = tmp_path / "planted"
    pkg.mkdir()
    files = {
        "__init__.py": "",
        "game.py": "from planted import record\n",
        "record.py": "def replay():\n    from planted.game import Game\n    return Game\n",
        "bot.py": "from planted import words\n",
        "words.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from planted.bot import Bot\n",
        "a.py": "import planted.b\n",
        "b.py": "import planted.c\n",
        "c.py": "def late():\n    import planted.a\n",
        "leaf.py": "from planted import game, words\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cycles(import_graph("planted", cache=False)) == [
        ["planted.a", "planted.b", "planted.c"],
        ["planted.bot", "planted.words"],
        ["planted.game", "planted.record"],
    ]
