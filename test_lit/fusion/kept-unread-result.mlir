// A kept op's results leave its group (its value is read outside too), but
// not a result nothing reads: a row max computed with its argmax
// (torch.max(dim) returns both; the export reads only the max) yields the
// max alone (transforms/groups.py). Yielded, the indices are read, so the
// GPU back end schedules the kernel as a reduction by position
// (`schedule_fallback.reduces_by_position`: each row whole in one thread):
// a W8A8 layer's per-token absmax kernels lost the row schedule so.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s --check-prefix=OK

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @max_kept
// CHECK: %[[G:.+]]:2 = "fusion.group"()
// CHECK: linalg.index 1
// CHECK: -> (tensor<16xf32>, tensor<16x64xf32>)
// CHECK: return %[[G]]#0, %[[G]]#1 : tensor<16xf32>, tensor<16x64xf32>

// OK: ok
func.func @max_kept(%x: tensor<16x64xf32>) -> (tensor<16xf32>, tensor<16x64xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<16xf32>
  %ei = tensor.empty() : tensor<16xi64>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %i0 = linalg.fill ins(%c0 : i64) outs(%ei : tensor<16xi64>) -> tensor<16xi64>
  %max:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x64xf32>) outs(%m0, %i0 : tensor<16xf32>, tensor<16xi64>) {
  ^bb0(%in: f32, %m: f32, %i: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %m : f32
    %nm = arith.select %gt, %in, %m : f32
    %ni = arith.select %gt, %ji, %i : i64
    linalg.yield %nm, %ni : f32, i64
  } -> (tensor<16xf32>, tensor<16xi64>)
  %e2 = tensor.empty() : tensor<16x64xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %max#0 : tensor<16x64xf32>, tensor<16xf32>) outs(%e2 : tensor<16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<16x64xf32>
  return %max#0, %y : tensor<16xf32>, tensor<16x64xf32>
}
