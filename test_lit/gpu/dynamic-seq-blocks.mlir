// Blocks of transformers decoder layers exported with a dynamic sequence
// length (bench/dynamic_batch_probe.py --dim seq), each compiled and checked
// under its GPU schedule on the CPU at two lengths. Both stopped in tiling
// ("could not find next producer to fuse"): a generic that never reads its
// init gets a fresh `tensor.empty` in its kernel (`kernels._fresh_outs`),
// and a dynamic size of it was a `tensor.dim` of the old init, a kernel op's
// result; that use kept the op outside the loops it was fused into. The
// sizes are now those its destination already holds
// (`ir_utils.held_sizes_of`: a `tensor.empty` operand through linalg inits,
// an `expand_shape`'s output size).
// - @gather, GPT-J's sinusoidal positions: a gather by position ids into a
//   zero fill it does not read (the fill was kept by `tensor.dim`).
// - @rope, Gemma's rotary embedding: cos and sin as one two-result generic
//   over a shared `tensor.empty`, the rotation writing into an
//   `expand_shape` of the cos it reads.
// - @scalar: a function with an index argument crashed the split (a Python
//   traceback, "Cannot cast type to ShapedType"); it is refused, located.
// RUN: split-file %s %t
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t/gather{s}.npz', arg0=f(1,s,64), arg1=f(32,8), arg2=r.integers(0,32,s).astype(n.int64)) for s in (3, 37)]; [n.savez(f'%t/rope{s}.npz', arg0=f(1,1,s,16), arg1=f(1,s,64), arg2=f(1,s,8)) for s in (3, 37)]"
//
// RUN: %mlirfuse compile %t/gather.mlir -o %t/gather.ptx | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse verify %t/gather.mlir --schedule gpu --inputs %t/gather3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/gather.mlir --schedule gpu --inputs %t/gather37.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/rope.mlir -o %t/rope.ptx | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse verify %t/rope.mlir --schedule gpu --inputs %t/rope3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/rope.mlir --schedule gpu --inputs %t/rope37.npz | %FileCheck %s --check-prefix=OK
// RUN: not %mlirfuse compile %t/scalar.mlir -o %t/scalar.ptx 2>&1 | %FileCheck %s --check-prefix=SCALAR
// ONE-NOT: error
// ONE: kernels: 1
// OK: verify: ok
// SCALAR: scalar.mlir:1:1: error: split: argument 1 of @scalar is 'index': the GPU lowering takes tensor arguments only

//--- gather.mlir
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @gather(%arg0: tensor<1x?x64xf32>, %arg1: tensor<32x8xf32>, %arg2: tensor<?xi64>) -> tensor<1x?x8xf32> {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.000000e+00 : f32
  %c32 = arith.constant 32 : index
  %dim = tensor.dim %arg0, %c1 : tensor<1x?x64xf32>
  %expanded = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [1, %dim, 1] : tensor<?xi64> into tensor<1x?x1xi64>
  %0 = tensor.empty(%dim) : tensor<1x?x8xf32>
  %expanded_0 = tensor.expand_shape %arg1 [[0, 1], [2]] output_shape [1, 32, 8] : tensor<32x8xf32> into tensor<1x32x8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x?x8xf32>) -> tensor<1x?x8xf32>
  %2 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel"]} outs(%1 : tensor<1x?x8xf32>) {
  ^bb0(%out: f32):
    %3 = linalg.index 1 : index
    %extracted = tensor.extract %expanded[%c0, %3, %c0] : tensor<1x?x1xi64>
    %4 = arith.index_cast %extracted : i64 to index
    %5 = linalg.index 2 : index
    %6 = arith.cmpi slt, %4, %c32 : index
    %7 = arith.cmpi sge, %extracted, %c0_i64 : i64
    %extracted_1 = tensor.extract %expanded_0[%c0, %4, %5] : tensor<1x32x8xf32>
    linalg.yield %extracted_1 : f32
  } -> tensor<1x?x8xf32>
  return %2 : tensor<1x?x8xf32>
}

//--- rope.mlir
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @rope(%x: tensor<1x1x?x16xf32>, %h: tensor<1x?x64xf32>, %angles: tensor<1x?x8xf32>) -> (tensor<1x?x16xf32>, tensor<1x?x16xf32>, tensor<1x1x?x16xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %arg1 = tensor.dim %x, %c2 : tensor<1x1x?x16xf32>
  %dim = tensor.dim %h, %c1 : tensor<1x?x64xf32>
  %0 = tensor.empty(%dim) : tensor<1x?x16xf32>
  %extracted_slice = tensor.extract_slice %x[0, 0, 0, 0] [1, 1, %arg1, 8] [1, 1, 1, 1] : tensor<1x1x?x16xf32> to tensor<1x1x?x8xf32>
  %extracted_slice_0 = tensor.extract_slice %x[0, 0, 0, 8] [1, 1, %arg1, 8] [1, 1, 1, 1] : tensor<1x1x?x16xf32> to tensor<1x1x?x8xf32>
    %2:2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} outs(%0, %0 : tensor<1x?x16xf32>, tensor<1x?x16xf32>) {
    ^bb0(%out: f32, %out_2: f32):
      %4 = linalg.index 0 : index
      %5 = linalg.index 1 : index
      %6 = linalg.index 2 : index
      %c0 = arith.constant 0 : index
      %7 = arith.subi %6, %c0 : index
      %c8 = arith.constant 8 : index
      %8 = arith.cmpi ult, %7, %c8 : index
      %c0_3 = arith.constant 0 : index
      %9 = arith.select %8, %7, %c0_3 : index
      %extracted = tensor.extract %angles[%4, %5, %9] : tensor<1x?x8xf32>
      %c8_4 = arith.constant 8 : index
      %10 = arith.subi %6, %c8_4 : index
      %c8_5 = arith.constant 8 : index
      %11 = arith.cmpi ult, %10, %c8_5 : index
      %c0_6 = arith.constant 0 : index
      %12 = arith.select %11, %10, %c0_6 : index
      %extracted_7 = tensor.extract %angles[%4, %5, %12] : tensor<1x?x8xf32>
      %13 = arith.select %8, %extracted, %extracted_7 : f32
      %14 = math.cos %13 : f32
      %15 = math.sin %13 : f32
      linalg.yield %15, %14 : f32, f32
    } -> (tensor<1x?x16xf32>, tensor<1x?x16xf32>)
    %expanded = tensor.expand_shape %2#1 [[0], [1, 2], [3]] output_shape [1, 1, %dim, 16] : tensor<1x?x16xf32> into tensor<1x1x?x16xf32>
    %expanded_1 = tensor.expand_shape %2#0 [[0], [1, 2], [3]] output_shape [1, 1, %dim, 16] : tensor<1x?x16xf32> into tensor<1x1x?x16xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %expanded, %expanded_1 : tensor<1x1x?x16xf32>, tensor<1x1x?x16xf32>, tensor<1x1x?x16xf32>) outs(%expanded : tensor<1x1x?x16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
      %4 = linalg.index 0 : index
      %5 = linalg.index 1 : index
      %6 = linalg.index 2 : index
      %7 = linalg.index 3 : index
      %c0 = arith.constant 0 : index
      %8 = arith.subi %7, %c0 : index
      %c8 = arith.constant 8 : index
      %9 = arith.cmpi ult, %8, %c8 : index
      %c0_4 = arith.constant 0 : index
      %10 = arith.select %9, %8, %c0_4 : index
      %extracted = tensor.extract %extracted_slice_0[%4, %5, %6, %10] : tensor<1x1x?x8xf32>
      %11 = arith.negf %extracted : f32
      %c8_5 = arith.constant 8 : index
      %12 = arith.subi %7, %c8_5 : index
      %c8_6 = arith.constant 8 : index
      %13 = arith.cmpi ult, %12, %c8_6 : index
      %c0_7 = arith.constant 0 : index
      %14 = arith.select %13, %12, %c0_7 : index
      %extracted_8 = tensor.extract %extracted_slice[%4, %5, %6, %14] : tensor<1x1x?x8xf32>
      %15 = arith.select %9, %11, %extracted_8 : f32
      %16 = arith.mulf %15, %in_3 : f32
      %17 = arith.mulf %in, %in_2 : f32
      %18 = arith.addf %17, %16 : f32
      linalg.yield %18 : f32
    } -> tensor<1x1x?x16xf32>
  return %2#1, %2#0, %3 : tensor<1x?x16xf32>, tensor<1x?x16xf32>, tensor<1x1x?x16xf32>
}

//--- scalar.mlir
func.func @scalar(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 0 : index
    %s = arith.addi %i, %n : index
    %j = arith.index_cast %s : index to i32
    %f = arith.sitofp %j : i32 to f32
    %y = arith.addf %a, %f : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
