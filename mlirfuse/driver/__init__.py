"""The `mlirfuse-opt` driver: an mlir-opt-style tool over mlirfuse pipelines.

Modules: options (command line), split (`// -----`), diagnostics (formatting
FILE:LINE:COL), verify_diagnostics (`expected-error` checks), compile (parse
and run one buffer in-process), isolation (run the compile in a child process
and report crashes), worker (the child), main (the entry point's logic).
"""
