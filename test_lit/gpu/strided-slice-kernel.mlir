// A kernel reading a strided slice (x[..., 1::2], GPT-J's interleaved rotary):
// its vector read cannot be one load, so it becomes a loop of scalar loads
// into a vector started from `ub.poison`. Outlining sinks a copy of that
// poison into the kernel and leaves the host's dead, as it leaves constants:
// the unit's host code is still only its launch (no "'ub.poison' runs on the
// host" refusal), and the kernel's schedule matches the original on the CPU.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK: kernels: 1
// CHECK-NEXT: k0: elementwise schedule
// GPU: gpu.func @strided_k0
// GPU: ub.poison : vector<4xf32>
// GPU: memref.load {{.*}} strided<[1024, 32, 8, 2]
// OK: verify: ok

func.func @strided(%x: tensor<1x32x4x8xf32>) -> tensor<1x32x4x4xf32> {
  %s = tensor.extract_slice %x[0, 0, 0, 1] [1, 32, 4, 4] [1, 1, 1, 2] : tensor<1x32x4x8xf32> to tensor<1x32x4x4xf32>
  %e = tensor.empty() : tensor<1x32x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x32x4x4xf32>) outs(%e : tensor<1x32x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x32x4x4xf32>
  return %r : tensor<1x32x4x4xf32>
}
