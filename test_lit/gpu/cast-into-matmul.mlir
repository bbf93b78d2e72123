// A mixed-precision linear layer: f16 activation and weight upcast to f32
// (elementwise casts) inside the matmul's kernel, bias added and the result
// truncated to f16 in the epilogue. The contraction schedule fuses each cast
// into the K loop and into the threads' copy of that K slice to shared
// memory (gpu/script_prologue.py): the kernel loads f16 from global memory,
// casts in registers and stages f32; no f32 copy of A or B exists outside.
// RUN: %mlirfuse compile %s --no-fuse --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// REPORT: kernels: 1
// REPORT-NEXT: k0: contraction schedule
// GPU-COUNT-1: gpu.func @
// GPU-NOT: memref.alloc() {{.*}}xf32>
// GPU: scf.for {{.*}} step %c32
// GPU: memref.load {{.*}} : memref<{{.*}}xf16
// GPU-NEXT: arith.extf {{.*}} : f16 to f32
// GPU: gpu.barrier
// GPU: memref.load {{.*}} : memref<{{.*}}xf16
// GPU-NEXT: arith.extf {{.*}} : f16 to f32
// GPU: gpu.barrier
// GPU: vector.fma
// GPU-DAG: memref.global "private" @{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>
// GPU-DAG: memref.global "private" @{{.*}} : memref<32x64xf32, #gpu.address_space<workgroup>>
#id = affine_map<(d0, d1) -> (d0, d1)>
#n = affine_map<(d0, d1) -> (d1)>
func.func @linear_f16(%a: tensor<32x64xf16>, %b: tensor<64x192xf16>, %bias: tensor<192xf16>) -> tensor<32x192xf16> {
  %zero = arith.constant 0.0 : f32
  %r = "fusion.group"() ({
    %e0 = tensor.empty() : tensor<32x64xf32>
    %e1 = tensor.empty() : tensor<64x192xf32>
    %e2 = tensor.empty() : tensor<32x192xf32>
    %e3 = tensor.empty() : tensor<32x192xf16>
    %af = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<32x64xf16>) outs(%e0 : tensor<32x64xf32>) {
    ^bb0(%i: f16, %o: f32):
      %x = arith.extf %i : f16 to f32
      linalg.yield %x : f32
    } -> tensor<32x64xf32>
    %bf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<64x192xf16>) outs(%e1 : tensor<64x192xf32>) {
    ^bb0(%i: f16, %o: f32):
      %x = arith.extf %i : f16 to f32
      linalg.yield %x : f32
    } -> tensor<64x192xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %m = linalg.matmul ins(%af, %bf : tensor<32x64xf32>, tensor<64x192xf32>) outs(%f : tensor<32x192xf32>) -> tensor<32x192xf32>
    %g = linalg.generic {indexing_maps = [#id, #n, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<32x192xf32>, tensor<192xf16>) outs(%e3 : tensor<32x192xf16>) {
    ^bb0(%v: f32, %c: f16, %o: f16):
      %x = arith.extf %c : f16 to f32
      %y = arith.addf %v, %x : f32
      %z = arith.truncf %y : f32 to f16
      linalg.yield %z : f16
    } -> tensor<32x192xf16>
    gpu.yield %g : tensor<32x192xf16>
  }) {fusion.id = 0 : i64, fusion.pattern = "contraction-epilogue", resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<32x192xf16>
  return %r : tensor<32x192xf16>
}
