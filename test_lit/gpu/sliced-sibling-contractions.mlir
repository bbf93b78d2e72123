// A contraction read only through a slice is computed only where it is read
// (gpu/sliced_producers.py), unless a sibling contraction reads its operand
// and is read whole: ZAYA's two key projections share their input, and one
// is read a token late (`k[:-1]`). Cut to 15 rows, that one left the
// horizontal kernel the two form and became a kernel of its own on the
// fallback schedule (@late_key: now one kernel writes both 16x16 results).
// Siblings both read only through slices both shrink (@both_late: one
// kernel, as before). A generator cut to a part where it has one value
// (a top-1 pick's iota init, one row of it) becomes a fill, which each
// kernel computes in place, instead of a launch of its own (@unit_pick: the
// two picks read no i64 buffer).
// RUN: %mlirfuse compile %s --jobs 1 --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu --func late_key | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --func both_late | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --func unit_pick | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 5
// CHECK-NEXT: k0: contraction schedule
// CHECK-NEXT: k1: elementwise schedule
// GPU-LABEL: gpu.func @late_key_k0
// GPU-SAME: memref<16x16xf32>
// GPU-SAME: memref<16x16xf32>
// GPU-LABEL: gpu.func @late_key_k1
// GPU-SAME: memref<15x16xf32, strided<[16, 1], offset: 16>>
// GPU-SAME: memref<15x16xf32, strided<[16, 1]>>
// GPU-LABEL: gpu.func @both_late_k2
// GPU-SAME: memref<15x64xf32, strided<[64, 1], offset: 64>>
// GPU-NOT: memref<{{[0-9x]*}}xi64
// GPU-LABEL: gpu.func @unit_pick_k3
// GPU-NOT: memref<{{[0-9x]*}}xi64
// GPU-LABEL: gpu.func @unit_pick_k4
// GPU-NOT: memref<{{[0-9x]*}}xi64
// OK: verify: ok

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @late_key(%x: tensor<16x64xf32>, %wa: tensor<16x64xf32>, %wb: tensor<16x64xf32>) -> (tensor<16x16xf32>, tensor<15x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %a = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %wa : tensor<16x64xf32>, tensor<16x64xf32>) outs(%z : tensor<16x16xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  %b = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %wb : tensor<16x64xf32>, tensor<16x64xf32>) outs(%z : tensor<16x16xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  %now = tensor.extract_slice %a[1, 0] [15, 16] [1, 1] : tensor<16x16xf32> to tensor<15x16xf32>
  %late = tensor.extract_slice %b[0, 0] [15, 16] [1, 1] : tensor<16x16xf32> to tensor<15x16xf32>
  %e15 = tensor.empty() : tensor<15x16xf32>
  %mix = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%now, %late : tensor<15x16xf32>, tensor<15x16xf32>) outs(%e15 : tensor<15x16xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<15x16xf32>
  return %a, %mix : tensor<16x16xf32>, tensor<15x16xf32>
}

func.func @both_late(%x: tensor<16x64xf32>, %wa: tensor<16x64xf32>, %wb: tensor<16x64xf32>) -> tensor<15x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %a = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %wa : tensor<16x64xf32>, tensor<16x64xf32>) outs(%z : tensor<16x16xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  %b = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %wb : tensor<16x64xf32>, tensor<16x64xf32>) outs(%z : tensor<16x16xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  %now = tensor.extract_slice %a[1, 0] [15, 16] [1, 1] : tensor<16x16xf32> to tensor<15x16xf32>
  %late = tensor.extract_slice %b[0, 0] [15, 16] [1, 1] : tensor<16x16xf32> to tensor<15x16xf32>
  %e15 = tensor.empty() : tensor<15x16xf32>
  %mix = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%now, %late : tensor<15x16xf32>, tensor<15x16xf32>) outs(%e15 : tensor<15x16xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<15x16xf32>
  return %mix : tensor<15x16xf32>
}

func.func @unit_pick(%x: tensor<5x4xf32>, %y: tensor<5x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %e = tensor.empty() : tensor<5x4xi64>
  %f = tensor.empty() : tensor<1x4xf32>
  %iota = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<5x4xi64>) {
  ^bb0(%o: i64):
    %j = linalg.index 0 : index
    %v = arith.index_cast %j : index to i64
    linalg.yield %v : i64
  } -> tensor<5x4xi64>
  %pick0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<5x4xf32>) outs(%iota : tensor<5x4xi64>) {
  ^bb0(%a: f32, %o: i64):
    %zero = arith.constant 0.0 : f32
    %seven = arith.constant 7 : i64
    %pos = arith.cmpf ogt, %a, %zero : f32
    %v = arith.select %pos, %seven, %o : i64
    linalg.yield %v : i64
  } -> tensor<5x4xi64>
  %part0 = tensor.extract_slice %pick0[2, 0] [1, 4] [1, 1] : tensor<5x4xi64> to tensor<1x4xi64>
  %float0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%part0 : tensor<1x4xi64>) outs(%f : tensor<1x4xf32>) {
  ^bb0(%p: i64, %o: f32):
    %c = arith.sitofp %p : i64 to f32
    linalg.yield %c : f32
  } -> tensor<1x4xf32>
  %pick1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<5x4xf32>) outs(%iota : tensor<5x4xi64>) {
  ^bb0(%a: f32, %o: i64):
    %zero = arith.constant 0.0 : f32
    %seven = arith.constant 7 : i64
    %pos = arith.cmpf ogt, %a, %zero : f32
    %v = arith.select %pos, %seven, %o : i64
    linalg.yield %v : i64
  } -> tensor<5x4xi64>
  %part1 = tensor.extract_slice %pick1[2, 0] [1, 4] [1, 1] : tensor<5x4xi64> to tensor<1x4xi64>
  %float1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%part1 : tensor<1x4xi64>) outs(%f : tensor<1x4xf32>) {
  ^bb0(%p: i64, %o: f32):
    %c = arith.sitofp %p : i64 to f32
    linalg.yield %c : f32
  } -> tensor<1x4xf32>
  return %float0, %float1 : tensor<1x4xf32>, tensor<1x4xf32>
}
