// Shared memory is checked where the kernel is built, and the planner prices
// what the back end stages (segformer_layer on sm_90).
//
// transposed: a LayerNorm (f64 statistics) whose result a [0, 2, 1]
// transpose reads. The transpose is the kernel's root, so one block of the
// row schedule (one row of the transpose: a column of the LayerNorm) would
// stage all 256 rows: 67,584 B, over the 48 KB of static shared memory a
// block may declare. The kernel was refused only at buffer placement
// ("memory: kernel needs 67584 B of static shared memory") while the plan
// priced it at 2,048 B. Now the row schedule sizes its buffers first
// (gpu/row_staging.py) and steps aside: the reduce schedule runs one block
// per LayerNorm row (256 blocks of 32 threads) and stages one row's sum and
// its 32 partials, the 272 B the plan now reports (cost/estimate.py).
//
// wide: a LayerNorm over rows of 16384 keeps x - mean (read by the variance
// and by the output) in shared memory: 64 KB a row. The planner refuses the
// one-kernel group with its budget code and splits it in two kernels, each
// within budget (the row schedule used to stage it and fail at placement).
// RUN: split-file %s %t
// RUN: %mlirfuse plan %t/transposed.mlir --backend gpu --target h200 | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %t/transposed.mlir --chip sm_90 --target h200 --emit-gpu %t/transposed.gpu.mlir -o %t/transposed.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %FileCheck %s --check-prefix=GPU < %t/transposed.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t/transposed.ptx
// RUN: %mlirfuse verify %t/transposed.mlir --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse plan %t/wide.mlir --backend gpu --target h200 | %FileCheck %s --check-prefix=WIDEPLAN
// RUN: %mlirfuse compile %t/wide.mlir --chip sm_90 --target h200 -o %t/wide.ptx | %FileCheck %s --check-prefix=WIDE
// PLAN: @ln_t: 1 kernels
// PLAN-NEXT: group 0: reduction-epilogue ops [{{[0-9,]+}}]
// PLAN-NEXT: shared 272 B
// COMPILED: kernels: 1
// COMPILED-NEXT: k0: reduce schedule, block (32, 1, 1)
// GPU: gpu.launch_func @{{[a-z_]+}}::@ln_t_k0 blocks in (%c256, %c1, %c1) threads in (%c32, %c1, %c1)
// GPU-COUNT-1: gpu.func @
// GPU-NOT: gpu.func @
// GPU-NOT: memref<1x256x32xf64, #gpu.address_space<workgroup>>
// GPU: gpu.all_reduce {{ *}}add
// GPU-DAG: memref.global "private" @__mlirfuse_shared_{{[0-9]+}} : memref<1x1xf64, #gpu.address_space<workgroup>>
// GPU-DAG: memref.global "private" @__mlirfuse_shared_{{[0-9]+}} : memref<1x1x32xf64, #gpu.address_space<workgroup>>
// PTX-COUNT-1: .entry
// PTX-NOT: .entry
// PTX: shfl.sync.bfly.b32
// VERIFIED: verify: ok
// WIDEPLAN: @ln_wide: 2 kernels
// WIDEPLAN: refused fusions:
// WIDEPLAN: shared-memory-budget: needs {{[0-9]+}} bytes of shared memory per block (limit 49152)
// WIDE: kernels: 2
// WIDE-NEXT: k0: row schedule, block (256, 1, 1)
// WIDE-NEXT: k1: row schedule, block (256, 1, 1)

//--- transposed.mlir
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @ln_t(%x: tensor<1x256x32xf32>) -> (tensor<1x256x32xf32>, tensor<1x32x256xf32>) {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 32.0 : f64
  %e0 = tensor.empty() : tensor<1x256x32xf64>
  %w = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<1x256x32xf32>) outs(%e0 : tensor<1x256x32xf64>) {
  ^bb0(%in: f32, %out: f64):
    %a = arith.extf %in : f32 to f64
    linalg.yield %a : f64
  } -> tensor<1x256x32xf64>
  %e1 = tensor.empty() : tensor<1x256x1xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e1 : tensor<1x256x1xf64>) -> tensor<1x256x1xf64>
  %s = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%w : tensor<1x256x32xf64>) outs(%z : tensor<1x256x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %a = arith.addf %in, %out : f64
    linalg.yield %a : f64
  } -> tensor<1x256x1xf64>
  %e = tensor.empty() : tensor<1x256x32xf32>
  %y = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %s : tensor<1x256x32xf32>, tensor<1x256x1xf64>) outs(%e : tensor<1x256x32xf32>) {
  ^bb0(%in: f32, %m: f64, %out: f32):
    %d = arith.divf %m, %n : f64
    %t = arith.truncf %d : f64 to f32
    %r = arith.subf %in, %t : f32
    linalg.yield %r : f32
  } -> tensor<1x256x32xf32>
  %et = tensor.empty() : tensor<1x32x256xf32>
  %t = linalg.transpose ins(%y : tensor<1x256x32xf32>) outs(%et : tensor<1x32x256xf32>) permutation = [0, 2, 1]
  return %y, %t : tensor<1x256x32xf32>, tensor<1x32x256xf32>
}

//--- wide.mlir
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @ln_wide(%x: tensor<4x16384xf32>) -> tensor<4x16384xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 16384.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16384xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x16384xf32>
  %d = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %sum : tensor<4x16384xf32>, tensor<4xf32>) outs(%e2 : tensor<4x16384xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %m = arith.divf %s, %n : f32
    %r = arith.subf %in, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x16384xf32>
  %var = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%d : tensor<4x16384xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %q = arith.mulf %in, %in : f32
    %a = arith.addf %q, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %e3 = tensor.empty() : tensor<4x16384xf32>
  %y = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel"]} ins(%d, %var : tensor<4x16384xf32>, tensor<4xf32>) outs(%e3 : tensor<4x16384xf32>) {
  ^bb0(%in: f32, %v: f32, %out: f32):
    %m = arith.divf %v, %n : f32
    %p = arith.addf %m, %eps : f32
    %s = math.rsqrt %p : f32
    %r = arith.mulf %in, %s : f32
    linalg.yield %r : f32
  } -> tensor<4x16384xf32>
  return %y : tensor<4x16384xf32>
}
