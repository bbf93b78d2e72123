// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-horizontal-contraction)' | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-horizontal-contraction{max-n=32})' | FileCheck %s --check-prefix=NARROW
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-horizontal-contraction{constant-weights-only=true})' | FileCheck %s --check-prefix=CONST
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-horizontal-contraction{report=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %mlirfuse verify %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-horizontal-contraction)' | FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %S/../../examples/attention_qkv.mlir --pass-pipeline='builtin.module(mlirfuse-horizontal-contraction)' | FileCheck %s --check-prefix=VERIFY-QKV
// RUN: %mlirfuse-opt %S/../../examples/attention_qkv.mlir --pass-pipeline='builtin.module(mlirfuse-horizontal-contraction)' | FileCheck %s --check-prefix=QKV

// VERIFY: verify @two_widths
// VERIFY-NEXT: kernels: 2 before, 1 after
// VERIFY: verify: ok
// VERIFY: verify @constant_weights
// VERIFY-NEXT: kernels: 2 before, 1 after
// VERIFY: verify: ok
// VERIFY: verify @batched
// VERIFY-NEXT: kernels: 2 before, 1 after
// VERIFY: verify: ok
// VERIFY: verify @dependent_weight
// VERIFY: verify: ok
// VERIFY: verify @mixed_types
// VERIFY: verify: ok
// VERIFY-QKV: kernels: 3 before, 1 after
// VERIFY-QKV: verify: ok

// Attention projections: three matmuls sharing %x become one over [Wq Wk Wv]; one fill of the
// common zero serves as init; Q, K, V are slices of the result.
// QKV-LABEL: func.func @attention_qkv
// QKV-SAME: (%[[X:.+]]: tensor<128x256xf32>, %[[WQ:.+]]: tensor<256x64xf32>, %[[WK:.+]]: tensor<256x64xf32>, %[[WV:.+]]: tensor<256x64xf32>)
// QKV: %[[W:.+]] = tensor.concat dim(1) %[[WQ]], %[[WK]], %[[WV]] : (tensor<256x64xf32>, tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x192xf32>
// QKV: %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<128x192xf32>)
// QKV: %[[M:.+]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<128x256xf32>, tensor<256x192xf32>) outs(%[[F]] : tensor<128x192xf32>)
// QKV: %[[Q:.+]] = tensor.extract_slice %[[M]][0, 0] [128, 64] [1, 1]
// QKV: %[[K:.+]] = tensor.extract_slice %[[M]][0, 64] [128, 64] [1, 1]
// QKV: %[[V:.+]] = tensor.extract_slice %[[M]][0, 128] [128, 64] [1, 1]
// QKV-NOT: linalg.matmul
// QKV: return %[[Q]], %[[K]], %[[V]]

// Two projections of different widths, used by a later op.
// CHECK-LABEL: func.func @two_widths
// CHECK-SAME: (%[[X:.+]]: tensor<8x32xf32>, %[[A:.+]]: tensor<32x16xf32>, %[[B:.+]]: tensor<32x48xf32>)
// CHECK: %[[W:.+]] = tensor.concat dim(1) %[[A]], %[[B]] : (tensor<32x16xf32>, tensor<32x48xf32>) -> tensor<32x64xf32>
// CHECK: %[[M:.+]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<8x32xf32>, tensor<32x64xf32>)
// CHECK: %[[SA:.+]] = tensor.extract_slice %[[M]][0, 0] [8, 16] [1, 1]
// CHECK: %[[SB:.+]] = tensor.extract_slice %[[M]][0, 16] [8, 48] [1, 1]
// CHECK-NOT: linalg.matmul
// CHECK: return %[[SA]], %[[SB]]
// NARROW-LABEL: func.func @two_widths
// NARROW-COUNT-2: linalg.matmul
// NARROW-NOT: tensor.concat
// CONST-LABEL: func.func @two_widths
// CONST-COUNT-2: linalg.matmul
// CONST-NOT: tensor.concat
// REMARK-NOT: two_widths
func.func @two_widths(%x: tensor<8x32xf32>, %a: tensor<32x16xf32>, %b: tensor<32x48xf32>) -> (tensor<8x16xf32>, tensor<8x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<8x16xf32>
  %fa = linalg.fill ins(%zero : f32) outs(%ea : tensor<8x16xf32>) -> tensor<8x16xf32>
  %ma = linalg.matmul ins(%x, %a : tensor<8x32xf32>, tensor<32x16xf32>) outs(%fa : tensor<8x16xf32>) -> tensor<8x16xf32>
  %eb = tensor.empty() : tensor<8x48xf32>
  %fb = linalg.fill ins(%zero : f32) outs(%eb : tensor<8x48xf32>) -> tensor<8x48xf32>
  %mb = linalg.matmul ins(%x, %b : tensor<8x32xf32>, tensor<32x48xf32>) outs(%fb : tensor<8x48xf32>) -> tensor<8x48xf32>
  return %ma, %mb : tensor<8x16xf32>, tensor<8x48xf32>
}

// -----

// Constant weights: the concat folds at compile time, so even
// constant-weights-only merges them. Inits that are not fills of one scalar
// are concatenated too.
// NARROW-LABEL: func.func @constant_weights
// NARROW: tensor.concat
// CONST-LABEL: func.func @constant_weights
// CONST-SAME: (%[[X:.+]]: tensor<4x8xf32>, %[[IA:.+]]: tensor<4x2xf32>, %[[IB:.+]]: tensor<4x2xf32>)
// CONST: %[[W:.+]] = tensor.concat dim(1)
// CONST: %[[I:.+]] = tensor.concat dim(1) %[[IA]], %[[IB]]
// CONST: linalg.matmul ins(%[[X]], %[[W]] : tensor<4x8xf32>, tensor<8x4xf32>) outs(%[[I]] : tensor<4x4xf32>)
// CONST-NOT: linalg.matmul
func.func @constant_weights(%x: tensor<4x8xf32>, %ia: tensor<4x2xf32>, %ib: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  %a = arith.constant dense<0.5> : tensor<8x2xf32>
  %b = arith.constant dense<-1.5> : tensor<8x2xf32>
  %ma = linalg.matmul ins(%x, %a : tensor<4x8xf32>, tensor<8x2xf32>) outs(%ia : tensor<4x2xf32>) -> tensor<4x2xf32>
  %mb = linalg.matmul ins(%x, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%ib : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %ma, %mb : tensor<4x2xf32>, tensor<4x2xf32>
}

// -----

// Batched: batch_matmuls sharing their LHS concatenate along the last dim.
// CHECK-LABEL: func.func @batched
// CONST-LABEL: func.func @batched
// CHECK: tensor.concat dim(2) {{.+}} -> tensor<2x16x24xf32>
// CHECK: linalg.batch_matmul {{.+}} -> tensor<2x8x24xf32>
// CHECK-COUNT-2: tensor.extract_slice
// CHECK-NOT: linalg.batch_matmul
func.func @batched(%x: tensor<2x8x16xf32>, %a: tensor<2x16x8xf32>, %b: tensor<2x16x16xf32>) -> (tensor<2x8x8xf32>, tensor<2x8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<2x8x8xf32>
  %fa = linalg.fill ins(%zero : f32) outs(%ea : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %ma = linalg.batch_matmul ins(%x, %a : tensor<2x8x16xf32>, tensor<2x16x8xf32>) outs(%fa : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %eb = tensor.empty() : tensor<2x8x16xf32>
  %fb = linalg.fill ins(%zero : f32) outs(%eb : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  %mb = linalg.batch_matmul ins(%x, %b : tensor<2x8x16xf32>, tensor<2x16x16xf32>) outs(%fb : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  return %ma, %mb : tensor<2x8x8xf32>, tensor<2x8x16xf32>
}

// -----

// Negative: the second weight is computed from the first product through a
// third op (exp), so one contraction computing both would need its own result.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dependent_weight
// CHECK-COUNT-2: linalg.matmul
// CHECK-NOT: tensor.concat
// REMARK: remark: sibling fusion refused [cycle]: one contraction depends on the other: merging would make a cycle
func.func @dependent_weight(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %a = linalg.matmul ins(%x, %w : tensor<16x16xf32>, tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<16x16xf32>
  %b = linalg.matmul ins(%x, %t : tensor<16x16xf32>, tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %b : tensor<16x16xf32>
}

// -----

// Negative: the LHS is shared but the weights differ in element type.
// CHECK-LABEL: func.func @mixed_types
// CHECK-COUNT-2: linalg.matmul
// CHECK-NOT: tensor.concat
// REMARK: remark: sibling fusion refused [contraction-mismatch]: the contractions differ in K, batch or element types
func.func @mixed_types(%x: tensor<4x8xf16>, %a: tensor<8x4xf16>, %b: tensor<8x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %ma = linalg.matmul ins(%x, %a : tensor<4x8xf16>, tensor<8x4xf16>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %mb = linalg.matmul ins(%x, %b : tensor<4x8xf16>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %ma, %mb : tensor<4x4xf32>, tensor<4x4xf32>
}
