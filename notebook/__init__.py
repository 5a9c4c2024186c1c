"""The teaching notebook (``notebook/moon_notebook.py``, jupytext) and its helpers (:mod:`notebook.lab`)."""
