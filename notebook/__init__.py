"""The teaching notebook (``notebook/moon_notebook.py``, jupytext) and its helpers, by job:

- :mod:`notebook.display` — tile pictures (the engine's SVG with a text alternative),
  progress bars and tables;
- :mod:`notebook.exercises` — exercises graded by the engine: ``exercise``, ``check`` (a hint
  first, then the engine's reason), ``reveal`` (the engine's answer, folded);
- :mod:`notebook.experiments` — the experiments (open-hands solving of dealt hands, strong
  against basic) and their summaries;
- ``python -m notebook`` (:mod:`notebook.__main__`) — the reference runs whose numbers the
  notebook quotes.

Nothing here imports Streamlit, and the app does not import this package.
"""
