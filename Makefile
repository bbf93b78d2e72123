# mlirfuse: `make demo` and `make test` work on a fresh machine (they create .venv).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install demo test lit pytest lint bench clean zoo-venv zoo zoo-baseline zoo-check zoo-table

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/mlirfuse demo

lit: $(STAMP)
	$(VENV)/bin/lit -sv test_lit

# Two workers (pytest-xdist): the zoo's checks (tests/test_zoo.py) are most of the time;
# loadgroup keeps a model's checks on one worker, which runs each stage once
# (the scheduler in tests/conftest.py: xdist's own grouping fails on pytest 9.2).
PYTEST := $(PY) -m pytest -n 2 --dist loadgroup

pytest: $(STAMP)
	$(PYTEST) tests

test: $(STAMP)
	$(VENV)/bin/lit -s test_lit; lit_rc=$$?; \
	$(PYTEST) tests; py_rc=$$?; \
	test $$lit_rc -eq 0 -a $$py_rc -eq 0

# Benchmarks: each prints its table and refreshes its section of docs/benchmarks.md.
bench: $(STAMP)
	$(PY) bench/plan_quality.py
	$(PY) bench/cpu_runtime.py
	$(PY) bench/compile_time.py
	bench/fuzz --count 1000 --doc

lint: $(STAMP)
	$(VENV)/bin/ruff check mlirfuse tests bench test_lit pipelines
	$(VENV)/bin/ruff format --check mlirfuse tests bench
	$(VENV)/bin/mypy

# The model zoo (models/): exported from PyTorch by torch-mlir in a venv of its own
# (.zoo-venv, never a runtime dependency). `make zoo` rewrites every models/NAME.mlir
# and .npz byte-identically; `make zoo-baseline` writes models/baseline.json (IREE).
ZOO_VENV ?= .zoo-venv
ZOO_PY := $(ZOO_VENV)/bin/python
ZOO_STAMP := $(ZOO_VENV)/.installed-stamp

$(ZOO_STAMP): models/requirements.txt
	$(PYTHON) -m venv $(ZOO_VENV)
	$(ZOO_PY) -m pip install -q --upgrade pip
	$(ZOO_PY) -m pip install -q -r models/requirements.txt
	$(ZOO_PY) models/check_venv.py
	touch $(ZOO_STAMP)

zoo-venv: $(ZOO_STAMP)

zoo: $(ZOO_STAMP)
	$(ZOO_PY) models/export.py $(if $(MODELS),--models $(MODELS))

zoo-baseline: $(ZOO_STAMP)
	$(ZOO_PY) models/baseline.py $(if $(MODELS),--models $(MODELS))

# tests/test_zoo.py with the heavy variants too (PTX for sm_80 as well as sm_90),
# and the 16-bit models' tensor-core kernels for sm_80 too (tests/test_gpu_mma.py).
zoo-check: $(STAMP)
	MLIRFUSE_ZOO_CHECK=full $(PYTEST) tests/test_zoo.py tests/test_gpu_mma.py

# The zoo end to end (every model in its own process): prints the table, writes docs/zoo.md.
zoo-table: $(STAMP)
	$(VENV)/bin/mlirfuse zoo --jobs 2 --doc docs/zoo.md

clean:
	rm -rf $(VENV) build *.egg-info test_lit/**/Output
