# Quick start: `make run` (the app) and `make test` (every test, headless).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python

.PHONY: run test demo bench lint clean

$(PY):
	$(PYTHON) -m venv $(VENV) || { $(PYTHON) -m pip install --user virtualenv && $(PYTHON) -m virtualenv $(VENV); }
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.run-deps: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.test-deps: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[test,dev,postgres]'
	touch $@ $(VENV)/.run-deps

run: $(VENV)/.run-deps
	$(BIN)/mcr-referee $(ARGS)

test: $(VENV)/.test-deps
	$(BIN)/ruff check .
	@if [ -f ../shared/tools/check_layers.py ]; then $(PY) ../shared/tools/check_layers.py; fi
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider

bench: $(VENV)/.test-deps
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info
