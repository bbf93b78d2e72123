// GPT-2's fused Q/K/V projection with a dynamic sequence length S (a zoo
// model exported with `Dim("seq")`, bench/dynamic_batch_probe.py --dim seq):
// c_attn's [1, S, 192] is sliced into Q, K and V ([1, S, 64] at offsets 0, 64,
// 128) and each is split into heads by a `tensor.reshape` to a computed shape
// (`view(1, S, -1, 16)`, -1 = S*64 / (S*16)). Both failed before:
// - the reshape stayed a reshape ("split: 'tensor.reshape' outside any
//   kernel"): its source's dims were unproven, since `SizeEvaluator` did not
//   read an `extract_slice`'s sizes (with a dynamic batch the slice's dims
//   were static apart from the batch, so this never showed);
// - once it is an expand_shape of the slice, the head views' strides are
//   dynamic ([192 S, 192, 16, 1]) and the host refused them ("a reshape of a
//   strided view"); an expand of a strided view now has its strides traced.
// Q's heads (1 x 4 x S x 16) and K's transposed heads (1 x 4 x 16 x S) share
// no producer in their kernel: two parts of one launch over a dynamic S
// (session 34, `partition_merge.py`; 3 kernels before).
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t.{s}.npz', arg0=f(1,s,64), arg1=f(64,192), arg2=f(192)) for s in (2, 37)]"
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s
// RUN: %python -c "import json; m=json.load(open('%t.json')); [print('view', p['offset'], json.dumps(p['strides'])) for l in m['functions'][0]['launches'] for p in l['params'] if p.get('buffer') == 'k0_out0' and p['access'] == 'read']" | %FileCheck %s --check-prefix=VIEW
// RUN: %mlirfuse verify %s --schedule gpu --inputs %t.2.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --inputs %t.37.npz | %FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 2
// CHECK-NEXT: k0: contraction schedule
// CHECK-NEXT: k1: partitioned(elementwise+elementwise) schedule
// The heads of Q and K read c_attn's result in place: offsets 0 and 64.
// VIEW-DAG: view 0 [{"mul": [192, {"arg": 0, "dim": 1}]}, 192, 16, 1]
// VIEW-DAG: view 64 [{"mul": [192, {"arg": 0, "dim": 1}]}, 192, 16, 1]
// OK: verify: ok

func.func @split(%arg0: tensor<1x?x64xf32>, %arg3: tensor<64x192xf32>, %arg4: tensor<192xf32>) -> (tensor<1x4x?x16xf32>, tensor<1x4x16x?xf32>) {
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %c0_i64 = arith.constant 0 : i64
  %c1_i64 = arith.constant 1 : i64
  %c16_i64 = arith.constant 16 : i64
  %c64_i64 = arith.constant 64 : i64
  %dim = tensor.dim %arg0, %c1 : tensor<1x?x64xf32>
  %0 = arith.index_cast %dim : index to i64
  %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x?x64xf32> into tensor<?x64xf32>
  %32 = tensor.empty(%dim) : tensor<?x192xf32>
  %33 = linalg.fill ins(%cst : f32) outs(%32 : tensor<?x192xf32>) -> tensor<?x192xf32>
  %34 = linalg.matmul ins(%collapsed, %arg3 : tensor<?x64xf32>, tensor<64x192xf32>) outs(%33 : tensor<?x192xf32>) -> tensor<?x192xf32>
  %35 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%34, %arg4 : tensor<?x192xf32>, tensor<192xf32>) outs(%32 : tensor<?x192xf32>) {
  ^bb0(%in: f32, %in_37: f32, %out: f32):
    %132 = arith.addf %in, %in_37 : f32
    linalg.yield %132 : f32
  } -> tensor<?x192xf32>
  %expanded = tensor.expand_shape %35 [[0, 1], [2]] output_shape [1, %dim, 192] : tensor<?x192xf32> into tensor<1x?x192xf32>
  %q = tensor.extract_slice %expanded[0, 0, 0] [1, %dim, 64] [1, 1, 1] : tensor<1x?x192xf32> to tensor<1x?x64xf32>
  %k = tensor.extract_slice %expanded[0, 0, 64] [1, %dim, 64] [1, 1, 1] : tensor<1x?x192xf32> to tensor<1x?x64xf32>
  %36 = arith.cmpi slt, %0, %c0_i64 : i64
  %37 = arith.select %36, %c1_i64, %0 : i64
  %40 = arith.muli %37, %c16_i64 : i64
  %42 = arith.muli %0, %c64_i64 : i64
  %43 = arith.divsi %42, %40 : i64
  %44 = arith.select %36, %43, %0 : i64
  %shape = tensor.from_elements %c1_i64, %44, %43, %c16_i64 : tensor<4xi64>
  %rq = tensor.reshape %q(%shape) : (tensor<1x?x64xf32>, tensor<4xi64>) -> tensor<1x?x4x16xf32>
  %rk = tensor.reshape %k(%shape) : (tensor<1x?x64xf32>, tensor<4xi64>) -> tensor<1x?x4x16xf32>
  %45 = arith.index_cast %44 : i64 to index
  %46 = tensor.empty(%45) : tensor<1x4x?x16xf32>
  %tq = linalg.transpose ins(%rq : tensor<1x?x4x16xf32>) outs(%46 : tensor<1x4x?x16xf32>) permutation = [0, 2, 1, 3]
  %47 = tensor.empty(%45) : tensor<1x4x16x?xf32>
  %tk = linalg.transpose ins(%rk : tensor<1x?x4x16xf32>) outs(%47 : tensor<1x4x16x?xf32>) permutation = [0, 2, 3, 1]
  return %tq, %tk : tensor<1x4x?x16xf32>, tensor<1x4x16x?xf32>
}
