// Expected diagnostics in a split file: @+N, @-N, @above, @below and the
// comment's own line; `{{...}}` matches a substring of the message. Chunks
// without errors are still printed.
// RUN: %mlirfuse-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @fine
// CHECK-NOT:   func.func @
func.func @fine() {
  return
}

// -----

// expected-error @+1 {{custom op 'func.fun' is unknown}}
func.fun @unknown_op() {
  return
}

// -----

func.func @wrong_type(%x: i32) {
  // expected-note @-1 {{prior use here}}
  %z = arith.addi %x, %x : i64
  // expected-error @-1 {{expects different type than prior uses}}
  return
}

// -----

func.func @bad_return(%a: f32) -> f32 {
  return
  // expected-error @above {{enclosing function (@bad_return) returns 1}}
}

// -----

// expected-error @below {{'fusion.group' op unexpected number of regions: expected 1 but got 2}}
"fusion.group"() ({
  "gpu.yield"() : () -> ()
}, {
  "gpu.yield"() : () -> ()
}) {resultSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()

// -----

func.func @same_line(%a: f32) -> f32 {
  return // expected-error {{has 0 operands}}
}

// -----

// The -re form: {{...}} inside the text are regular expressions.
func.func @regex(%a: f32) -> (f32, f32) {
  // expected-error-re @+1 {{'func.return' op has {{[0-9]+}} operands, but enclosing function (@{{[a-z]+}}) returns 2}}
  return %a : f32
}
