// With --split-input-file, diagnostics name lines of the original file, and
// every chunk is processed even when an earlier one fails. As with mlir-opt,
// the chunks that succeed are still printed (a failed chunk leaves an empty
// place between `// -----` lines) and the exit code is 1.
// RUN: not %mlirfuse-opt %s --split-input-file 2>&1 >%t.out | FileCheck %s
// RUN: FileCheck %s --check-prefix=OUT --match-full-lines < %t.out

// OUT: module {
// OUT-NEXT:   func.func @ok() {
// OUT-NEXT:     return
// OUT-NEXT:   }
// OUT-NEXT: }
// OUT-EMPTY:
// OUT-NEXT: // -----
// OUT-NEXT: // -----
// OUT-NOT: {{.}}

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
