// Sibling roots of different extents may share a kernel (the partitioned
// schedule: one part per extents) only when no producer feeds roots of two
// extents (`schedule_parts._owners`). The check compared the first root with
// the others only: a first root that reads only the kernel's inputs (TimesFM's
// masked fill, 2x8x8) hid two later ones joined by a reduction (its min over
// the last dim, 2x8, and that min broadcast back to 2x8x8). The plan took the
// group and `prepare` refused it ("sibling roots of different shapes share an
// op"). Every pair of roots is compared now: the group is refused
// (gpu-sibling-shapes), the plan avoids it, and the kernels compile and match.
// RUN: rm -rf %t && split-file %s %t
// RUN: %mlirfuse explain %t/behind.mlir --group 4,5,6,7,8 --backend gpu | %FileCheck %s --check-prefix=REFUSED
// RUN: %mlirfuse plan %t/behind.mlir --backend gpu | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %t/behind.mlir --chip sm_90 -o %t/behind.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %mlirfuse verify %t/behind.mlir --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// Roots joined only to roots of their own extents share a part: accepted
// whatever their order (the joined pair first was refused, after it not).
// RUN: %mlirfuse explain %t/apart.mlir --group 3,4,5,6 --backend gpu | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse compile %t/apart-group.mlir --no-fuse --chip sm_90 -o %t/apart.ptx | %FileCheck %s --check-prefix=PARTS
// RUN: %mlirfuse verify %t/apart-group.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=VERIFIED
// REFUSED: group {{.*}}: refused [gpu-sibling-shapes]: joined results of different parallel extents
// PLAN: @siblings: 2 kernels
// COMPILED: kernels: 2 (2 distinct)
// VERIFIED: verify: ok
// ACCEPT: group {{.*}}: ok [ok]
// PARTS: kernels: 1 (1 distinct)
// PARTS-NEXT: k0: partitioned(elementwise+elementwise) schedule

//--- behind.mlir
#x3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#r3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#x2 = affine_map<(d0, d1) -> (d0, d1)>
#b3 = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @siblings(%x: tensor<2x8x8xf32>, %y: tensor<2x8x8xf32>) -> (tensor<2x8x8xf32>, tensor<2x8xf32>, tensor<2x8x8xf32>) {
  %inf = arith.constant 0x7F800000 : f32
  %c = arith.constant -2.0 : f32
  %e3 = tensor.empty() : tensor<2x8x8xf32>
  %e2 = tensor.empty() : tensor<2x8xf32>
  %a = linalg.generic {indexing_maps = [#x3, #x3, #x3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %y : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%e3 : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.subf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<2x8x8xf32>
  %init = linalg.fill ins(%inf : f32) outs(%e2 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.generic {indexing_maps = [#x3, #r3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x8x8xf32>) outs(%init : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.minimumf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  %b = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<2x8xf32>) outs(%e2 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  %bc = linalg.generic {indexing_maps = [#b3, #x3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m : tensor<2x8xf32>) outs(%e3 : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x8x8xf32>
  return %a, %b, %bc : tensor<2x8x8xf32>, tensor<2x8xf32>, tensor<2x8x8xf32>
}

//--- apart.mlir
#x2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @apart(%x: tensor<2x8xf32>, %y: tensor<4x4xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>, tensor<4x4xf32>) {
  %c = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %e4 = tensor.empty() : tensor<4x4xf32>
  %p = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  %b = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  %d = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.subf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  %a = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<4x4xf32>) outs(%e4 : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.exp %in : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %b, %d, %a : tensor<2x8xf32>, tensor<2x8xf32>, tensor<4x4xf32>
}

//--- apart-group.mlir
#x2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @apart(%x: tensor<2x8xf32>, %y: tensor<4x4xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>, tensor<4x4xf32>) {
  %c = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %e4 = tensor.empty() : tensor<4x4xf32>
  %r:3 = "fusion.group"() ({
    %p = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.mulf %in, %c : f32
      linalg.yield %s : f32
    } -> tensor<2x8xf32>
    %b = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %c : f32
      linalg.yield %s : f32
    } -> tensor<2x8xf32>
    %d = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.subf %in, %c : f32
      linalg.yield %s : f32
    } -> tensor<2x8xf32>
    %a = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<4x4xf32>) outs(%e4 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = math.exp %in : f32
      linalg.yield %s : f32
    } -> tensor<4x4xf32>
    "gpu.yield"(%b, %d, %a) : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<4x4xf32>) -> ()
  }) {fusion.pattern = "independent", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0>} : () -> (tensor<2x8xf32>, tensor<2x8xf32>, tensor<4x4xf32>)
  return %r#0, %r#1, %r#2 : tensor<2x8xf32>, tensor<2x8xf32>, tensor<4x4xf32>
}
