// Llama's query projection over a dynamic sequence length S: the rows
// (1 x S x 64) read through a collapse to S x 64, a matmul, an expand of its
// result to 1 x S x 4 x 16 heads, and the transpose to 1 x 4 x S x 16 that
// attention reads. With a static S the expand moves above the matmul and the
// transpose folds into its output map (gpu/inner_expand_chains.py,
// contraction_copies.fold_epilogue_transpose): one kernel writing the
// heads' layout. Both took static shapes only, so the transpose was a copy
// kernel of its own (`gpu-reshape-inside`). The expand's dynamic dim leads
// its group (a unit dim before S; for @batch_heads, a dynamic batch B, the
// rows B·32 split into B x 32), the rows are read before their collapse, and
// the new inits take the dynamic size from an input's and the old init's.
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t.{s}.npz', arg0=f(1,s,64), arg1=f(64,64)) for s in (3, 37)]"
// RUN: %mlirfuse plan %s --backend gpu | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s
// RUN: %mlirfuse verify %s --func query_heads --schedule gpu --inputs %t.3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func query_heads --schedule gpu --inputs %t.37.npz | %FileCheck %s --check-prefix=OK
// RUN: %python -c "import numpy as n; r=n.random.default_rng(1); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t.b{b}.npz', arg0=f(b,32,64), arg1=f(64,64)) for b in (1, 3)]"
// RUN: %mlirfuse verify %s --func batch_heads --schedule gpu --inputs %t.b1.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func batch_heads --schedule gpu --inputs %t.b3.npz | %FileCheck %s --check-prefix=OK
// PLAN: @query_heads: 1 kernels
// PLAN: @batch_heads: 1 kernels
// CHECK-NOT: error
// CHECK: kernels: 2
// CHECK-NEXT: k0: contraction schedule
// CHECK-NEXT: k1: contraction schedule
// OK: verify: ok

func.func @query_heads(%x: tensor<1x?x64xf32>, %w: tensor<64x64xf32>) -> tensor<1x4x?x16xf32> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %s = tensor.dim %x, %c1 : tensor<1x?x64xf32>
  %et = tensor.empty() : tensor<64x64xf32>
  %wt = linalg.transpose ins(%w : tensor<64x64xf32>) outs(%et : tensor<64x64xf32>) permutation = [1, 0]
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x?x64xf32> into tensor<?x64xf32>
  %e = tensor.empty(%s) : tensor<?x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %q = linalg.matmul ins(%rows, %wt : tensor<?x64xf32>, tensor<64x64xf32>) outs(%z : tensor<?x64xf32>) -> tensor<?x64xf32>
  %heads = tensor.expand_shape %q [[0, 1], [2, 3]] output_shape [1, %s, 4, 16] : tensor<?x64xf32> into tensor<1x?x4x16xf32>
  %eh = tensor.empty(%s) : tensor<1x4x?x16xf32>
  %t = linalg.transpose ins(%heads : tensor<1x?x4x16xf32>) outs(%eh : tensor<1x4x?x16xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<1x4x?x16xf32>
}

func.func @batch_heads(%x: tensor<?x32x64xf32>, %w: tensor<64x64xf32>) -> tensor<?x4x32x16xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %b = tensor.dim %x, %c0 : tensor<?x32x64xf32>
  %et = tensor.empty() : tensor<64x64xf32>
  %wt = linalg.transpose ins(%w : tensor<64x64xf32>) outs(%et : tensor<64x64xf32>) permutation = [1, 0]
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x32x64xf32> into tensor<?x64xf32>
  %n = tensor.dim %rows, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %q = linalg.matmul ins(%rows, %wt : tensor<?x64xf32>, tensor<64x64xf32>) outs(%z : tensor<?x64xf32>) -> tensor<?x64xf32>
  %heads = tensor.expand_shape %q [[0, 1], [2, 3]] output_shape [%b, 32, 4, 16] : tensor<?x64xf32> into tensor<?x32x4x16xf32>
  %eh = tensor.empty(%b) : tensor<?x4x32x16xf32>
  %t = linalg.transpose ins(%heads : tensor<?x32x4x16xf32>) outs(%eh : tensor<?x4x32x16xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<?x4x32x16xf32>
}
