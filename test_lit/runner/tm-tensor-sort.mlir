// torch-mlir exports torch.sort and torch.topk as `tm_tensor.sort` (a MoE
// router's top-k experts). mlirfuse reads it as linalg
// (mlirfuse/tm_tensor_sort.py): each element's place is counted (a reduction
// over the sorted dim: elements strictly before it, and tied ones earlier in
// the input), then each position picks the element placed there. Checked
// against numpy's stable sort: a top-2 of values and indices descending by
// `oge` with a tie at the top (the `%r:2` results, sliced), an ascending sort
// by `olt` of values only, an i64 sort by `sgt` with named results. Fused,
// the same numbers; on the GPU schedule too, and all lower to PTX.
// RUN: %mlirfuse-opt %s | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/sort_refs.py %t
// RUN: %mlirfuse run %s --func topk --inputs %t/topk.npz --rtol 0 | FileCheck %s --check-prefixes=NUM,TWO
// RUN: %mlirfuse run %s --func ascending --inputs %t/ascending.npz --rtol 0 | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse run %s --func named --inputs %t/named.npz --rtol 0 | FileCheck %s --check-prefixes=NUM,TWO
// RUN: %mlirfuse-opt %s --mlirfuse-fuse='search=auto' --mlirfuse-inline-groups | %mlirfuse run - --func topk --inputs %t/topk.npz --rtol 0 | FileCheck %s --check-prefixes=NUM,TWO
// RUN: %mlirfuse verify %s --func topk --schedule gpu --inputs %t/topk.npz | FileCheck %s --check-prefix=GPU
// RUN: %mlirfuse compile %s | FileCheck %s --check-prefix=PTX

// IR-NOT: tm_tensor
// IR-LABEL: func.func @topk
// The places: each element compared both ways with every other along dim 1.
// IR: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// IR-COUNT-2: arith.cmpf oge
// IR: linalg.index 1
// IR: linalg.index 2
// IR: arith.addi {{.*}} : i32
// Then the values and the indices, each picked by place.
// IR-COUNT-2: arith.cmpi eq, {{.*}} : i32
// IR: tensor.extract_slice
// IR-LABEL: func.func @ascending
// IR-COUNT-2: arith.cmpf olt
// IR-LABEL: func.func @named
// IR-COUNT-2: arith.cmpi sgt
// NUM-NOT: error
// NUM: result0 vs ref: max_abs_err=0.000e+00 {{.*}} ok
// TWO: result1 vs ref: max_abs_err=0.000e+00 {{.*}} ok
// GPU: verify: ok
// PTX-NOT: error
// PTX: topk_k0

func.func @topk(%scores: tensor<6x5xf32>) -> (tensor<6x2xf32>, tensor<6x2xi64>) {
  %empty = tensor.empty() : tensor<6x5xi64>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%empty : tensor<6x5xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<6x5xi64>
  %r:2 = tm_tensor.sort dimension(1) outs(%scores, %iota : tensor<6x5xf32>, tensor<6x5xi64>) {
  ^bb0(%a: f32, %b: f32, %ia: i64, %ib: i64):
    %ge = arith.cmpf oge, %a, %b : f32
    tm_tensor.yield %ge : i1
  } -> tensor<6x5xf32>, tensor<6x5xi64>
  %values = tensor.extract_slice %r#0[0, 0] [6, 2] [1, 1] : tensor<6x5xf32> to tensor<6x2xf32>
  %indices = tensor.extract_slice %r#1[0, 0] [6, 2] [1, 1] : tensor<6x5xi64> to tensor<6x2xi64>
  return %values, %indices : tensor<6x2xf32>, tensor<6x2xi64>
}

func.func @ascending(%x: tensor<7x3xf32>) -> tensor<7x3xf32> {
  %s = tm_tensor.sort dimension(0) outs(%x : tensor<7x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    tm_tensor.yield %lt : i1
  } -> tensor<7x3xf32>
  return %s : tensor<7x3xf32>
}

func.func @named(%keys: tensor<8xi64>, %payload: tensor<8xi64>) -> (tensor<8xi64>, tensor<8xi64>) {
  %k, %p = tm_tensor.sort dimension(0) outs(%keys, %payload : tensor<8xi64>, tensor<8xi64>) {
  ^bb0(%a: i64, %b: i64, %c: i64, %d: i64):
    %gt = arith.cmpi sgt, %a, %b : i64
    tm_tensor.yield %gt : i1
  } -> tensor<8xi64>, tensor<8xi64>
  return %k, %p : tensor<8xi64>, tensor<8xi64>
}
