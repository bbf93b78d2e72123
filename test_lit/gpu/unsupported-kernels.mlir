// Kernels this lowering cannot schedule get a located error, exit 1 and no
// output file (never a crash or a partial PTX).
// RUN: split-file %s %t
// RUN: not %mlirfuse compile %t/dynamic.mlir -o %t/dynamic.ptx 2>&1 | %FileCheck %s --check-prefix=DYN
// RUN: not test -e %t/dynamic.ptx
// RUN: not %mlirfuse compile %t/five.mlir -o %t/five.ptx 2>&1 | %FileCheck %s --check-prefix=FIVE
// RUN: not test -e %t/five.ptx
// DYN: dynamic.mlir:7:8: error: prepare: kernel op has dynamic or unknown loop extents
// FIVE: five.mlir:4:8: error: prepare: 5 loops would be split across blocks; GPU grids have 3 dimensions

//--- dynamic.mlir
#id = affine_map<(d0) -> (d0)>
func.func @dyn(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  // The generic below is line 7.
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
//--- five.mlir
#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @five(%a: tensor<4x4x4x4x1024xf32>) -> tensor<4x4x4x4x1024xf32> {
  %e = tensor.empty() : tensor<4x4x4x4x1024xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%a : tensor<4x4x4x4x1024xf32>) outs(%e : tensor<4x4x4x4x1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<4x4x4x4x1024xf32>
  return %0 : tensor<4x4x4x4x1024xf32>
}
