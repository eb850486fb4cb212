# Quick start: `make run` (the app) and `make test` (the checks of `make lint`, then every test, headless).
# `make demo`: the demo tournament in demo.mcr (DEMO=FILE for another name; an existing tournament is never
# overwritten). `make clean`: the virtual environment, build/, dist/ and caches; never a tournament file.
# `make dist`: the standalone folder dist/MCR-Referee/ (PyInstaller, docs/packaging.md); `make dist-smoke`
# builds it and runs packaging/smoke_test.sh on it, normally and with the system's fonts and Python hidden.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python

.PHONY: run test demo bench lint clean dist dist-smoke texts-extract texts-update texts-new

$(PY):
	$(PYTHON) -m venv $(VENV) || { $(PYTHON) -m pip install --user virtualenv && $(PYTHON) -m virtualenv $(VENV); }
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.run-deps: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.test-deps: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[test,dev,postgres]'
	touch $@ $(VENV)/.run-deps

$(VENV)/.dist-deps: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dist]'
	touch $@ $(VENV)/.run-deps

run: $(VENV)/.run-deps
	$(BIN)/mcr-referee $(ARGS)

lint: $(VENV)/.test-deps
	$(BIN)/ruff check .
	$(BIN)/mypy
	@if [ -f ../shared/tools/check_layers.py ]; then $(PY) ../shared/tools/check_layers.py; fi

test: lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider

DEMO ?= demo.mcr
demo: $(VENV)/.run-deps
	$(BIN)/mcr-tournament --db $(DEMO) demo

bench: $(VENV)/.test-deps
	$(PY) benchmarks/run_all.py

dist: $(VENV)/.dist-deps
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/mcr-referee.spec
	@du -sh dist/MCR-Referee

dist-smoke: dist
	packaging/smoke_test.sh dist/MCR-Referee
	packaging/smoke_test.sh --hide-fonts dist/MCR-Referee

# The text catalogue (docs/texts.md): the template from the code, then every language merged with it and
# the pseudo-locale rebuilt; `make texts-new NEW=de` starts a new language. The .po files are read as they
# are at run time: nothing to compile.
texts-extract: $(VENV)/.test-deps
	$(PY) tools/make_texts.py extract

texts-update: texts-extract
	$(PY) tools/make_texts.py update

texts-new: texts-extract
	$(PY) tools/make_texts.py new $(NEW)
	$(PY) tools/make_texts.py update

# Only what a build or a check made: *.mcr files (tournaments and their backups) are never touched.
clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
