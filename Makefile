# mlirfuse: `make demo` and `make test` work on a fresh machine (they create .venv).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install demo test lit pytest lint bench clean

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

pytest: $(STAMP)
	$(PY) -m pytest tests

test: $(STAMP)
	$(VENV)/bin/lit -s test_lit; lit_rc=$$?; \
	$(PY) -m pytest tests; py_rc=$$?; \
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

clean:
	rm -rf $(VENV) build *.egg-info test_lit/**/Output
