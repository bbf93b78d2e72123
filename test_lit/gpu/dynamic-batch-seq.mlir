// A dynamic batch B and sequence length S together (bench/dynamic_batch_probe.py
// --dim both): a projection runs on the B*S rows (`view(-1, 64)`, a collapse)
// and its result is split back into [B, S, 64] (`view(B, S, 64)`, proven by
// `dynamic_sizes` into an expand_shape whose one group holds two dynamic
// sizes). Upstream's expand-strided-metadata asserts on such a group ("There
// must be at most one dynamic size per group"), aborting the CPU runner, the
// GPU schedule on the CPU and the NVVM lowering alike; `mlirfuse-dynamic-expands`
// makes it the reinterpret_cast it is first (row stride S*64 from the sizes).
// Checked at B=2, S=3 and B=1, S=5 against the unfused function.
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t.{b}x{s}.npz', arg0=f(b,s,64), arg1=f(64,64), arg2=f(64)) for b, s in ((2, 3), (1, 5))]"
// RUN: %mlirfuse verify %s --func rows --inputs %t.2x3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func rows --inputs %t.1x5.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func rows --schedule gpu --inputs %t.2x3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func pooled --inputs %t.2x3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func pooled --schedule gpu --inputs %t.1x5.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s --check-prefix=PTX
// RUN: %python -c "import json; m=json.load(open('%t.json')); [print('view', json.dumps(p['strides'])) for f in m['functions'] for l in f['launches'] for p in l['params'] if p.get('buffer') == 'k1_out0' and p['access'] == 'read']" | %FileCheck %s --check-prefix=VIEW
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries=true},mlirfuse-dynamic-expands)' | %FileCheck %s
// OK: verify: ok
// PTX-NOT: error
// PTX: kernels: 3
// VIEW: view [{"mul": [64, {"arg": 0, "dim": 1}]}, 64, 1]
// CHECK-LABEL: func.func @rows
// CHECK-NOT: memref.expand_shape
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %{{.*}} : memref<?x64xf32>
// CHECK: %[[OUTER:.*]] = arith.muli %[[STRIDES]]#0, %[[S:.*]] : index
// CHECK-NOT: arith.muli
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[B:.*]], %[[S]], 64], strides: [%[[OUTER]], 64, 1] : memref<f32> to memref<?x?x64xf32>

func.func @rows(%x: tensor<?x?x64xf32>, %w: tensor<64x64xf32>, %bias: tensor<64xf32>) -> tensor<?x?x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %b = tensor.dim %x, %c0 : tensor<?x?x64xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x64xf32>
  %rows = arith.muli %b, %s : index
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x64xf32> into tensor<?x64xf32>
  %empty = tensor.empty(%rows) : tensor<?x64xf32>
  %zero = linalg.fill ins(%cst : f32) outs(%empty : tensor<?x64xf32>) -> tensor<?x64xf32>
  %mm = linalg.matmul ins(%flat, %w : tensor<?x64xf32>, tensor<64x64xf32>) outs(%zero : tensor<?x64xf32>) -> tensor<?x64xf32>
  %biased = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<?x64xf32>, tensor<64xf32>) outs(%empty : tensor<?x64xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    linalg.yield %0 : f32
  } -> tensor<?x64xf32>
  %split = tensor.expand_shape %biased [[0, 1], [2]] output_shape [%b, %s, 64] : tensor<?x64xf32> into tensor<?x?x64xf32>
  %e3 = tensor.empty(%b, %s) : tensor<?x?x64xf32>
  %res = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%split, %x : tensor<?x?x64xf32>, tensor<?x?x64xf32>) outs(%e3 : tensor<?x?x64xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    linalg.yield %0 : f32
  } -> tensor<?x?x64xf32>
  return %res : tensor<?x?x64xf32>
}

// The split read by a reduction over S, another kernel: the expand is a host
// view of the projection's result (traced into the launch manifest with
// strides [64 S, 64, 1]), rewritten only after the host was traced.
func.func @pooled(%x: tensor<?x?x64xf32>, %w: tensor<64x64xf32>, %bias: tensor<64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %b = tensor.dim %x, %c0 : tensor<?x?x64xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x64xf32>
  %rows = arith.muli %b, %s : index
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x64xf32> into tensor<?x64xf32>
  %empty = tensor.empty(%rows) : tensor<?x64xf32>
  %zero = linalg.fill ins(%cst : f32) outs(%empty : tensor<?x64xf32>) -> tensor<?x64xf32>
  %mm = linalg.matmul ins(%flat, %w : tensor<?x64xf32>, tensor<64x64xf32>) outs(%zero : tensor<?x64xf32>) -> tensor<?x64xf32>
  %split = tensor.expand_shape %mm [[0, 1], [2]] output_shape [%b, %s, 64] : tensor<?x64xf32> into tensor<?x?x64xf32>
  %e2 = tensor.empty(%b) : tensor<?x64xf32>
  %z2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%split, %bias : tensor<?x?x64xf32>, tensor<64xf32>) outs(%z2 : tensor<?x64xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  } -> tensor<?x64xf32>
  return %sum : tensor<?x64xf32>
}
