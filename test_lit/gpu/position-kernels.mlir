// Reductions by position (an argmax's index, a cumsum read as a triangular
// sum) take the fallback schedule, which gives each thread one element of
// the kernel's root (`schedule_fallback.reduces_by_position`). They fuse with
// elementwise producers and readers (gpu/lowerability_position.py):
// - small: SLANeXt's decoder step, an argmax over 16 classes read by a
//   one-hot of them: one kernel, each row reduced 16 times (4,096
//   iterations);
// - wide: the same over 1000 classes of 8 rows would reduce every row once
//   per class (8,000,000 iterations): the one-hot is a kernel of its own;
// - cumsum: an exp producer and a reader of the cumsum's own extents, the
//   scan along dim 0: one kernel doing the work of the three;
// - softmax: an argmax beside the softmax's own reductions: refused.
// Each verifies under the GPU schedules (run on the CPU) and its PTX
// assembles.
// REQUIRES: ptxas
// RUN: split-file %s %t
// RUN: %mlirfuse plan --backend gpu %t/small.mlir | %FileCheck %s --check-prefix=SMALL
// RUN: %mlirfuse verify %t/small.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/small.mlir --chip sm_90 -o %t/small.ptx | %FileCheck %s --check-prefix=SMALL-PTX
// RUN: ptxas -arch=sm_90 %t/small.ptx -o %t/small.cubin
// RUN: %mlirfuse plan --backend gpu %t/wide.mlir | %FileCheck %s --check-prefix=WIDE
// RUN: %mlirfuse verify %t/wide.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse plan --backend gpu %t/cumsum.mlir | %FileCheck %s --check-prefix=CUMSUM
// RUN: %mlirfuse verify %t/cumsum.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/cumsum.mlir --chip sm_90 -o %t/cumsum.ptx | %FileCheck %s --check-prefix=CUMSUM-PTX
// RUN: ptxas -arch=sm_90 %t/cumsum.ptx -o %t/cumsum.cubin
// RUN: %mlirfuse explain %t/softmax.mlir --backend gpu --group 6,7,8,9,10,11,12 | %FileCheck %s --check-prefix=SOFTMAX

// OK: verify: ok

// SMALL: @argmax_onehot: 1 kernels
// SMALL-NOT: gpu-position-reduction
// SMALL-PTX: kernels: 1 (1 distinct)
// SMALL-PTX: k0: fallback schedule

// WIDE: @argmax_onehot: 2 kernels
// WIDE: gpu-position-reduction: a reduction by position (argmax, cumsum): a reader of 8000 elements would reduce each of its 8 rows of 1000 again per element (8000000 iterations, at most 65536)

// CUMSUM: @cumsum_columns: 1 kernels
// CUMSUM-PTX: kernels: 1 (1 distinct)
// CUMSUM-PTX: k0: fallback schedule

// SOFTMAX: refused [gpu-position-reduction]: a reduction by position (argmax, cumsum): beside another reduction or contraction it is its own kernel

//--- small.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @argmax_onehot(%x: tensor<16x16xf32>, %b: tensor<16xf32>) -> tensor<16x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<16x16xf32>, tensor<16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  %ev = tensor.empty() : tensor<16xf32>
  %ei = tensor.empty() : tensor<16xi64>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<16xf32>) -> tensor<16xf32>
  %fi = linalg.fill ins(%c0 : i64) outs(%ei : tensor<16xi64>) -> tensor<16xi64>
  %am:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<16x16xf32>) outs(%fv, %fi : tensor<16xf32>, tensor<16xi64>) {
  ^bb0(%in: f32, %m: f32, %i: i64):
    %j = linalg.index 1 : index
    %jj = arith.index_cast %j : index to i64
    %mx = arith.maximumf %in, %m : f32
    %gt = arith.cmpf ogt, %in, %m : f32
    %sel = arith.select %gt, %jj, %i : i64
    linalg.yield %mx, %sel : f32, i64
  } -> (tensor<16xf32>, tensor<16xi64>)
  %oh = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%am#1 : tensor<16xi64>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%i: i64, %o: f32):
    %j = linalg.index 1 : index
    %jj = arith.index_cast %j : index to i64
    %eq = arith.cmpi eq, %i, %jj : i64
    %v = arith.uitofp %eq : i1 to f32
    linalg.yield %v : f32
  } -> tensor<16x16xf32>
  return %oh : tensor<16x16xf32>
}

//--- wide.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @argmax_onehot(%x: tensor<8x1000xf32>, %b: tensor<1000xf32>) -> tensor<8x1000xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<8x1000xf32>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<8x1000xf32>, tensor<1000xf32>) outs(%e : tensor<8x1000xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<8x1000xf32>
  %ev = tensor.empty() : tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi64>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
  %fi = linalg.fill ins(%c0 : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
  %am:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<8x1000xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
  ^bb0(%in: f32, %m: f32, %i: i64):
    %j = linalg.index 1 : index
    %jj = arith.index_cast %j : index to i64
    %mx = arith.maximumf %in, %m : f32
    %gt = arith.cmpf ogt, %in, %m : f32
    %sel = arith.select %gt, %jj, %i : i64
    linalg.yield %mx, %sel : f32, i64
  } -> (tensor<8xf32>, tensor<8xi64>)
  %oh = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%am#1 : tensor<8xi64>) outs(%e : tensor<8x1000xf32>) {
  ^bb0(%i: i64, %o: f32):
    %j = linalg.index 1 : index
    %jj = arith.index_cast %j : index to i64
    %eq = arith.cmpi eq, %i, %jj : i64
    %v = arith.uitofp %eq : i1 to f32
    linalg.yield %v : f32
  } -> tensor<8x1000xf32>
  return %oh : tensor<8x1000xf32>
}

//--- cumsum.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @cumsum_columns(%x: tensor<64x6xf32>) -> tensor<64x6xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<64x6xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x6xf32>) outs(%e : tensor<64x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.exp %a : f32
    linalg.yield %s : f32
  } -> tensor<64x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x6xf32>) -> tensor<64x6xf32>
  %e2 = tensor.empty() : tensor<6xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<6xf32>) -> tensor<6xf32>
  %cs:2 = tm_tensor.scan dimension(0) inclusive(true) ins(%ex : tensor<64x6xf32>) outs(%z, %z2 : tensor<64x6xf32>, tensor<6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tm_tensor.yield %s : f32
  } -> tensor<64x6xf32>, tensor<6xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%cs#0, %x : tensor<64x6xf32>, tensor<64x6xf32>) outs(%e : tensor<64x6xf32>) {
  ^bb0(%c: f32, %a: f32, %o: f32):
    %m = arith.mulf %c, %a : f32
    %d = arith.subf %m, %one : f32
    linalg.yield %d : f32
  } -> tensor<64x6xf32>
  return %r : tensor<64x6xf32>
}

//--- softmax.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @softmax_argmax(%x: tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<4x16xf32>
  %ev = tensor.empty() : tensor<4xf32>
  %ei = tensor.empty() : tensor<4xi64>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
  %fi = linalg.fill ins(%c0 : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
  %am:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %m: f32, %i: i64):
    %j = linalg.index 1 : index
    %jj = arith.index_cast %j : index to i64
    %mx = arith.maximumf %in, %m : f32
    %gt = arith.cmpf ogt, %in, %m : f32
    %sel = arith.select %gt, %jj, %i : i64
    linalg.yield %mx, %sel : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %am#0 : tensor<4x16xf32>, tensor<4xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %s = math.exp %d : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  %fz = linalg.fill ins(%zero : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<4x16xf32>) outs(%fz : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %p = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<4x16xf32>, tensor<4xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %d = arith.divf %a, %s : f32
    linalg.yield %d : f32
  } -> tensor<4x16xf32>
  return %p, %am#1 : tensor<4x16xf32>, tensor<4xi64>
}
