// Kernels the specialised schedules do not cover lower with the fallback
// (one thread per output element of the root, loops inside the thread) or a
// proper schedule: a 5-D elementwise op (more loops than grid dims), a
// squeeze-and-excitation scale (average pool over two loops: the reduce
// schedule, a block per channel, threads over the pixels), a
// reduction to a scalar (a unit outer loop, row schedule; also as a group),
// a batch matmul (contraction, scalar thread tiles). Each compiles, ptxas
// accepts it for both chips without spills, and the static ones match the
// original on the CPU under their GPU schedule. Dynamic extents compile: the
// dynamic loop is mapped to blocks (grid x = its extent, computed on the host
// from the arguments' dims, recorded in the manifest), also as a group.
// REQUIRES: ptxas
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/five.mlir --chip sm_90 -o %t/five.sm_90.ptx | %FileCheck %s --check-prefixes=FIVE,NOSPILL
// RUN: ptxas -arch=sm_90 %t/five.sm_90.ptx -o %t/five.cubin
// RUN: %mlirfuse compile %t/five.mlir --chip sm_80 -o %t/five.sm_80.ptx | %FileCheck %s --check-prefixes=FIVE,NOSPILL
// RUN: ptxas -arch=sm_80 %t/five.sm_80.ptx -o %t/five.cubin
// RUN: %mlirfuse verify %t/five.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/se.mlir --chip sm_90 -o %t/se.sm_90.ptx | %FileCheck %s --check-prefixes=SE,NOSPILL
// RUN: ptxas -arch=sm_90 %t/se.sm_90.ptx -o %t/se.cubin
// RUN: %mlirfuse compile %t/se.mlir --chip sm_80 -o %t/se.sm_80.ptx | %FileCheck %s --check-prefixes=SE,NOSPILL
// RUN: ptxas -arch=sm_80 %t/se.sm_80.ptx -o %t/se.cubin
// RUN: %mlirfuse verify %t/se.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/bmm.mlir --chip sm_90 -o %t/bmm.sm_90.ptx | %FileCheck %s --check-prefixes=BMM,NOSPILL
// RUN: ptxas -arch=sm_90 %t/bmm.sm_90.ptx -o %t/bmm.cubin
// RUN: %mlirfuse compile %t/bmm.mlir --chip sm_80 -o %t/bmm.sm_80.ptx | %FileCheck %s --check-prefixes=BMM,NOSPILL
// RUN: ptxas -arch=sm_80 %t/bmm.sm_80.ptx -o %t/bmm.cubin
// RUN: %mlirfuse verify %t/bmm.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/dynamic.mlir --chip sm_90 -o %t/dynamic.ptx | %FileCheck %s --check-prefixes=DYN,NOSPILL
// RUN: ptxas -arch=sm_90 %t/dynamic.ptx -o %t/dynamic.cubin
// RUN: %mlirfuse compile %t/dynamic_group.mlir --no-fuse --chip sm_80 -o %t/dynamic_group.ptx | %FileCheck %s --check-prefixes=DYNG,NOSPILL
// RUN: ptxas -arch=sm_80 %t/dynamic_group.ptx -o %t/dynamic_group.cubin
// RUN: %python -m mlirfuse.gpu.manifest_check %t/dynamic_group.json | %FileCheck %s --check-prefix=DYNGM
// RUN: %mlirfuse compile %t/scalar.mlir --chip sm_90 -o %t/scalar.sm_90.ptx | %FileCheck %s --check-prefixes=SCALAR,NOSPILL
// RUN: ptxas -arch=sm_90 %t/scalar.sm_90.ptx -o %t/scalar.cubin
// RUN: %mlirfuse compile %t/scalar.mlir --chip sm_80 -o %t/scalar.sm_80.ptx | %FileCheck %s --check-prefixes=SCALAR,NOSPILL
// RUN: ptxas -arch=sm_80 %t/scalar.sm_80.ptx -o %t/scalar.cubin
// RUN: %mlirfuse verify %t/scalar.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/scalar_group.mlir --no-fuse --chip sm_90 -o %t/scalar_group.sm_90.ptx | %FileCheck %s --check-prefixes=SCALARG,NOSPILL
// RUN: ptxas -arch=sm_90 %t/scalar_group.sm_90.ptx -o %t/scalar_group.cubin
// RUN: %mlirfuse compile %t/scalar_group.mlir --no-fuse --chip sm_80 -o %t/scalar_group.sm_80.ptx | %FileCheck %s --check-prefixes=SCALARG,NOSPILL
// RUN: ptxas -arch=sm_80 %t/scalar_group.sm_80.ptx -o %t/scalar_group.cubin
// RUN: %mlirfuse verify %t/scalar_group.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// FIVE: kernels: 1
// FIVE-NEXT: k0: fallback schedule, block (1024, 1, 1)
// SE: kernels: 1
// SE-NEXT: k0: reduce schedule, block (64, 1, 1)
// BMM: k0: contraction schedule
// DYN: kernels: 1
// DYN-NEXT: k0: elementwise schedule, block (1, 1, 1)
// DYNG: kernels: 1
// DYNG-NEXT: k0: elementwise schedule, block (16, 1, 1)
// DYNGM: ok (1 launches)
// SCALAR: kernels: 1
// SCALAR-NEXT: k0: row schedule, block (16, 1, 1)
// SCALARG: kernels: 1
// SCALARG-NEXT: k0: row schedule
// NOSPILL: {{_k0 +[0-9]+ +0 +0 }}
// OK: verify: ok

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

//--- se.mlir
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#nc = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
func.func @se_scale(%x: tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1x32x1x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x32x1x1xf32>) -> tensor<1x32x1x1xf32>
  // Global average pool: a reduction over two loops (h, w).
  %sum = linalg.generic {indexing_maps = [#id, #nc], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x : tensor<1x32x8x8xf32>) outs(%f : tensor<1x32x1x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  } -> tensor<1x32x1x1xf32>
  %e = tensor.empty() : tensor<1x32x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #nc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %sum : tensor<1x32x8x8xf32>, tensor<1x32x1x1xf32>) outs(%e : tensor<1x32x8x8xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %n = arith.negf %w : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %sg = arith.divf %one, %d : f32
    %m = arith.mulf %v, %sg : f32
    linalg.yield %m : f32
  } -> tensor<1x32x8x8xf32>
  return %r : tensor<1x32x8x8xf32>
}

//--- bmm.mlir
func.func @bmm(%a: tensor<4x16x32xf32>, %b: tensor<4x32x16xf32>) -> tensor<4x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x16x32xf32>, tensor<4x32x16xf32>) outs(%f : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
  return %r : tensor<4x16x16xf32>
}

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

//--- dynamic_group.mlir
#id1 = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_group(%a: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x64xf32>
  %r = "fusion.group"() ({
    %e = tensor.empty(%n) : tensor<?x64xf32>
    %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = math.exp %x : f32
      linalg.yield %s : f32
    } -> tensor<?x64xf32>
    %1 = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel", "parallel"]} ins(%0, %a : tensor<?x64xf32>, tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.mulf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<?x64xf32>
    "gpu.yield"(%1) : (tensor<?x64xf32>) -> ()
  }) {fusion.pattern = "elementwise-chain", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

//--- scalar.mlir
#id1 = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @scalar(%a: tensor<16xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %e0 = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %1 = linalg.generic {indexing_maps = [#id1, #all], iterator_types = ["reduction"]} ins(%0 : tensor<16xf32>) outs(%f : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %1 : tensor<f32>
}

//--- scalar_group.mlir
#id1 = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @scalar_group(%a: tensor<1000xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %r = "fusion.group"() ({
    %e = tensor.empty() : tensor<1000xf32>
    %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%a : tensor<1000xf32>) outs(%e : tensor<1000xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = math.exp %x : f32
      linalg.yield %s : f32
    } -> tensor<1000xf32>
    %e0 = tensor.empty() : tensor<f32>
    %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
    %1 = linalg.generic {indexing_maps = [#id1, #all], iterator_types = ["reduction"]} ins(%0 : tensor<1000xf32>) outs(%f : tensor<f32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.addf %x, %o : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    "gpu.yield"(%1) : (tensor<f32>) -> ()
  }) {fusion.pattern = "reduction-prologue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 1, 0>} : () -> tensor<f32>
  return %r : tensor<f32>
}
