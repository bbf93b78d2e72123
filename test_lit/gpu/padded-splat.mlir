// Funnel's attention mask: a splat of ones padded by a row and a column of
// zeros, read by an elementwise kernel and by a concat (its pooled view). The
// pad joined the concat's kernel, where it stayed a loop on the host ("'scf.for'
// runs on the host, outside the kernel"). A pad of a splat becomes a generic
// that reads no tensor before planning (gpu/padding.padded_splats_to_generators):
// a kernel computing the mask (the concat reads it through a slice, which
// generators are not inlined through), nothing on the host.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 3
// OK: verify: ok
// The mask's kernel selects the one inside the pad, the zero outside.
// GPU-LABEL: gpu.func @padded_splat_k0(%arg0: memref<16x16xf32>)
// GPU-DAG: arith.constant 1.000000e+00 : f32
// GPU-DAG: arith.constant 0.000000e+00 : f32
// GPU: arith.select

func.func @padded_splat(%x: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<17x16xf32>) {
  %ones = arith.constant dense<1.000000e+00> : tensor<15x15xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %mask = tensor.pad %ones low[1, 1] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<15x15xf32> to tensor<16x16xf32>
  %e = tensor.empty() : tensor<16x16xf32>
  %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %mask : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %r = arith.mulf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  %row = tensor.extract_slice %mask[0, 0] [1, 16] [1, 1] : tensor<16x16xf32> to tensor<1x16xf32>
  %shifted = tensor.concat dim(0) %row, %mask : (tensor<1x16xf32>, tensor<16x16xf32>) -> tensor<17x16xf32>
  return %masked, %shifted : tensor<16x16xf32>, tensor<17x16xf32>
}
