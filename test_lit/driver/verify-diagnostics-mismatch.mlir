// --verify-diagnostics reports, like mlir-opt, a diagnostic nobody expected and
// an expectation nothing produced, each at its own line, and exits 1.
// RUN: not %mlirfuse-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s

func.func @missing() {
  // CHECK-DAG: verify-diagnostics-mismatch.mlir:[[# @LINE + 1]]:6: error: expected error "this never happens" was not produced
  // expected-error @+1 {{this never happens}}
  return
}

// -----

func.func @unexpected(%a: f32) -> f32 {
  // CHECK-DAG: verify-diagnostics-mismatch.mlir:[[# @LINE + 1]]:3: error: unexpected error: 'func.return' op has 0 operands
  return
}

// -----

func.func @wrong_text(%a: f32) -> f32 {
  // CHECK-DAG: verify-diagnostics-mismatch.mlir:[[# @LINE + 3]]:3: error: unexpected error: 'func.return' op has 0 operands
  // CHECK-DAG: verify-diagnostics-mismatch.mlir:[[# @LINE + 1]]:6: error: expected error "has 2 operands" was not produced
  // expected-error @+1 {{has 2 operands}}
  return
}
