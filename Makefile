# `make run` and `make test` bootstrap .venv on a fresh clone (and again when pyproject.toml changes).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -U pip
	$(PY) -m pip install -q -e '.[dev,rl]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/ludotheque serve

test: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadfile

bench: $(STAMP)
	$(VENV)/bin/ludotheque bench --json

clean:
	rm -rf $(VENV) .pytest_cache
