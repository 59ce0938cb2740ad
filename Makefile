# memorybot — two commands do everything on a fresh machine:
#   make run    the console bot on standalone SQLite (no tokens, no server)
#   make test   the whole test suite (starts its own PostgreSQL where needed), ruff, mypy

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HASH   := $(shell cksum < pyproject.toml | cut -d' ' -f1)
RUN_STAMP := $(VENV)/.run-$(HASH)
DEV_STAMP := $(VENV)/.dev-$(HASH)

.PHONY: run test docs lint bench-recall bench-latency clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUN_STAMP)

$(DEV_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(DEV_STAMP) $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/memorybot chat

test: $(DEV_STAMP)
	$(BIN)/python -m pytest -q
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/cog --check README.md

docs: $(DEV_STAMP)
	$(BIN)/cog -r README.md

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench-recall: $(DEV_STAMP)
	$(BIN)/python bench/recall_quality.py

bench-latency: $(DEV_STAMP)
	$(BIN)/python bench/recall_latency.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
