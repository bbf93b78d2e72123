// The three values of mlirfuse-fuse's attention switch (docs/attention.md):
// auto (the default) forms the online-softmax kernel where the cost model's J
// of the plan is lower with it, which for these 2x8x32 scores it is (one
// kernel, 256 bytes, against seven kernels); search=greedy plans by rules, not
// J, so auto leaves the chain alone there. on (alias true) forces the kernel
// under any search, off (alias false) never forms it.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s --check-prefix=ON
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto attention=auto})' | FileCheck %s --check-prefix=ON
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' | FileCheck %s --check-prefix=ON
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | FileCheck %s --check-prefix=ON
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=true})' | FileCheck %s --check-prefix=ON
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s --check-prefix=OFF
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto attention=off})' | FileCheck %s --check-prefix=OFF
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto attention=false})' | FileCheck %s --check-prefix=OFF
// RUN: not %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{attention=sometimes})' 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: mlirfuse-fuse: attention='sometimes' is not one of auto, on, off (or true, false)

// ON-LABEL: func.func @attn
// ON-NOT: linalg.batch_matmul
// ON: "fusion.group"() ({
// ON: scf.for %{{.*}} = %{{.*}} to %c32 step %c16 iter_args
// ON: fusion.pattern = "attention"
// ON-NOT: linalg.batch_matmul
// ON: return

// OFF-LABEL: func.func @attn
// OFF-NOT: fusion.pattern = "attention"
// OFF: linalg.batch_matmul
// OFF-NOT: fusion.pattern = "attention"
// OFF: linalg.batch_matmul
// OFF-NOT: fusion.pattern = "attention"
// OFF: return

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
