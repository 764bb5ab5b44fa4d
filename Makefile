# Battlebook: `make docs` serves the rulebook, `make test` runs every check.
# Both create .venv with the machine's python3 and install the project into it first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
OVERLAP := ../shared/tools/seed_overlap.py
export NO_MKDOCS_2_WARNING := 1

.PHONY: docs test site examples lint typecheck unit clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[docs,dev]'
	@touch $(STAMP)

## Run every example so the pages show fresh results, then serve the rulebook.
docs: $(STAMP)
	-$(BIN)/pytest tests/test_features.py
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

## Every check: lint, types, examples and unit tests, copied-text scan, strict site build.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest
	@if [ -f $(OVERLAP) ]; then $(BIN)/python $(OVERLAP); else echo "($(OVERLAP) not found: copied-text scan skipped)"; fi
	$(BIN)/mkdocs build --strict --quiet
	@echo "make test: every check passed"

## Build the static site into site/ (running the examples first).
site: $(STAMP)
	$(BIN)/pytest tests/test_features.py
	$(BIN)/mkdocs build --strict

## Run only the examples, recording their results for the pages.
examples: $(STAMP)
	$(BIN)/pytest tests/test_features.py

clean:
	rm -rf site build .mypy_cache .ruff_cache .hypothesis
