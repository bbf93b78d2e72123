// Lowerability is legality: the GPU back end's refusal codes. For each, the
// group is accepted by the analysis alone, refused with the code once the
// back end's predicate is registered (`--backend gpu`; `mlirfuse compile`
// always plans this way), and the plan avoids it: two kernels, both lowered.
// RUN: split-file %s %t
// RUN: %mlirfuse explain %t/reshape.mlir --group 1,2,4 | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse explain %t/reshape.mlir --group 1,2,4 --backend gpu | %FileCheck %s --check-prefix=RESHAPE
// RUN: %mlirfuse plan %t/reshape.mlir | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse plan %t/reshape.mlir --backend gpu | %FileCheck %s --check-prefix=TWO
// RUN: %mlirfuse compile %t/reshape.mlir -o %t/reshape.ptx | %FileCheck %s --check-prefix=COMPILED
// A reshape whose elementwise producer reads only the kernel's inputs is no
// refusal: the producer is computed on the reshape's side of it.
// RUN: %mlirfuse explain %t/sunk.mlir --group 1,2,4 --backend gpu | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse plan %t/sunk.mlir --backend gpu | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse compile %t/sunk.mlir -o %t/sunk.ptx | %FileCheck %s --check-prefix=COMPILEDONE
// RUN: %mlirfuse verify %t/sunk.mlir --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse explain %t/gather.mlir --group 2,3 | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse explain %t/gather.mlir --group 2,3 --backend gpu | %FileCheck %s --check-prefix=GATHER
// RUN: %mlirfuse plan %t/gather.mlir | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse plan %t/gather.mlir --backend gpu | %FileCheck %s --check-prefix=TWO
// RUN: %mlirfuse compile %t/gather.mlir -o %t/gather.ptx | %FileCheck %s --check-prefix=COMPILED
// Sibling roots of different shapes were refused (gpu-sibling-shapes); the
// partitioned schedule makes them one launch (block-id ranges per root).
// RUN: %mlirfuse explain %t/siblings.mlir --group 2,4,5 --backend gpu | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse plan %t/siblings.mlir --backend gpu | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse compile %t/siblings.mlir -o %t/siblings.ptx | %FileCheck %s --check-prefix=PARTS
// RUN: %mlirfuse verify %t/siblings.mlir --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// Roots joined by a shared producer are tiled alike too: a result and its
// transpose (a rope's Q and transposed K) are refused as well.
// RUN: %mlirfuse explain %t/joined.mlir --group 1,2,4 | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse explain %t/joined.mlir --group 1,2,4 --backend gpu | %FileCheck %s --check-prefix=SIBLINGS
// RUN: %mlirfuse plan %t/joined.mlir | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse plan %t/joined.mlir --backend gpu | %FileCheck %s --check-prefix=TWO
// RUN: %mlirfuse compile %t/joined.mlir -o %t/joined.ptx | %FileCheck %s --check-prefix=COMPILED
// RESHAPE: group {{.*}}: refused [gpu-reshape-inside]
// GATHER: group {{.*}}: refused [gpu-gather-intermediate]
// SIBLINGS: group {{.*}}: refused [gpu-sibling-shapes]
// PARTS: kernels: 1
// PARTS-NEXT: k0: partitioned(elementwise+row) schedule, block (8, 16, 1)
// VERIFIED: verify: ok
// Dynamic extents lower (the host computes the sizes from the arguments'
// dims): the group is accepted and compiles as one kernel. A size the host
// cannot compute (read from a tensor's data) is refused with its code.
// RUN: %mlirfuse explain %t/dynamic.mlir --group 3,4 --backend gpu | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse plan %t/dynamic.mlir --backend gpu | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse compile %t/dynamic.mlir -o %t/dynamic.ptx | %FileCheck %s --check-prefix=COMPILEDONE
// RUN: %mlirfuse explain %t/unknown.mlir --group 3,4 | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse explain %t/unknown.mlir --group 3,4 --backend gpu | %FileCheck %s --check-prefix=UNKNOWN
// RUN: %mlirfuse plan %t/unknown.mlir --backend gpu | %FileCheck %s --check-prefix=TWO
// RUN: not %mlirfuse compile %t/unknown.mlir -o %t/unknown.ptx 2>&1 | %FileCheck %s --check-prefix=UNKNOWNCOMPILE
// UNKNOWN: group {{.*}}: refused [gpu-dynamic-unknown]
// UNKNOWNCOMPILE: unknown.mlir:{{[0-9]+}}:{{[0-9]+}}: error: split: dynamic shape: {{.*}} not expressions of the function's argument dims
// COMPILEDONE: kernels: 1
// ACCEPT: group {{.*}}: ok [ok]
// ONE: @{{[a-z0-9]+}}: 1 kernels
// TWO: @{{[a-z0-9]+}}: 2 kernels
// COMPILED: kernels: 2

//--- reshape.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @reshape(%a: tensor<8xf32>) -> tensor<128xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  %c = tensor.collapse_shape %0 [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  %e2 = tensor.empty() : tensor<128xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%c : tensor<128xf32>) outs(%e2 : tensor<128xf32>) {
  ^bb0(%x: f32, %o: f32):
    // Reads its position: the reshape does not propagate through this body
    // (transforms/reshape_propagation.py), so it stays between the two; the
    // broadcast before it cannot move onto the collapsed loops either
    // (gpu/inner_reshapes.py: its map splits the collapsed dim).
    %i = linalg.index 0 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %s = arith.subf %f, %x : f32
    linalg.yield %s : f32
  } -> tensor<128xf32>
  return %1 : tensor<128xf32>
}

//--- sunk.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @sunk(%a: tensor<8x16xf32>) -> tensor<128xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  %c = tensor.collapse_shape %0 [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  %e2 = tensor.empty() : tensor<128xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%c : tensor<128xf32>) outs(%e2 : tensor<128xf32>) {
  ^bb0(%x: f32, %o: f32):
    // Reads its position: the reshape does not propagate down through this
    // body; the elementwise exp before it moves past it instead
    // (gpu/inner_reshapes.py: exp(collapse(a)) == collapse(exp(a))).
    %i = linalg.index 0 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %s = arith.subf %f, %x : f32
    linalg.yield %s : f32
  } -> tensor<128xf32>
  return %1 : tensor<128xf32>
}

//--- gather.mlir
#id1 = affine_map<(d0) -> (d0)>
// The exp is returned too: an exp only the gather read would be computed at
// its reads (transforms/gather_inline.py), one kernel without any refusal.
func.func @gather(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %c15 = arith.constant 15 : index
  %e = tensor.empty() : tensor<16xf32>
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = arith.subi %c15, %i : index
    %r = tensor.extract %0[%j] : tensor<16xf32>
    %s = arith.addf %x, %r : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %1, %0 : tensor<16xf32>, tensor<16xf32>
}

//--- siblings.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @siblings(%a: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  %e1 = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<16x8xf32>) outs(%f : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %0, %1 : tensor<16x8xf32>, tensor<16xf32>
}

//--- joined.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @joined(%a: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<8x16xf32>) {
  %e = tensor.empty() : tensor<16x8xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  %et = tensor.empty() : tensor<8x16xf32>
  %2 = linalg.transpose ins(%0 : tensor<16x8xf32>) outs(%et : tensor<8x16xf32>) permutation = [1, 0]
  return %1, %2 : tensor<16x8xf32>, tensor<8x16xf32>
}

//--- dynamic.mlir
#id1 = affine_map<(d0) -> (d0)>
func.func @dyn2(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%0 : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

//--- unknown.mlir
#id1 = affine_map<(d0) -> (d0)>
func.func @unknown(%a: tensor<?xf32>, %k: tensor<i64>) -> tensor<?xf32> {
  %v = tensor.extract %k[] : tensor<i64>
  %n = arith.index_cast %v : i64 to index
  %e = tensor.empty(%n) : tensor<?xf32>
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%0 : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
