# `make run` and `make test` bootstrap .venv on a fresh clone (and again when pyproject.toml changes).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench screenshots clean chromium postgresql

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

test: $(STAMP) chromium postgresql
	$(VENV)/bin/ludotheque warmup
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

# The store tests start a PostgreSQL server of their own in a temporary folder (tests/pg.py),
# never a system-wide one, from Debian's programs (under /usr/lib/postgresql, off PATH):
# installed like chromium.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; \
	  else \
	    echo "make test needs PostgreSQL's server programs for its store tests; install them with:  sudo apt-get install -y postgresql" >&2; \
	    exit 1; \
	  fi; }

bench: $(STAMP)
	$(VENV)/bin/ludotheque bench --json

# The README's pictures (docs/img/): games the computer's levels played, opened in chromium.
screenshots: $(STAMP) chromium
	$(PY) benchmarks/screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache
