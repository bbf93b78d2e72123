// Three slices no kernel computed. A top-k router's chosen experts,
// `x[:, :k].flatten()`: a slice keeping part of an inner dim, then a
// collapse over it, which is no view: bufferized, it was a copy looping on
// the host ("'scf.for' runs on the host, outside the kernel"). And a slice
// the function returns (`torch.topk(x, k).values` as the output), which the
// split refused ("function result not computed by a kernel"). Both become
// gathers of the slice's source before planning
// (gpu/slice_gathers.py). And `mask[..., 1:] = mask[..., :-1].clone()` (a
// top-p filter): an insert_slice into a kernel's result, which had no
// lowering ("'tensor.insert_slice' outside any kernel is not supported"):
// a gather of the slice inside it and of the destination elsewhere. A collapse that is a view (whole rows of a slice)
// stays one: no gather, no copy.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --func flattened --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func returned --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func rows --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func shifted --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx && FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// CHECK-NOT: error
// CHECK: kernels: 5
// OK: verify: ok
// The flattened slice: its reader's kernel unflattens each position, loads
// the input there and computes the exp (the exp, read only by the gather,
// is computed at its reads: transforms/gather_inline.py).
// GPU-LABEL: gpu.func @flattened_k0
// GPU: arith.remui
// GPU: arith.divui
// GPU: memref.load %arg2
// GPU-NEXT: math.exp
// The returned slice: one kernel, reading the slice's elements of the input.
// GPU-LABEL: gpu.func @returned_k1(%arg0: memref<6x2xf32>, %arg1: memref<6x5xf32>)
// GPU: math.exp
// Whole rows: the collapse is a view on the host, passed to the kernel;
// the exp is computed on the 8 rows read, in that kernel (sliced_producers).
// GPU-LABEL: func.func @rows(%arg0: memref<8xf32>
// GPU: memref.subview %arg1[8, 0] [8, 4] [1, 1]
// GPU-NEXT: memref.collapse_shape
// GPU-NOT: tensor.extract
// GPU-LABEL: gpu.func @rows_k2
// GPU: math.exp
// The shifted mask: position 0 keeps the destination, the others read the
// slice one to the left.
// GPU-LABEL: gpu.func @shifted_k
// GPU: arith.select

#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @flattened(%x: tensor<16x4xf32>, %w: tensor<8xf32>) -> tensor<32x8xf32> {
  %e = tensor.empty() : tensor<16x4xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x4xf32>) outs(%e : tensor<16x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16x4xf32>
  %sl = tensor.extract_slice %y[0, 1] [16, 2] [1, 1] : tensor<16x4xf32> to tensor<16x2xf32>
  %c = tensor.collapse_shape %sl [[0, 1]] : tensor<16x2xf32> into tensor<32xf32>
  %e2 = tensor.empty() : tensor<32x8xf32>
  %z = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, #id2], iterator_types = ["parallel", "parallel"]} ins(%c, %w : tensor<32xf32>, tensor<8xf32>) outs(%e2 : tensor<32x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<32x8xf32>
  return %z : tensor<32x8xf32>
}

func.func @returned(%x: tensor<6x5xf32>) -> tensor<6x2xf32> {
  %e = tensor.empty() : tensor<6x5xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<6x5xf32>) outs(%e : tensor<6x5xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<6x5xf32>
  %sl = tensor.extract_slice %y[0, 3] [6, 2] [1, 1] : tensor<6x5xf32> to tensor<6x2xf32>
  return %sl : tensor<6x2xf32>
}

func.func @rows(%x: tensor<16x4xf32>, %w: tensor<8xf32>) -> tensor<32x8xf32> {
  %e = tensor.empty() : tensor<16x4xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x4xf32>) outs(%e : tensor<16x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16x4xf32>
  %sl = tensor.extract_slice %y[8, 0] [8, 4] [1, 1] : tensor<16x4xf32> to tensor<8x4xf32>
  %c = tensor.collapse_shape %sl [[0, 1]] : tensor<8x4xf32> into tensor<32xf32>
  %e2 = tensor.empty() : tensor<32x8xf32>
  %z = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, #id2], iterator_types = ["parallel", "parallel"]} ins(%c, %w : tensor<32xf32>, tensor<8xf32>) outs(%e2 : tensor<32x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<32x8xf32>
  return %z : tensor<32x8xf32>
}

func.func @shifted(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %head = tensor.extract_slice %y[0, 0] [2, 7] [1, 1] : tensor<2x8xf32> to tensor<2x7xf32>
  %moved = tensor.insert_slice %head into %y[0, 1] [2, 7] [1, 1] : tensor<2x7xf32> into tensor<2x8xf32>
  %z = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%moved : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  return %z : tensor<2x8xf32>
}
