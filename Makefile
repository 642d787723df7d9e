# Two commands do everything on a fresh clone (Python 3.11 and make are all it needs):
#   make run    create .venv, install referee, validate the bundled example logs
#   make test   create .venv, install referee with its dev extras, run ruff, mypy and the tests
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test bench fuzz lint clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "referee needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@ $(VENV)/.installed

# The examples hold invalid logs on purpose: exit status 1 (some log invalid) is the expected
# outcome of the demonstration, so only a usage error (2) fails this target.
run: $(VENV)/.installed
	@$(BIN)/referee validate replays/examples/; status=$$?; [ $$status -le 1 ]

test: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q

# Benchmarks (see the README for the latest figures): ratios against baselines run in the same
# scripts; writes bench.json. QUICK=1 for a shorter run.
bench: $(VENV)/.installed-dev
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python tests/bench/run_all.py --json bench.json $(if $(QUICK),--quick,)

# The fault campaign (see the README's "Hostile input"): N hostile inputs through the public entry
# points, two worker processes, a time limit per input; exits 1 on any traceback, hang, wrong exit
# status, malformed output or nondeterministic output. SEED=S for another campaign.
N    ?= 10000
SEED ?= 0
fuzz: $(VENV)/.installed-dev
	$(BIN)/python tests/fuzz/run.py --inputs $(N) --workers 2 --seed $(SEED)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .hypothesis
