// The reduced head split of test_lit/fusion/head-layout.mlir compiles to two
// kernels (the two contractions, the scale+tanh in the first one's epilogue),
// with no copy kernel for a transpose and no spills.
// REQUIRES: ptxas
// RUN: %mlirfuse compile %S/../fusion/head-layout.mlir --chip sm_90 -o %t.ptx | %FileCheck %s
// RUN: grep -c '\.entry' %t.ptx | %FileCheck %s --check-prefix=ENTRIES
// CHECK: kernels: 2
// CHECK: heads_k0 {{[0-9]+}} 0 
// CHECK: heads_k1 {{[0-9]+}} 0 
// ENTRIES: 2
