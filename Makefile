# Moon Tutor: `make run` starts the app, `make test` runs the whole suite.
# Both create the local virtualenv (.venv) when it is missing.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8501

.PHONY: run test lint typecheck unit quick e2e bench bench-app notebook clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The install builds the solver's compiled core (setup.py, engine/_csolver.c) with the C
# compiler: a changed C file reinstalls, and so rebuilds it. Each install stamp names the core
# it built (empty without a compiler); a core deleted since (`git clean -x`) installs again.
NATIVE := setup.py engine/_csolver.c
BUILT_CORE := $(shell cat $(VENV)/.run-installed $(VENV)/.test-installed 2>/dev/null)
ifneq ($(BUILT_CORE),)
ifneq ($(words $(BUILT_CORE)),$(words $(wildcard $(BUILT_CORE))))
NATIVE += core-missing
endif
endif
.PHONY: core-missing
STAMP = { ls engine/_csolver*.so 2>/dev/null || true; }

$(VENV)/.run-installed: pyproject.toml $(NATIVE) | $(PY)
	$(PY) -m pip install --quiet -e .
	$(STAMP) > $@

$(VENV)/.test-installed: pyproject.toml $(NATIVE) | $(PY)
	$(PY) -m pip install --quiet -e '.[test,dev]'
	$(STAMP) > $@; cp $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(PY) -m streamlit run tutorial/server.py --server.port $(PORT) --browser.gatherUsageStats false

# ruff, then the layering contracts of pyproject.toml's [tool.importlinter] (engine imports
# nothing of ours; no Streamlit outside tutorial/; tutorial/services is Streamlit-free).
lint: $(VENV)/.test-installed
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports

# mypy --strict over the packages listed in pyproject.toml's [tool.mypy] (the notebook script notebook/moon_notebook.py is left out).
typecheck: $(VENV)/.test-installed
	$(PY) -m mypy

unit: $(VENV)/.test-installed
	$(PY) -m pytest -n auto -m "not e2e"

# The fast loop while you work: no browser, no tests marked slow, stop at the first failure.
quick: $(VENV)/.test-installed
	$(PY) -m pytest -n auto -x -q -m "not e2e and not slow"

# Browser tests: Playwright drives /usr/bin/chromium (Debian's package) against `streamlit run`.
# One worker: two servers and two browsers on a 2-core machine starve each other's runs, and
# tests that wait for the app to settle then see half-drawn pages (tried: 3 flaky failures;
# tried again with `-n 2 --dist loadfile` on a machine loaded 25-37 by other jobs: 4 of 168
# failed, short timeouts and half-drawn pages). The helpers are safe for two workers (each
# its own server, Chromium and database); that needs three clean runs on a quiet machine.
e2e: $(VENV)/.test-installed
	$(PY) -m pytest tests/e2e -p no:xdist

test: lint typecheck unit e2e

$(VENV)/.notebook-installed: pyproject.toml $(NATIVE) | $(PY)
	$(PY) -m pip install --quiet -e '.[notebook]'
	$(STAMP) > $@; cp $@ $(VENV)/.run-installed

# The teaching notebook: build the .ipynb from the committed jupytext file, then open Jupyter.
notebook: $(VENV)/.notebook-installed
	$(VENV)/bin/jupytext --sync notebook/moon_notebook.py
	$(VENV)/bin/jupyter lab notebook/moon_notebook.ipynb

bench: $(VENV)/.test-installed
	$(PY) -m bench.engine

bench-app: $(VENV)/.test-installed
	$(PY) -m bench.app

clean:
	rm -rf $(VENV) build *.egg-info engine/_csolver.*.so
