// The registers a body needs are its temporaries alive at once, not its op
// count (Kimi-Linear's gated delta rule, reduced). torch-mlir writes a row
// update of the recurrent state (`index_put`) as a generic that bounds-checks
// each of its four indices (56 FLOPs of index arithmetic, a dozen values
// live) and gathers the new row from a reduction's result; a select writes
// that row into the state, which a gate then scales. Priced by its op count,
// the update needed ~254 registers per thread and could join nothing
// (Kimi-Linear ran 237 kernels instead of 174); ptxas gives the fused kernel
// 19. The reduction stays apart: the update gathers its result by index.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// CHECK: kernels: 2 (2 distinct)
// CHECK-NEXT: k0: row schedule
// CHECK-NEXT: k1: elementwise schedule
// CHECK-NOT: k2:
// RUN: %mlirfuse plan --backend gpu %s | FileCheck %s --check-prefix=PLAN
// PLAN: group 1: elementwise-chain ops [6,8]
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// OK: kernels: 3 before, 2 after
// OK: verify: ok
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map11 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map18 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#rows = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
func.func @state_row_update(%state: tensor<2x4x1x64x64xf32>, %old: tensor<2x4x1x64xf32>, %a: tensor<2x4x1x1x16xf32>, %gate: tensor<2x4x1x64xf32>) -> tensor<2x4x1x64x64xf32> {
  %c1_i64 = arith.constant 1 : i64
  %zero = arith.constant 0.000000e+00 : f32
  %e1 = tensor.empty() : tensor<2x4x1x1xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
  %106 = linalg.generic {indexing_maps = [#map11, #rows], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%a : tensor<2x4x1x1x16xf32>) outs(%f1 : tensor<2x4x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %828 = arith.addf %in, %out : f32
    linalg.yield %828 : f32
  } -> tensor<2x4x1x1xf32>
  %107 = tensor.empty() : tensor<2x4x1x64xf32>
  %108 = linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%107 : tensor<2x4x1x64xf32>) {
  ^bb0(%out: f32):
    %828 = linalg.index 0 : index
    %829 = linalg.index 1 : index
    %830 = linalg.index 2 : index
    %831 = linalg.index 3 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_478 = arith.constant 0 : index
    %832 = arith.subi %828, %c0_478 : index
    %c2 = arith.constant 2 : index
    %833 = arith.cmpi ult, %832, %c2 : index
    %834 = arith.remui %832, %c1 : index
    %835 = arith.cmpi eq, %834, %c0 : index
    %836 = arith.andi %833, %835 : i1
    %837 = arith.divui %832, %c1 : index
    %838 = arith.select %836, %837, %c0 : index
    %c1_479 = arith.constant 1 : index
    %c0_480 = arith.constant 0 : index
    %839 = arith.subi %829, %c0_480 : index
    %c4_481 = arith.constant 4 : index
    %840 = arith.cmpi ult, %839, %c4_481 : index
    %841 = arith.remui %839, %c1_479 : index
    %842 = arith.cmpi eq, %841, %c0 : index
    %843 = arith.andi %840, %842 : i1
    %844 = arith.divui %839, %c1_479 : index
    %845 = arith.select %843, %844, %c0 : index
    %846 = arith.andi %836, %843 : i1
    %c1_482 = arith.constant 1 : index
    %c0_483 = arith.constant 0 : index
    %847 = arith.subi %830, %c0_483 : index
    %c1_484 = arith.constant 1 : index
    %848 = arith.cmpi ult, %847, %c1_484 : index
    %849 = arith.remui %847, %c1_482 : index
    %850 = arith.cmpi eq, %849, %c0 : index
    %851 = arith.andi %848, %850 : i1
    %852 = arith.divui %847, %c1_482 : index
    %853 = arith.select %851, %852, %c0 : index
    %854 = arith.andi %846, %851 : i1
    %c1_485 = arith.constant 1 : index
    %c0_486 = arith.constant 0 : index
    %855 = arith.subi %831, %c0_486 : index
    %c1_487 = arith.constant 1 : index
    %856 = arith.cmpi ult, %855, %c1_487 : index
    %857 = arith.remui %855, %c1_485 : index
    %858 = arith.cmpi eq, %857, %c0 : index
    %859 = arith.andi %856, %858 : i1
    %860 = arith.divui %855, %c1_485 : index
    %861 = arith.select %859, %860, %c0 : index
    %862 = arith.andi %854, %859 : i1
    %extracted = tensor.extract %old[%828, %829, %830, %831] : tensor<2x4x1x64xf32>
    %extracted_488 = tensor.extract %106[%838, %845, %853, %861] : tensor<2x4x1x1xf32>
    %863 = arith.select %862, %extracted_488, %extracted : f32
    linalg.yield %863 : f32
  } -> tensor<2x4x1x64xf32>
  %96 = tensor.empty() : tensor<2x4x1x64x64xf32>
  %109 = linalg.generic {indexing_maps = [#map18, #map11, #map18, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%108, %state, %gate : tensor<2x4x1x64xf32>, tensor<2x4x1x64x64xf32>, tensor<2x4x1x64xf32>) outs(%96 : tensor<2x4x1x64x64xf32>) {
  ^bb0(%in: f32, %in_478: f32, %g: f32, %out: f32):
    %828 = linalg.index 3 : index
    %829 = arith.index_cast %828 : index to i64
    %830 = arith.cmpi eq, %829, %c1_i64 : i64
    %831 = arith.select %830, %in, %in_478 : f32
    %832 = arith.mulf %831, %g : f32
    linalg.yield %832 : f32
  } -> tensor<2x4x1x64x64xf32>
  return %109 : tensor<2x4x1x64x64xf32>
}
