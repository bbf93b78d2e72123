// RUN: %mlirfuse explain %s --split-input-file | FileCheck %s
// RUN: %mlirfuse explain %s --split-input-file --format json | %python -c "import json, sys; r = json.load(sys.stdin); print([f['name'] for c in r['chunks'] for f in c['functions']])" | FileCheck %s --check-prefix=JSON
// Each `// -----` chunk is explained on its own, with the file's line numbers.

func.func @first(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

func.func @second(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<0.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}

// CHECK: func @first
// CHECK: op first:0 tensor.empty kind=fill {{.*}} loc={{.*}}split-input-file.mlir:6:8
// CHECK: summary: 1 ops
// CHECK: // -----
// CHECK: func @second
// CHECK: op second:0 arith.constant kind=fill {{.*}} loc={{.*}}split-input-file.mlir:13:8
// CHECK: summary: 1 ops
// JSON: ['first', 'second']
