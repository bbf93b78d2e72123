// A rotary table over a dynamic sequence (Gemma exported with a dynamic S,
// multi-query attention): angles of 1 x S x 16, their cosine read by the one
// key head (1 x 1 x S x 16) and their sine by the query heads. A kernel of
// the angles, both tables and the key rotation has two roots not read in it,
// the sine table (1 x S x 16) and the rotated keys (1 x 1 x S x 16): two loop
// nests of dynamic bounds, which the sibling fusion cannot prove equal
// ("operations cannot be fused" at compile time, before). Roots of a kernel
// with a dynamic extent must have one type and the same proven dims
// (`gpu-sibling-shapes`, gpu/lowerability_dynamic.py): the plan keeps them
// apart, the module compiles and the GPU schedules match the CPU.
// RUN: split-file %s %t
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); n.savez('%t/in.npz', arg0=r.standard_normal((1, 4, 7, 16)).astype(n.float32), arg1=r.standard_normal((1, 1, 7, 16)).astype(n.float32), arg2=r.standard_normal(16).astype(n.float32))"
// RUN: %mlirfuse explain %t/f.mlir --backend gpu --group 3,4,5,6,11 | FileCheck %s --check-prefix=WHY
// RUN: %mlirfuse compile %t/f.mlir -o %t/f.ptx | FileCheck %s --check-prefix=KERNELS
// RUN: %mlirfuse verify %t/f.mlir --schedule gpu --inputs %t/in.npz | FileCheck %s --check-prefix=OK
// WHY: refused [gpu-sibling-shapes]: joined results of different dynamic extents
// KERNELS: kernels:
// OK: verify: ok

//--- f.mlir
#d = affine_map<(d0, d1, d2) -> (d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#heads = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
func.func @rope(%q: tensor<1x4x?x16xf32>, %k: tensor<1x1x?x16xf32>, %inv: tensor<16xf32>) -> (tensor<1x4x?x16xf32>, tensor<1x1x?x16xf32>) {
  %c2 = arith.constant 2 : index
  %s = tensor.dim %q, %c2 : tensor<1x4x?x16xf32>
  %et = tensor.empty(%s) : tensor<1x?x16xf32>
  %ang = linalg.generic {indexing_maps = [#d, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%inv : tensor<16xf32>) outs(%et : tensor<1x?x16xf32>) {
  ^bb0(%w: f32, %out: f32):
    %i = linalg.index 1 : index
    %i64 = arith.index_cast %i : index to i64
    %p = arith.sitofp %i64 : i64 to f32
    %a = arith.mulf %p, %w : f32
    linalg.yield %a : f32
  } -> tensor<1x?x16xf32>
  %cos = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ang : tensor<1x?x16xf32>) outs(%et : tensor<1x?x16xf32>) {
  ^bb0(%a: f32, %out: f32):
    %c = math.cos %a : f32
    linalg.yield %c : f32
  } -> tensor<1x?x16xf32>
  %sin = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ang : tensor<1x?x16xf32>) outs(%et : tensor<1x?x16xf32>) {
  ^bb0(%a: f32, %out: f32):
    %c = math.sin %a : f32
    linalg.yield %c : f32
  } -> tensor<1x?x16xf32>
  %c4 = tensor.expand_shape %cos [[0], [1, 2], [3]] output_shape [1, 1, %s, 16] : tensor<1x?x16xf32> into tensor<1x1x?x16xf32>
  %s4 = tensor.expand_shape %sin [[0], [1, 2], [3]] output_shape [1, 1, %s, 16] : tensor<1x?x16xf32> into tensor<1x1x?x16xf32>
  %eq = tensor.empty(%s) : tensor<1x4x?x16xf32>
  %qr = linalg.generic {indexing_maps = [#id4, #heads, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q, %s4 : tensor<1x4x?x16xf32>, tensor<1x1x?x16xf32>) outs(%eq : tensor<1x4x?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<1x4x?x16xf32>
  %ek = tensor.empty(%s) : tensor<1x1x?x16xf32>
  %kr = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k, %c4 : tensor<1x1x?x16xf32>, tensor<1x1x?x16xf32>) outs(%ek : tensor<1x1x?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<1x1x?x16xf32>
  return %qr, %kr : tensor<1x4x?x16xf32>, tensor<1x1x?x16xf32>
}
