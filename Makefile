# `make run` and `make test` bootstrap .venv on a fresh clone (and again when pyproject.toml changes).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench clean chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -U pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/ludotheque serve

test: $(STAMP) chromium
	$(PY) -m pytest -n 2 --dist loadfile

# The browser tests drive Debian's chromium: installed here when running as root, otherwise
# `make test` stops at once with the command to run.
CHROMIUM ?= chromium
chromium:
	@command -v $(CHROMIUM) >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "make test needs chromium for its browser tests; install it with:  sudo apt-get install -y chromium" >&2; \
	    exit 1; \
	  fi; }

bench: $(STAMP)
	$(VENV)/bin/ludotheque bench --json

clean:
	rm -rf $(VENV) .pytest_cache
