// The named pipeline lowers groups, tensors, i1 and math to the LLVM dialect.
// RUN: %mlirfuse-opt %s --pass-pipeline='@cpu-llvm' | FileCheck %s

// CHECK: llvm.func @erff(f32) -> f32
// CHECK-LABEL: llvm.func @f(
// CHECK-NOT: {{linalg\.|math\.|fusion\.|memref\.|tensor<}}
// CHECK-DAG: llvm.call @__mlir_math_fpowi_f32_i32(
// CHECK-DAG: llvm.intr.sqrt
// CHECK-DAG: llvm.call @erff(
// CHECK-DAG: llvm.call @free(
// Results became out-params: input, two results, no return value.
// CHECK-LABEL: llvm.func @_mlir_ciface_f(%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr) attributes {llvm.emit_c_interface} {
// CHECK: llvm.func linkonce_odr @__mlir_math_fpowi_f32_i32(

#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi1>) attributes {llvm.emit_c_interface} {
  %e = tensor.empty() : tensor<8xf32>
  %eb = tensor.empty() : tensor<8xi1>
  // (group results share one type: the IRDL definition binds them together)
  %g = "fusion.group"() ({
    %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<8xf32>) outs(%e, %e : tensor<8xf32>, tensor<8xf32>) {
    ^bb0(%x: f32, %o: f32, %o2: f32):
      %c2 = arith.constant 2 : i32
      %p = math.fpowi %x, %c2 : f32, i32
      %q = math.rsqrt %p : f32
      %s = math.erf %q : f32
      linalg.yield %s, %q : f32, f32
    } -> (tensor<8xf32>, tensor<8xf32>)
    "gpu.yield"(%r#0) : (tensor<8xf32>) -> ()
  }) {fusion.pattern = "elementwise", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<8xf32>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%g : tensor<8xf32>) outs(%eb : tensor<8xi1>) {
  ^bb0(%x: f32, %ob: i1):
    %z = arith.constant 0.5 : f32
    %k = arith.cmpf olt, %x, %z : f32
    linalg.yield %k : i1
  } -> tensor<8xi1>
  return %g, %m : tensor<8xf32>, tensor<8xi1>
}
