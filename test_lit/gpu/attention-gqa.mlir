// Grouped-query attention (docs/attention.md, "Grouped-query attention"):
// torch's repeat_kv, `k[:, :, None].expand(B, Hkv, rep, S, D).reshape(B, H,
// S, D)`, is a copy broadcasting K and V along rep (a 5-D generic) and a
// collapse merging (kv, rep) into the heads, so head h reads kv head
// h floordiv rep. The attention kernel reads K and V at their kv-head shape
// 1x2x8x8 through `floordiv 2` maps: no repeated tensor is written and no
// repeat kernel is launched (H = 4 query heads, Hkv = 2). K is also read
// through its transpose for the scores, as torch-mlir exports it.
// @repeat_outer broadcasts the other way round (h = r·Hkv + kv, torch's
// `repeat`, not repeat_kv): the kernel does not read through it, and that
// repeat stays a kernel of its own (k1, k2). @gqa_rope scales Q and K by
// one table first (a rope's shape): K's 2 heads are no longer the size of
// Q's 4, and the two scalings, which no edge joins, are one launch of two
// parts (the partitioned schedule, k4) instead of two kernels. All three
// verified under the GPU schedule; @gqa compiles to one kernel.
// @gqa_dynamic is @gqa over a dynamic sequence length (the repeat's
// broadcast copy and collapse dynamic along S; K's repeat as torch-mlir
// exports a dynamic `expand`: a gather reading a unit repeat dim inserted by
// an expand_shape at 0, `transforms/extract_copies.py`): one kernel,
// reading K and V at 1x2xSx8, verified at S = 37 and S = 5.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=FUSED
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s --check-prefix=KERNEL
// RUN: %mlirfuse verify %s --func gqa --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func repeat_outer --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func gqa_rope --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t.dyn{s}.npz', arg0=f(1,4,s,8), arg1=f(1,2,s,8), arg2=f(1,2,s,8)) for s in (37, 5)]"
// RUN: %mlirfuse verify %s --func gqa_dynamic --schedule gpu --inputs %t.dyn37.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func gqa_dynamic --schedule gpu --inputs %t.dyn5.npz | %FileCheck %s --check-prefix=OK
// FUSED-DAG: #[[$K:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 floordiv 2, d3, d4)>
// FUSED-DAG: #[[$V:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 floordiv 2, d4, d3)>
// FUSED-LABEL: func.func @gqa
// FUSED-NOT: tensor<1x2x2x8x8xf32>
// FUSED-NOT: linalg.batch_matmul
// FUSED: linalg.generic {indexing_maps = [{{.*}}, #[[$K]], {{.*}}]{{.*}}tensor<1x2x8x8xf32>
// FUSED: linalg.generic {indexing_maps = [{{.*}}, #[[$V]], {{.*}}]{{.*}}tensor<1x2x8x8xf32>
// FUSED: fusion.pattern = "attention"
// FUSED-NOT: tensor<1x2x2x8x8xf32>
// FUSED: return
// FUSED-LABEL: func.func @repeat_outer
// FUSED: tensor<1x2x2x8x8xf32>
// FUSED: fusion.pattern = "attention"
// FUSED-LABEL: func.func @gqa_dynamic
// FUSED-NOT: tensor<1x2x2x?x8xf32>
// FUSED: tensor.extract_slice %{{.*}} : tensor<1x2x?x8xf32> to tensor<1x2x?x8xf32>
// FUSED: linalg.generic {indexing_maps = [{{.*}}, #[[$K]], {{.*}}]{{.*}}tensor<1x2x?x8xf32>
// FUSED: linalg.generic {indexing_maps = [{{.*}}, #[[$V]], {{.*}}]{{.*}}tensor<1x2x?x8xf32>
// FUSED: fusion.pattern = "attention"
// FUSED-NOT: tensor<1x2x2x?x8xf32>
// FUSED: return
// KERNEL: kernels: 7
// KERNEL-NEXT: k0: attention schedule
// KERNEL-NEXT: k1: elementwise schedule
// KERNEL-NEXT: k2: elementwise schedule
// KERNEL-NEXT: k3: attention schedule
// KERNEL-NEXT: k4: partitioned(elementwise+elementwise) schedule
// KERNEL-NEXT: k5: attention schedule
// KERNEL-NEXT: k6: attention schedule
// KERNEL: gqa_k0 {{.*}} 0 {{.*}}
// KERNEL-NEXT: repeat_outer_k1
// OK: verify: ok

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#red = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#rep = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#outer = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d4)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#tab = affine_map<(d0, d1, d2, d3) -> (d2, d3)>

func.func @gqa(%q: tensor<1x4x8x8xf32>, %k: tensor<1x2x8x8xf32>, %v: tensor<1x2x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.353553385 : f32
  %e5 = tensor.empty() : tensor<1x2x2x8x8xf32>
  %kr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<1x2x8x8xf32>) outs(%e5 : tensor<1x2x2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x2x2x8x8xf32>
  %kc = tensor.collapse_shape %kr [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x8xf32> into tensor<1x4x8x8xf32>
  %et = tensor.empty() : tensor<1x4x8x8xf32>
  %kt = linalg.transpose ins(%kc : tensor<1x4x8x8xf32>) outs(%et : tensor<1x4x8x8xf32>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %e3 = tensor.empty() : tensor<4x8x8xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s = linalg.batch_matmul ins(%q3, %k3 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%z3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
  %sc = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4 : tensor<1x4x8x8xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.mulf %in, %scale : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %er = tensor.empty() : tensor<1x4x8xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %mx = linalg.generic {indexing_maps = [#id4, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%sc : tensor<1x4x8x8xf32>) outs(%fm : tensor<1x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.maximumf %in, %out : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8xf32>
  %mx4 = tensor.expand_shape %mx [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
  %ex = linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sc, %mx4 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %er1 = tensor.empty() : tensor<1x4x8x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er1 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
  %sm = linalg.generic {indexing_maps = [#id4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ex : tensor<1x4x8x8xf32>) outs(%fs : tensor<1x4x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.addf %in, %out : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x1xf32>
  %p = linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sm : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %l: f32, %out: f32):
    %x = arith.divf %in, %l : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %vr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v : tensor<1x2x8x8xf32>) outs(%e5 : tensor<1x2x2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x2x2x8x8xf32>
  %v3 = tensor.collapse_shape %vr [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x8xf32> into tensor<4x8x8xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %o = linalg.batch_matmul ins(%p3, %v3 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%z4 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %o4 = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
  return %o4 : tensor<1x4x8x8xf32>
}

func.func @repeat_outer(%q: tensor<1x4x8x8xf32>, %k: tensor<1x2x8x8xf32>, %v: tensor<1x2x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.353553385 : f32
  %e5 = tensor.empty() : tensor<1x2x2x8x8xf32>
  %kr = linalg.generic {indexing_maps = [#outer, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<1x2x8x8xf32>) outs(%e5 : tensor<1x2x2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x2x2x8x8xf32>
  %kc = tensor.collapse_shape %kr [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x8xf32> into tensor<1x4x8x8xf32>
  %et = tensor.empty() : tensor<1x4x8x8xf32>
  %kt = linalg.transpose ins(%kc : tensor<1x4x8x8xf32>) outs(%et : tensor<1x4x8x8xf32>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %e3 = tensor.empty() : tensor<4x8x8xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s = linalg.batch_matmul ins(%q3, %k3 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%z3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
  %sc = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4 : tensor<1x4x8x8xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.mulf %in, %scale : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %er = tensor.empty() : tensor<1x4x8xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %mx = linalg.generic {indexing_maps = [#id4, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%sc : tensor<1x4x8x8xf32>) outs(%fm : tensor<1x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.maximumf %in, %out : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8xf32>
  %mx4 = tensor.expand_shape %mx [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
  %ex = linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sc, %mx4 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %er1 = tensor.empty() : tensor<1x4x8x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er1 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
  %sm = linalg.generic {indexing_maps = [#id4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ex : tensor<1x4x8x8xf32>) outs(%fs : tensor<1x4x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.addf %in, %out : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x1xf32>
  %p = linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sm : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %l: f32, %out: f32):
    %x = arith.divf %in, %l : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %vr = linalg.generic {indexing_maps = [#outer, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v : tensor<1x2x8x8xf32>) outs(%e5 : tensor<1x2x2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x2x2x8x8xf32>
  %v3 = tensor.collapse_shape %vr [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x8xf32> into tensor<4x8x8xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %o = linalg.batch_matmul ins(%p3, %v3 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%z4 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %o4 = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
  return %o4 : tensor<1x4x8x8xf32>
}

func.func @gqa_rope(%q0: tensor<1x4x8x8xf32>, %k0: tensor<1x2x8x8xf32>, %v: tensor<1x2x8x8xf32>, %cos: tensor<8x8xf32>) -> tensor<1x4x8x8xf32> {
  %eq = tensor.empty() : tensor<1x4x8x8xf32>
  %q = linalg.generic {indexing_maps = [#id4, #tab, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q0, %cos : tensor<1x4x8x8xf32>, tensor<8x8xf32>) outs(%eq : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %x = arith.mulf %in, %c : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %ek = tensor.empty() : tensor<1x2x8x8xf32>
  %k = linalg.generic {indexing_maps = [#id4, #tab, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k0, %cos : tensor<1x2x8x8xf32>, tensor<8x8xf32>) outs(%ek : tensor<1x2x8x8xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %x = arith.mulf %in, %c : f32
    linalg.yield %x : f32
  } -> tensor<1x2x8x8xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.353553385 : f32
  %e5 = tensor.empty() : tensor<1x2x2x8x8xf32>
  %kr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<1x2x8x8xf32>) outs(%e5 : tensor<1x2x2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x2x2x8x8xf32>
  %kc = tensor.collapse_shape %kr [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x8xf32> into tensor<1x4x8x8xf32>
  %et = tensor.empty() : tensor<1x4x8x8xf32>
  %kt = linalg.transpose ins(%kc : tensor<1x4x8x8xf32>) outs(%et : tensor<1x4x8x8xf32>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %e3 = tensor.empty() : tensor<4x8x8xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s = linalg.batch_matmul ins(%q3, %k3 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%z3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
  %sc = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4 : tensor<1x4x8x8xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.mulf %in, %scale : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %er = tensor.empty() : tensor<1x4x8xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %mx = linalg.generic {indexing_maps = [#id4, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%sc : tensor<1x4x8x8xf32>) outs(%fm : tensor<1x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.maximumf %in, %out : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8xf32>
  %mx4 = tensor.expand_shape %mx [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
  %ex = linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sc, %mx4 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %er1 = tensor.empty() : tensor<1x4x8x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er1 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
  %sm = linalg.generic {indexing_maps = [#id4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ex : tensor<1x4x8x8xf32>) outs(%fs : tensor<1x4x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.addf %in, %out : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x1xf32>
  %p = linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sm : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%et : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %l: f32, %out: f32):
    %x = arith.divf %in, %l : f32
    linalg.yield %x : f32
  } -> tensor<1x4x8x8xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
  %vr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v : tensor<1x2x8x8xf32>) outs(%e5 : tensor<1x2x2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x2x2x8x8xf32>
  %v3 = tensor.collapse_shape %vr [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x8xf32> into tensor<4x8x8xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %o = linalg.batch_matmul ins(%p3, %v3 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%z4 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %o4 = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
  return %o4 : tensor<1x4x8x8xf32>
}

func.func @gqa_dynamic(%q: tensor<1x4x?x8xf32>, %k: tensor<1x2x?x8xf32>, %v: tensor<1x2x?x8xf32>) -> tensor<1x4x?x8xf32> {
  %c2 = arith.constant 2 : index
  %n = tensor.dim %q, %c2 : tensor<1x4x?x8xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.353553385 : f32
  %e5 = tensor.empty(%n) : tensor<1x2x2x?x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %kx = tensor.expand_shape %k [[0], [1], [2, 3], [4]] output_shape [1, 2, 1, %n, 8] : tensor<1x2x?x8xf32> into tensor<1x2x1x?x8xf32>
  %kr = linalg.generic {indexing_maps = [#id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%e5 : tensor<1x2x2x?x8xf32>) {
  ^bb0(%out: f32):
    %i1 = linalg.index 1 : index
    %i3 = linalg.index 3 : index
    %i4 = linalg.index 4 : index
    %unit = arith.cmpi eq, %n, %c1 : index
    %row = arith.select %unit, %c0, %i3 : index
    %x = tensor.extract %kx[%c0, %i1, %c0, %row, %i4] : tensor<1x2x1x?x8xf32>
    linalg.yield %x : f32
  } -> tensor<1x2x2x?x8xf32>
  %kc = tensor.collapse_shape %kr [[0], [1, 2], [3], [4]] : tensor<1x2x2x?x8xf32> into tensor<1x4x?x8xf32>
  %et = tensor.empty(%n, %n) : tensor<1x4x?x?xf32>
  %ekt = tensor.empty(%n) : tensor<1x4x8x?xf32>
  %kt = linalg.transpose ins(%kc : tensor<1x4x?x8xf32>) outs(%ekt : tensor<1x4x8x?xf32>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<1x4x?x8xf32> into tensor<4x?x8xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x4x8x?xf32> into tensor<4x8x?xf32>
  %e3 = tensor.empty(%n, %n) : tensor<4x?x?xf32>
  %eo = tensor.empty(%n) : tensor<4x?x8xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x?x?xf32>) -> tensor<4x?x?xf32>
  %s = linalg.batch_matmul ins(%q3, %k3 : tensor<4x?x8xf32>, tensor<4x8x?xf32>) outs(%z3 : tensor<4x?x?xf32>) -> tensor<4x?x?xf32>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [1, 4, %n, %n] : tensor<4x?x?xf32> into tensor<1x4x?x?xf32>
  %sc = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4 : tensor<1x4x?x?xf32>) outs(%et : tensor<1x4x?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.mulf %in, %scale : f32
    linalg.yield %x : f32
  } -> tensor<1x4x?x?xf32>
  %er = tensor.empty(%n) : tensor<1x4x?xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<1x4x?xf32>) -> tensor<1x4x?xf32>
  %mx = linalg.generic {indexing_maps = [#id4, #red], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%sc : tensor<1x4x?x?xf32>) outs(%fm : tensor<1x4x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.maximumf %in, %out : f32
    linalg.yield %x : f32
  } -> tensor<1x4x?xf32>
  %mx4 = tensor.expand_shape %mx [[0], [1], [2, 3]] output_shape [1, 4, %n, 1] : tensor<1x4x?xf32> into tensor<1x4x?x1xf32>
  %ex = linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sc, %mx4 : tensor<1x4x?x?xf32>, tensor<1x4x?x1xf32>) outs(%et : tensor<1x4x?x?xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<1x4x?x?xf32>
  %er1 = tensor.empty(%n) : tensor<1x4x?x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er1 : tensor<1x4x?x1xf32>) -> tensor<1x4x?x1xf32>
  %sm = linalg.generic {indexing_maps = [#id4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ex : tensor<1x4x?x?xf32>) outs(%fs : tensor<1x4x?x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.addf %in, %out : f32
    linalg.yield %x : f32
  } -> tensor<1x4x?x1xf32>
  %p = linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sm : tensor<1x4x?x?xf32>, tensor<1x4x?x1xf32>) outs(%et : tensor<1x4x?x?xf32>) {
  ^bb0(%in: f32, %l: f32, %out: f32):
    %x = arith.divf %in, %l : f32
    linalg.yield %x : f32
  } -> tensor<1x4x?x?xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x4x?x?xf32> into tensor<4x?x?xf32>
  %vr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v : tensor<1x2x?x8xf32>) outs(%e5 : tensor<1x2x2x?x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x2x2x?x8xf32>
  %v3 = tensor.collapse_shape %vr [[0, 1, 2], [3], [4]] : tensor<1x2x2x?x8xf32> into tensor<4x?x8xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x?x8xf32>) -> tensor<4x?x8xf32>
  %o = linalg.batch_matmul ins(%p3, %v3 : tensor<4x?x?xf32>, tensor<4x?x8xf32>) outs(%z4 : tensor<4x?x8xf32>) -> tensor<4x?x8xf32>
  %o4 = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [1, 4, %n, 8] : tensor<4x?x8xf32> into tensor<1x4x?x8xf32>
  return %o4 : tensor<1x4x?x8xf32>
}
