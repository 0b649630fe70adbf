# `make run` and `make test` bootstrap .venv on a fresh clone (and again when pyproject.toml changes).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -U pip
	$(PY) -m pip install -q -e '.[dev,rl,ray]'
	touch $(STAMP)

# `warmup` compiles every game once into the disk cache (a minute or two after install, then
# a few seconds), so that no one waits for the compiler on a first move or a web request.
run: $(STAMP)
	$(VENV)/bin/ludotheque warmup
	$(VENV)/bin/ludotheque serve

test: $(STAMP)
	$(VENV)/bin/ludotheque warmup
	$(PY) -m pytest -n 2 --dist loadfile

bench: $(STAMP)
	$(VENV)/bin/ludotheque bench --json

clean:
	rm -rf $(VENV) .pytest_cache
