// Attention as one kernel (docs/attention.md): Q·Kᵀ, a causal mask written
// with linalg.index and arith.select, softmax, ·V become one fusion.group
// whose scf.for walks the keys 16 at a time with the online-softmax
// recurrence; the 2x8x32 scores never leave it. The mask's key index gets the
// block offset. attention=off leaves the chain alone, and so does the default
// (auto) under search=greedy (attention-options.mlir).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true search=auto})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @attn
// CHECK-NOT: linalg.batch_matmul
// CHECK: "fusion.group"() ({
// CHECK: %[[M0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x8xf32>)
// CHECK: scf.for %[[N0:.*]] = %{{.*}} to %c32 step %c16 iter_args(%[[M:.*]] = %[[M0]], %[[L:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}) -> (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8x4xf32>)
// CHECK: %[[KB:.*]] = tensor.extract_slice %{{.*}}[0, 0, %[[N0]]] [2, 4, 16] [1, 1, 1] : tensor<2x4x32xf32> to tensor<2x4x16xf32>
// CHECK: %[[VB:.*]] = tensor.extract_slice %{{.*}}[0, %[[N0]], 0] [2, 16, 4] [1, 1, 1] : tensor<2x32x4xf32> to tensor<2x16x4xf32>
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[KB]] : tensor<2x8x4xf32>, tensor<2x4x16xf32>) outs(%{{.*}} : tensor<2x8x16xf32>)
// The causal mask on the tile: key index + block offset.
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<2x8x16xf32>)
// CHECK: %[[J:.*]] = linalg.index 2 : index
// CHECK: %[[JN:.*]] = arith.addi %[[J]], %[[N0]] : index
// CHECK: arith.cmpi ugt, %[[JN]]
// Running max, rescale factor exp(m_old - m_new), new max in place.
// CHECK: arith.maximumf
// CHECK: ins(%[[M]], %{{.*}} : tensor<2x8xf32>, tensor<2x8xf32>)
// CHECK: math.exp
// CHECK: outs(%[[M]] : tensor<2x8xf32>)
// CHECK: math.exp
// Sum and partial output rescaled, then accumulated.
// CHECK: outs(%[[L]] : tensor<2x8xf32>)
// CHECK: arith.addf
// CHECK: outs(%[[ACC]] : tensor<2x8x4xf32>)
// CHECK: ins(%{{.*}}, %[[VB]] : tensor<2x8x16xf32>, tensor<2x16x4xf32>)
// CHECK: scf.yield
// CHECK: arith.divf
// CHECK: gpu.yield
// CHECK: fusion.pattern = "attention"
// CHECK-NOT: tensor<2x8x32xf32>
// CHECK: return

// OFF-LABEL: func.func @attn
// OFF-NOT: "attention"
// OFF: linalg.batch_matmul
// OFF: tensor<2x8x32xf32>
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#rowr = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @attn(%q: tensor<2x8x4xf32>, %kt: tensor<2x4x32xf32>, %v: tensor<2x32x4xf32>) -> tensor<2x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<2x8x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x8x4xf32>, tensor<2x4x32xf32>) outs(%f : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  %c = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x32xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %gt = arith.cmpi ugt, %j, %i : index
    %y = arith.mulf %x, %scale : f32
    %z = arith.select %gt, %ninf, %y : f32
    linalg.yield %z : f32
  } -> tensor<2x8x32xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mx = linalg.generic {indexing_maps = [#map, #rowr], iterator_types = ["parallel", "parallel", "reduction"]} ins(%c : tensor<2x8x32xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  %ex = linalg.generic {indexing_maps = [#map, #rowr, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %mx : tensor<2x8x32xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x8x32xf32>
  %e1 = tensor.empty() : tensor<2x8x1xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<2x8x32xf32>) outs(%si : tensor<2x8x1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x8x1xf32>
  %p = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<2x8x32xf32>, tensor<2x8x1xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %s1: f32, %o: f32):
    %y = arith.divf %x, %s1 : f32
    linalg.yield %y : f32
  } -> tensor<2x8x32xf32>
  %eo = tensor.empty() : tensor<2x8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x32xf32>, tensor<2x32x4xf32>) outs(%fo : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o : tensor<2x8x4xf32>
}
