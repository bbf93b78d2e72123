// Mixed precision: casts fuse like any elementwise op, so an f16 model's
// kernels read and write f16 at their boundaries.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s --check-prefix=AUTO

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// A linear layer on f16 weights computed in f32: the weight upcast (a cast,
// no arithmetic) joins the matmul's kernel (FusionPolicy.free_prologues, on
// by default: the GPU back end fuses it into the staged operand tile, see
// test_lit/gpu/cast-into-matmul.mlir), the bias upcast (192) is recomputed
// by the (32, 192) add that reads it through a broadcast map, and the final
// truncf is the epilogue: the one kernel reads the f16 weight and bias and
// writes f16.
// CHECK-LABEL: func.func @linear_f16
// CHECK-NOT: linalg.
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK-NEXT: %[[W:.+]] = linalg.generic
// CHECK-SAME: ins(%arg1 : tensor<64x192xf16>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.extf
// CHECK: linalg.matmul ins(%arg0, %[[W]] :
// CHECK: linalg.generic
// CHECK-SAME: ins({{.*}}%arg2 : tensor<32x192xf32>, tensor<192xf16>)
// CHECK: arith.extf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.truncf
// CHECK: gpu.yield {{.*}} : tensor<32x192xf16>
// CHECK-NEXT: }) {fusion.id = 0 : i64, fusion.pattern = "contraction-epilogue"
// CHECK-NOT: linalg.
// CHECK: return %[[G]]
// AUTO-LABEL: func.func @linear_f16
// AUTO-NOT: linalg.
// AUTO: %[[G:.+]] = "fusion.group"() ({
// AUTO: arith.extf
// AUTO: linalg.matmul
// AUTO: gpu.yield {{.*}} : tensor<32x192xf16>
// AUTO-NEXT: })
// AUTO-NOT: linalg.
// AUTO: return %[[G]]
func.func @linear_f16(%x: tensor<32x64xf32>, %w: tensor<64x192xf16>, %b: tensor<192xf16>) -> tensor<32x192xf16> {
  %zero = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<64x192xf32>
  %wf = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<64x192xf16>) outs(%ew : tensor<64x192xf32>) {
  ^bb0(%i: f16, %o: f32):
    %0 = arith.extf %i : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<64x192xf32>
  %eb = tensor.empty() : tensor<192xf32>
  %bf = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b : tensor<192xf16>) outs(%eb : tensor<192xf32>) {
  ^bb0(%i: f16, %o: f32):
    %0 = arith.extf %i : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<192xf32>
  %ey = tensor.empty() : tensor<32x192xf32>
  %z = linalg.fill ins(%zero : f32) outs(%ey : tensor<32x192xf32>) -> tensor<32x192xf32>
  %m = linalg.matmul ins(%x, %wf : tensor<32x64xf32>, tensor<64x192xf32>) outs(%z : tensor<32x192xf32>) -> tensor<32x192xf32>
  %a = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bf : tensor<32x192xf32>, tensor<192xf32>) outs(%ey : tensor<32x192xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<32x192xf32>
  %eh = tensor.empty() : tensor<32x192xf16>
  %h = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x192xf32>) outs(%eh : tensor<32x192xf16>) {
  ^bb0(%i: f32, %o: f16):
    %0 = arith.truncf %i : f32 to f16
    linalg.yield %0 : f16
  } -> tensor<32x192xf16>
  return %h : tensor<32x192xf16>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// An upcast with arithmetic (w * 2 in f32) of a weight argument is a weight
// prologue (`kinds.is_weight_prologue`): the matmul computes it in its
// operand tiles (32 rows: one tile, nothing recomputed), reading f16.
// CHECK-LABEL: func.func @scaled_weight
// CHECK: "fusion.group"() ({
// CHECK-NEXT: %[[W:.+]] = linalg.generic
// CHECK-SAME: ins(%arg1 : tensor<64x192xf16>)
// CHECK: arith.extf
// CHECK-NEXT: arith.mulf
// CHECK: linalg.matmul ins(%arg0, %[[W]] :
// AUTO-LABEL: func.func @scaled_weight
// AUTO: "fusion.group"() ({
// AUTO-NEXT: %[[W:.+]] = linalg.generic
// AUTO: linalg.matmul ins(%arg0, %[[W]] :
func.func @scaled_weight(%x: tensor<32x64xf32>, %w: tensor<64x192xf16>) -> tensor<32x192xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %ew = tensor.empty() : tensor<64x192xf32>
  %wf = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<64x192xf16>) outs(%ew : tensor<64x192xf32>) {
  ^bb0(%i: f16, %o: f32):
    %0 = arith.extf %i : f16 to f32
    %1 = arith.mulf %0, %two : f32
    linalg.yield %1 : f32
  } -> tensor<64x192xf32>
  %ey = tensor.empty() : tensor<32x192xf32>
  %z = linalg.fill ins(%zero : f32) outs(%ey : tensor<32x192xf32>) -> tensor<32x192xf32>
  %m = linalg.matmul ins(%x, %wf : tensor<32x64xf32>, tensor<64x192xf32>) outs(%z : tensor<32x192xf32>) -> tensor<32x192xf32>
  return %m : tensor<32x192xf32>
}
