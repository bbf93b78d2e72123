// With --split-input-file, diagnostics name lines of the original file, and
// every chunk is processed even when an earlier one fails. Nothing is printed
// to stdout when a chunk fails.
// RUN: not %mlirfuse-opt %s --split-input-file 2>&1 >%t.out | FileCheck %s
// RUN: count 0 < %t.out

func.func @ok() {
  return
}

// -----

func.func @bad_first() {
  // CHECK: split-line-numbers.mlir:[[# @LINE + 1]]:10: error: use of undeclared SSA value name
  return %undefined : f32
}

// -----

func.func @bad_second() {
  // CHECK: split-line-numbers.mlir:[[# @LINE + 1]]:3: error: custom op 'arith.nonsense' is unknown
  arith.nonsense
}
