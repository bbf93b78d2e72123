// fusion.group parses, verifies, prints (generic form: IRDL ops have no custom
// syntax) and parses back to the same text; attributes and multiple results
// survive (all results share one type: see docs/dialect.md); ops inside may
// use values defined above.
// RUN: %mlirfuse-opt %s --verify-roundtrip > %t.1.mlir
// RUN: %mlirfuse-opt %t.1.mlir > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: FileCheck %s < %t.1.mlir
// RUN: %mlirfuse-opt %s --mlir-print-op-generic | %mlirfuse-opt | diff - %t.1.mlir

// CHECK-LABEL: func.func @exp_and_square(
// CHECK-SAME:      %[[X:.+]]: tensor<4x8xf32>)
// CHECK:         %[[G:.+]]:2 = "fusion.group"() ({
// CHECK:           %[[E:.+]] = linalg.exp ins(%[[X]] : tensor<4x8xf32>)
// CHECK:           %[[S:.+]] = linalg.mul ins(%[[E]], %[[E]] : tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK:           gpu.yield %[[E]], %[[S]] : tensor<4x8xf32>, tensor<4x8xf32>
// CHECK-NEXT:    }) {fusion.id = 3 : i64, fusion.pattern = "elementwise-chain", resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK:         return %[[G]]#0, %[[G]]#1

// CHECK-LABEL: func.func @empty_group
// CHECK:         "fusion.group"() ({
// CHECK-NEXT:      gpu.yield
// CHECK-NEXT:    }) {resultSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()

func.func @exp_and_square(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %g:2 = "fusion.group"() ({
    %e0 = tensor.empty() : tensor<4x8xf32>
    %e = linalg.exp ins(%x : tensor<4x8xf32>) outs(%e0 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %s = linalg.mul ins(%e, %e : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e0 : tensor<4x8xf32>) -> tensor<4x8xf32>
    gpu.yield %e, %s : tensor<4x8xf32>, tensor<4x8xf32>
  }) {fusion.pattern = "elementwise-chain", fusion.id = 3 : i64, resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %g#0, %g#1 : tensor<4x8xf32>, tensor<4x8xf32>
}

func.func @empty_group() {
  "fusion.group"() ({
    "gpu.yield"() : () -> ()
  }) {resultSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0>} : () -> ()
  return
}
