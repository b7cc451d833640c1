# Referee: `make run` serves the site, `make test` runs everything. Both work on a fresh machine:
# they create .venv and install what they need first.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules --no-print-directory

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
CHROMIUM := /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: help run test lint checks pytest fuzz chromium bench clean distclean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 12

# --- installation ---------------------------------------------------------------------------
# Stamp files make a second `make` skip pip entirely until pyproject.toml changes.

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@ $(VENV)/.installed-run

# Browser tests drive Debian's Chromium; Playwright is never allowed to download its own.
chromium: ## Install Debian's Chromium when it is missing
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "$(CHROMIUM) is missing: installing Debian's chromium package"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null; then sudo="sudo"; \
	  else echo "error: Chromium is needed for the browser tests and installing it needs root;" \
	       "run: apt-get install chromium" >&2; exit 1; fi; \
	  if ! { $$sudo apt-get update -qq && \
	         DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq chromium; }; then \
	    echo "error: could not install Debian's chromium package; the browser tests need" \
	         "$(CHROMIUM). Install it by hand (apt-get install chromium) and run make test again." >&2; \
	    exit 1; \
	  fi; \
	fi
	@test -x $(CHROMIUM) || { echo "error: $(CHROMIUM) is still missing" >&2; exit 1; }

# --- the two commands -----------------------------------------------------------------------

run: $(VENV)/.installed-run ## Install, migrate, load starter data and serve http://127.0.0.1:8000
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_starter_data
	@echo "Referee is at http://$(HOST):$(PORT)/ (Ctrl-C stops it)"
	$(PY) manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.installed-test chromium ## Install test tools and Chromium, lint, type-check, run every test
	@$(MAKE) lint
	@$(MAKE) checks
	@$(MAKE) pytest

# --- the pieces of `make test` (they expect `make test` to have installed once) -------------

lint: $(VENV)/.installed-test ## ruff check, ruff format --check, mypy, import contracts
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy .

checks: $(VENV)/.installed-test ## Django's system checks and the missing-migrations check
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run

# One worker per core (pytest-xdist); each has its own test database. Work stealing: a worker
# that runs out takes half of what the other still has queued (with xdist's default, the
# first worker was handed every browser test at the start and ran five minutes alone at the
# end). The 30 slowest tests are listed at the end, so a test that grows slow is seen.
pytest: $(VENV)/.installed-test ## The whole pytest suite (PYTEST_ARGS to narrow it)
	$(BIN)/pytest -n auto --dist worksteal --durations=30 $(PYTEST_ARGS)

# `make test` is derandomized, so its verdict never depends on luck. This explores instead:
# random seeds, FUZZ_SCALE times the examples (10 by default), only the Hypothesis tests. Fix
# what it finds and pin the failing input with @example, so `make test` keeps checking it.
fuzz: $(VENV)/.installed-test ## Hypothesis tests with random seeds and more examples (FUZZ_SCALE)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -n auto $(PYTEST_ARGS)

# --- the rest -------------------------------------------------------------------------------

bench: $(VENV)/.installed-test ## Run every benchmark under bench/ and print its figures
	@for script in bench/*.py; do \
	  name=$$(basename "$$script" .py); \
	  case "$$name" in __init__|server|prepare) continue;; esac; \
	  echo "== bench/$$name.py"; \
	  $(PY) -m "bench.$$name"; \
	done

clean: ## Remove caches, collected static files and test output (keeps .venv and db.sqlite3)
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -print0 | xargs -0 rm -rf
	rm -rf .pytest_cache .mypy_cache .ruff_cache .hypothesis staticfiles test-output build *.egg-info
	rm -f $(VENV)/.installed-run $(VENV)/.installed-test

distclean: clean ## Also remove .venv
	rm -rf $(VENV)
