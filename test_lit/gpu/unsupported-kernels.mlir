// Hand-written groups the GPU back end cannot build as one kernel (the
// planner never forms them: see lowerability-codes.mlir) get a located error,
// exit 1 and no output file, never a crash or a partial PTX. The error names
// the stage, the kernel (its entry name and first op) and the schedule that
// was tried. (Sibling roots of different shapes were refused here until the
// `partitioned` schedule: they now compile, each root its own block range.)
// RUN: rm -rf %t && split-file %s %t
// RUN: %mlirfuse compile %t/siblings.mlir --no-fuse -o %t/siblings.ptx 2>&1 | %FileCheck %s --check-prefix=SIBLINGS
// RUN: test -e %t/siblings.ptx
// RUN: not %mlirfuse compile %t/reshape.mlir --no-fuse -o %t/reshape.ptx 2>&1 | %FileCheck %s --check-prefix=RESHAPE
// RUN: not test -e %t/reshape.ptx
// SIBLINGS: kernels: 1 (1 distinct)
// SIBLINGS-NEXT: k0: partitioned(elementwise+row) schedule
// SIBLINGS-NOT: error
// RESHAPE: reshape.mlir:9:10: error: tile: kernel reshape_k0 (fallback schedule): {{.*}}could not find next producer to fuse{{.*}} (first op {{.*}}reshape.mlir:9:10)

//--- siblings.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @siblings(%a: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %r:2 = "fusion.group"() ({
    %e = tensor.empty() : tensor<16x8xf32>
    %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = math.exp %x : f32
      linalg.yield %s : f32
    } -> tensor<16x8xf32>
    %e1 = tensor.empty() : tensor<16xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
    %1 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<16x8xf32>) outs(%f : tensor<16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.addf %x, %o : f32
      linalg.yield %s : f32
    } -> tensor<16xf32>
    "gpu.yield"(%0, %1) : (tensor<16x8xf32>, tensor<16xf32>) -> ()
  }) {fusion.pattern = "independent", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<16x8xf32>, tensor<16xf32>)
  return %r#0, %r#1 : tensor<16x8xf32>, tensor<16xf32>
}
//--- reshape.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @reshape(%a: tensor<8xf32>) -> tensor<128xf32> {
  %r = "fusion.group"() ({
    %e = tensor.empty() : tensor<8x16xf32>
    // A broadcast: its map cannot move onto the collapsed loop, so the
    // reshape stays between the two ops (gpu/inner_reshapes.py).
    %0 = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8x16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = math.exp %x : f32
      linalg.yield %s : f32
    } -> tensor<8x16xf32>
    %c = tensor.collapse_shape %0 [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
    %e2 = tensor.empty() : tensor<128xf32>
    %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%c : tensor<128xf32>) outs(%e2 : tensor<128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.negf %x : f32
      linalg.yield %s : f32
    } -> tensor<128xf32>
    "gpu.yield"(%1) : (tensor<128xf32>) -> ()
  }) {fusion.pattern = "elementwise-chain", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<128xf32>
  return %r : tensor<128xf32>
}
