# Moon Tutor: `make run` starts the app, `make test` runs the whole suite.
# Both create the local virtualenv (.venv) when it is missing.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8501

.PHONY: run test lint typecheck unit bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.run-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,dev]'
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(PY) -m streamlit run tutorial/app.py --server.port $(PORT) --browser.gatherUsageStats false

lint: $(VENV)/.test-installed
	$(PY) -m ruff check .

typecheck: $(VENV)/.test-installed
	$(PY) -m mypy engine

unit: $(VENV)/.test-installed
	$(PY) -m pytest -n auto

test: lint typecheck unit

bench: $(VENV)/.test-installed
	$(PY) -m bench.engine

clean:
	rm -rf $(VENV) build *.egg-info
