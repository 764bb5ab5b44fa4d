# Battlebook: `make docs` serves the rulebook, `make test` runs every check.
# Both create .venv with the machine's python3 and install the project into it first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
OVERLAP := ../shared/tools/seed_overlap.py
export NO_MKDOCS_2_WARNING := 1
# Compiled bytecode is kept under .venv, even where the environment turns writing it off:
# every pytest and mkdocs start then skips recompiling the modules it imports.
export PYTHONPYCACHEPREFIX := $(abspath $(VENV))/pycache
unexport PYTHONDONTWRITEBYTECODE
# The unit and browser tests use both cores (pytest-xdist); `make test JOBS=1` runs each in one process.
JOBS ?= 2
# The examples alone run no property test: Hypothesis's pytest plugin is left out of those runs.
EXAMPLES := $(BIN)/pytest tests/test_features.py -p no:hypothesispytest

.PHONY: docs test test-lint test-types test-examples test-unit test-smoke test-pages test-site-properdocs test-site-mkdocs test-builders full site pages examples lines facts worth lint typecheck unit clean browser browser-stress chromium runtime a11y

## The site's builder: mkdocs (the default) or properdocs (`make site BUILDER=properdocs`). Both read
## mkdocs.yml; the pages they build are written first by the page generator (`battlebook site pages`).
BUILDER ?= mkdocs
PAGES := build/pages

## The environment must be this checkout's: its scripts start its own python, and `battlebook`
## imports from this checkout's engine/. A tree moved or a .venv copied from another checkout fails
## that, and is installed again: from scratch when its scripts start another python (a venv
## cannot be moved), else by installing the project anew.
HERE := $(realpath .)
HASH := \#
VENV_SCRIPTS := $(shell head -n 1 $(BIN)/pip 2>/dev/null)
VENV_SCRIPTS_OK := $(filter $(HASH)!$(HERE)/$(BIN)/python%,$(VENV_SCRIPTS))
VENV_PROJECT := $(shell $(BIN)/python -c "import importlib.util as u, os; s = u.find_spec('battlebook'); \
  print(os.path.realpath(s.origin) if s and s.origin else '-')" 2>/dev/null)
VENV_PROJECT_OK := $(filter $(HERE)/engine/battlebook/__init__.py,$(VENV_PROJECT))
ifeq ($(and $(VENV_SCRIPTS_OK),$(VENV_PROJECT_OK)),)
.PHONY: $(STAMP)
endif

$(STAMP): pyproject.toml
	@if [ -x $(BIN)/python ] && [ -z '$(VENV_SCRIPTS_OK)' ]; then \
	  echo "$(VENV)'s scripts start another python ($(VENV_SCRIPTS)): making $(VENV) again"; rm -rf $(VENV); \
	elif [ -x $(BIN)/python ] && [ -z '$(VENV_PROJECT_OK)' ]; then \
	  echo "$(VENV) imports battlebook from $(VENV_PROJECT), not this checkout: installing it again"; \
	fi
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

## Run every example so the pages show fresh results, then serve the rulebook at http://127.0.0.1:PORT/
## (battlebook.cli.live): a saved feature file's examples run again, and the site is generated, built
## and reloaded whenever a feature file, the results, docs/ or the code change.
## The port is checked first, so a taken one is named before any example runs: PORT=8001 make docs.
## The Engine API's module pages are left out of this preview unless API=1 (they are most of a rebuild).
PORT ?= 8000
docs: $(STAMP) runtime
	@$(BIN)/python -m battlebook.cli.port $(PORT)
	-$(EXAMPLES)
	$(BIN)/python -m battlebook.cli.live --port $(PORT) --builder $(BUILDER) $(if $(API),--api) -- $(EXAMPLES)

## The checks come in two tiers. `make test` (at most 150 s once installed, on 2 cores): lint, types,
## examples and unit tests, the copied-text scan, strict builds with ProperDocs and MkDocs each
## finished and checked, and the browser smoke (`-m smoke`: one page of each kind with axe-core,
## a first Run in Try it, a search, the fight calculator). `make browser`: every browser test,
## which CI runs after `make test`, beside `make a11y` (.ci/run).
##
## The lint, the types and the examples run first, at once (the examples record the results
## the pages show); then the unit tests with the copied-text scan, the two strict builds and
## the browser smoke run at once (`make -j`, each stage's output printed whole when it ends),
## so both cores stay busy: the smoke starts as soon as the MkDocs build is finished and
## checked, beside the unit tests; the two builds are compared page by page (the same pages,
## the same text) once both are done.
## The unit tests leave out the exhaustive sweeps marked `full` (`-m 'not full'`): `make full`
## runs them, and CI runs it after `make test`.
XDIST := $(if $(filter-out 1,$(JOBS)),-n $(JOBS))
## The unit tests that read the generated pages run on one worker (tests/unit/conftest.py), which makes them once.
UNIT_XDIST := $(if $(XDIST),$(XDIST) --dist loadgroup)
test: $(STAMP)
	@$(MAKE) --no-print-directory -j4 --output-sync=target test-lint test-types test-examples
	@$(MAKE) --no-print-directory -j4 --output-sync=target test-unit test-builders test-smoke
	@echo "make test: every check passed (the browser smoke only: \`make browser\` runs every browser test)"

## The stages of `make test` (see `test`).
test-lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test-types: $(STAMP)
	$(BIN)/mypy

## The examples in one process: the types and the lint take the other core (two workers cost about
## 2.5 processor-seconds more, for each worker's start and collection, and end no sooner beside mypy).
test-examples: $(STAMP)
	$(EXAMPLES)

test-unit: $(STAMP)
	$(BIN)/pytest --ignore=tests/browser --ignore=tests/test_features.py -m 'not full' $(UNIT_XDIST)
	@if [ -f $(OVERLAP) ]; then $(BIN)/python $(OVERLAP); else echo "($(OVERLAP) not found: copied-text scan skipped)"; fi

test-pages: $(STAMP) runtime
	$(BIN)/battlebook site pages $(PAGES) --strict

test-site-properdocs: test-pages
	$(BIN)/properdocs build --strict --config-file mkdocs.yml --site-dir build/site-properdocs
	$(BIN)/battlebook site finish build/site-properdocs --runtime build/inpage/runtime

test-site-mkdocs: test-pages
	$(BIN)/mkdocs build --strict
	$(BIN)/battlebook site finish site --runtime build/inpage/runtime

## MkDocs and ProperDocs publish the same rulebook: every page of the two strict builds, compared by its text.
test-builders: test-site-properdocs test-site-mkdocs
	$(BIN)/python -m tests.site_text site build/site-properdocs

## The browser smoke, on the site the MkDocs build of `make test` has just made and checked.
test-smoke: test-site-mkdocs
	@$(MAKE) --no-print-directory browser BROWSER_TESTS='-m smoke'

## The full tier's exhaustive sweeps (the tests marked `full`): every hostile command-line attempt,
## every illustrative card stat of the page Outside facts. `make test` runs a sample of each; CI runs
## this after it (.ci/run), with `make browser` and `make a11y`.
full: $(STAMP)
	$(BIN)/pytest --ignore=tests/browser --ignore=tests/test_features.py -m full $(UNIT_XDIST)

## The built site (site/) in a real browser: Debian's Chromium driven by Playwright, one browser
## per pytest-xdist worker (JOBS of them); a module that shares one tab runs whole on one worker.
## Every browser test, or those BROWSER_TESTS selects (`make test` runs the smoke, `-m smoke`).
## It checks site/ as last built, and builds it when there is none.
## Only `make test SKIP_BROWSER=1` (or `make browser SKIP_BROWSER=1`) skips it, and says so.
BROWSER_TESTS ?=
## The browser tests BROWSER_TESTS names (paths under tests/browser, with their options), else all of them
## (BROWSER_TESTS then holds options only, such as `-m smoke`).
BROWSER_SELECTED = $(or $(filter tests/browser/%,$(BROWSER_TESTS)),tests/browser) $(filter-out tests/browser/%,$(BROWSER_TESTS))
SKIP_BROWSER ?=
browser: $(STAMP)
	@if [ '$(SKIP_BROWSER)' = 1 ]; then \
	  echo "SKIP_BROWSER=1: the browser tests are SKIPPED"; \
	else \
	  $(MAKE) --no-print-directory chromium node_modules/.package-lock.json && \
	  { [ -f site/index.html ] || $(MAKE) --no-print-directory site; } && \
	  $(BIN)/pytest $(BROWSER_SELECTED) $(if $(filter-out 1,$(JOBS)),-n $(JOBS) --dist loadgroup); \
	fi

## Every browser test while two other processes keep both cores busy (as on a loaded CI machine or
## a contributor's laptop): a test that waits on a fixed time, or reads once what an action causes
## later, fails here. Too slow for CI; run it before saying the browser suite never flakes.
## BROWSER_TESTS selects, as for `make browser`.
browser-stress: $(STAMP)
	@$(MAKE) --no-print-directory chromium node_modules/.package-lock.json
	@[ -f site/index.html ] || $(MAKE) --no-print-directory site
	@$(BIN)/python -c 'while True: pass' & one=$$!; \
	$(BIN)/python -c 'while True: pass' & two=$$!; \
	trap 'kill $$one $$two 2>/dev/null' EXIT INT TERM; \
	echo "two busy processes ($$one, $$two) keep both cores loaded"; \
	$(BIN)/pytest $(BROWSER_SELECTED) $(if $(filter-out 1,$(JOBS)),-n $(JOBS) --dist loadgroup)

## axe-core on every page of the built site, in light and dark mode (`make test` checks one page of
## each kind): CI runs it after `make test`. It checks site/ as last built, and builds it when there is none.
a11y: $(STAMP)
	@if [ '$(SKIP_BROWSER)' = 1 ]; then \
	  echo "SKIP_BROWSER=1: the accessibility sweep is SKIPPED"; \
	else \
	  $(MAKE) --no-print-directory chromium node_modules/.package-lock.json && \
	  { [ -f site/index.html ] || $(MAKE) --no-print-directory site; } && \
	  $(BIN)/pytest tests/browser/test_pages.py --a11y=every-page $(if $(filter-out 1,$(JOBS)),-n $(JOBS)); \
	fi

CHROMIUM := /usr/bin/chromium
CHROMIUM_HINT := sudo sh -c 'apt-get update && apt-get install -y chromium'

## Debian's Chromium for the browser tests: installed when running as root with apt-get, never downloaded.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "$(CHROMIUM) is missing: installing Debian's chromium package"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium && test -x $(CHROMIUM); \
	  else \
	    echo "$(CHROMIUM) is missing. The browser tests need Debian's chromium package; run:"; \
	    echo "  $(CHROMIUM_HINT)"; \
	    exit 1; \
	  fi; \
	fi

## Build the static site into site/ (running the examples first): generate the pages, build them with
## $(BUILDER), then make the site safe and check it (the Content-Security-Policy on every page, and
## no live script but the site's own files; see engine/battlebook/site/finish.py).
site: $(STAMP) runtime
	$(EXAMPLES)
	$(BIN)/battlebook site pages $(PAGES) --strict
	$(BIN)/$(BUILDER) build --strict --config-file mkdocs.yml
	$(BIN)/battlebook site finish site --runtime build/inpage/runtime

## Only the generated pages (build/pages), from the recorded results.
pages: $(STAMP)
	$(BIN)/battlebook site pages $(PAGES)

## Regenerate the rulebook lines shipped with the step library (for the closest-step hints).
lines: $(STAMP)
	$(BIN)/python -c "from pathlib import Path; from battlebook.language.recorder import write_shipped_lines as w; print(w(Path('features')))"

## Work out what each ruling's alternative reading is worth on its game's fixed set of battles
## (features/reading-worth.json, which the ruling pages show; it takes minutes, too long for each
## build of the pages). tests/unit/test_reading_worth.py checks that the file is current.
worth: $(STAMP)
	$(BIN)/python -c "from pathlib import Path; from battlebook.runners.reading_worth import write_data as w; print(w(Path('.'), say=print))"
## Regenerate the table of the page Outside facts: the examples resting on each illustrative card stat,
## found by changing each value and running the Heroscape examples again (tests/unit/test_outside_facts.py checks it).
facts: $(STAMP)
	$(BIN)/python -c "from pathlib import Path; from battlebook.runners.outside_facts import write_page as w; print(w(Path('.')))"

## Run only the examples, recording their results for the pages.
examples: $(STAMP)
	$(EXAMPLES)

## The in-page runtime of "Try it" (build/inpage/runtime, copied into the site by the build):
## Pyodide from the pinned npm package (package-lock.json), the battlebook wheel and its
## pure-Python dependencies, warmed up once in Node so the page gets their bytecode.
RUNTIME := build/inpage
## The warm-up runs the whole rulebook, so the runtime ships every module its examples import.
WARMUP := $(sort $(shell find features -name '*.feature'))
## The package's folders too: a module deleted changes its folder, and the runtime is rebuilt without it.
RUNTIME_SOURCES := $(shell find engine/battlebook -type d -o -name '*.py' -o -name '*.json') pyproject.toml runtime/wheels.py runtime/build.mjs runtime/warmup.feature $(WARMUP)

runtime: $(RUNTIME)/runtime/manifest.json

## The npm packages, at the versions package-lock.json pins: Pyodide (served by the site) and
## axe-core (injected by the browser tests' accessibility checks only).
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund

$(RUNTIME)/runtime/manifest.json: $(STAMP) node_modules/.package-lock.json $(RUNTIME_SOURCES)
	$(BIN)/python runtime/wheels.py $(RUNTIME)/wheels
	node runtime/build.mjs $(RUNTIME)/wheels $(RUNTIME)/runtime $(WARMUP)

clean:
	rm -rf site build node_modules .mypy_cache .ruff_cache .hypothesis
