"""No two modules of the project import each other, directly or round a longer loop: not at
module level, not inside a function, not under ``TYPE_CHECKING``. A cycle makes the order of
imports matter and hides which module owns an idea; a deferred import only hides the cycle.

The graph is grimp's (the library under import-linter, which ``make lint`` runs), which reads
every import statement of every module, wherever it stands."""

from __future__ import annotations

import grimp

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


def test_no_module_imports_another_that_imports_it_back() -> None:
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    assert len(graph.modules) > 100  # the whole project was read
    assert cycles(graph) == []
