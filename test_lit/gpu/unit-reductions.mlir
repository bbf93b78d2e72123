// A reduction over one element is elementwise
// (transforms/unit_reductions.py). The Decision Transformer embeds its
// return-to-go with `Linear(1, 64)`: a matmul of 20x1 by 1x64. The
// contraction schedule tiled its K of 1 into a one-element vector that NVVM
// could not translate ("LLVM Translation failed for operation:
// builtin.unrealized_conversion_cast"), so the model did not compile. Now
// the matmul, a batch matmul with K = 1 and a generic with a unit reduction
// loop are each an outer product over their other loops, and the bias add
// after the matmul joins its kernel as an elementwise chain.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse plan --backend gpu %s | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --func embed --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func heads --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func unit_loop --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 3
// CHECK-NEXT: k0: elementwise schedule
// CHECK-NEXT: k1: elementwise schedule
// CHECK-NEXT: k2: elementwise schedule
// PLAN: @embed: 1 kernels
// PLAN: group 0: elementwise-chain
// PLAN: @heads: 1 kernels
// PLAN: @unit_loop: 1 kernels
// OK: verify: ok

#row = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>

func.func @embed(%rtg: tensor<20x1xf32>, %w: tensor<1x64xf32>, %b: tensor<64xf32>) -> tensor<20x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<20x64xf32>) -> tensor<20x64xf32>
  %m = linalg.matmul ins(%rtg, %w : tensor<20x1xf32>, tensor<1x64xf32>) outs(%z : tensor<20x64xf32>) -> tensor<20x64xf32>
  %out = linalg.generic {indexing_maps = [#row, #bias, #row], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<20x64xf32>, tensor<64xf32>) outs(%e : tensor<20x64xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<20x64xf32>
  return %out : tensor<20x64xf32>
}

func.func @heads(%a: tensor<4x8x1xf32>, %b: tensor<4x1x16xf32>) -> tensor<4x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %m = linalg.batch_matmul ins(%a, %b : tensor<4x8x1xf32>, tensor<4x1x16xf32>) outs(%z : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %m : tensor<4x8x16xf32>
}

func.func @unit_loop(%a: tensor<8x1xf32>, %b: tensor<1x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x1xf32>, tensor<1x16xf32>) outs(%z : tensor<8x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %t = math.tanh %p : f32
    %s = arith.addf %acc, %t : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %m : tensor<8x16xf32>
}
