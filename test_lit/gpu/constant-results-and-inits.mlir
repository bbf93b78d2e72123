// Constants where the GPU back end used to stop, and identity copies it
// built badly:
// - a tensor constant the function returns (no kernel wrote it: "split:
//   function result not computed by a kernel") is computed by a kernel into
//   the caller's buffer: a copy of a table, a generator of a splat
//   (gpu/destinations.returned_constants_to_kernels, before planning);
// - a reduction accumulating into a non-splat constant copied it into a fresh
//   buffer on the host ("'scf.for' runs on the host"): the kernel copies it
//   into its own destination, as it does an argument init;
// - an identity-copy generic becomes `linalg.copy` before tiling
//   (gpu/folds.identity_copy_to_named): canonicalization erased the tiled
//   generic, leaving a sibling root fuse_sibling could not find ("requires
//   exactly one target handle ... got 0") and a lone copy with no thread loop
//   (every thread copying its whole block tile);
// - under --no-fuse, the rewrites that give such ops a kernel run too
//   (`before_fusion.host_ops_to_kernels`): a returned constant, and an
//   insert_slice of one constant into another (xLSTM's causal chunk mask,
//   "split: 'tensor.insert_slice' outside any kernel"), which the fused path
//   computes at compile time.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %mlirfuse verify %s --func returned --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func accumulated --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func copied --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %s --no-fuse -o %t.unfused.ptx | FileCheck %s --check-prefix=UNFUSED
// RUN: %mlirfuse verify %s --func returned --no-fuse --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func inserted --no-fuse --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func inserted --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 5
// UNFUSED-NOT: error
// UNFUSED: kernels: 7
// OK: verify: ok
// The returned table and the sum reading it: one sibling kernel; the splat:
// a kernel storing 2.5, reading nothing.
// GPU-LABEL: gpu.func @returned_k0(
// GPU-LABEL: gpu.func @returned_k1(%arg0: memref<4xf32>)
// GPU: arith.constant dense<2.500000e+00> : vector<4xf32>
// GPU-NOT: memref.load
// GPU: vector.store
// The accumulation's kernel loads the constant init.
// GPU-LABEL: gpu.func @accumulated_k2(
// The lone copy: a thread loop, each thread its own elements.
// PTX-LABEL: .entry copied_k3(
// PTX: mov.u32 {{.*}}%tid.x
// The table reaches the launch manifest with its values.
// JSON: "values": [
// JSON-NEXT: 1.0,
// JSON-NEXT: -2.0,
// JSON-NEXT: 3.5,

func.func @returned(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %table = arith.constant dense<[1.0, -2.0, 3.5, 0.25]> : tensor<4xf32>
  %splat = arith.constant dense<2.5> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %table : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum, %table, %splat : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

func.func @accumulated(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %bias = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%bias : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @copied(%x: tensor<4096xf32>) -> tensor<4096xf32> {
  %e = tensor.empty() : tensor<4096xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  } -> tensor<4096xf32>
  return %q : tensor<4096xf32>
}

func.func @inserted(%x: tensor<1x4x32x16xf32>) -> tensor<1x4x32x16xf32> {
  %ones = arith.constant dense<1.0> : tensor<1x4x8x16xf32>
  %zeros = arith.constant dense<0.0> : tensor<1x4x32x16xf32>
  %mask = tensor.insert_slice %ones into %zeros[0, 0, 0, 0] [1, 4, 8, 16] [1, 1, 1, 1] : tensor<1x4x8x16xf32> into tensor<1x4x32x16xf32>
  %e = tensor.empty() : tensor<1x4x32x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %mask : tensor<1x4x32x16xf32>, tensor<1x4x32x16xf32>) outs(%e : tensor<1x4x32x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4x32x16xf32>
  return %r : tensor<1x4x32x16xf32>
}
