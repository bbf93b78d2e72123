// A model computes a whole tensor and reads part of it: YOLOS's final
// LayerNorm normalises all 36 tokens and its heads read the last 5
// (`x[:, -5:]`); a top-k sorts its bins and reads the first few. A generic
// read only through static slices is computed over the part they read
// (gpu/sliced_producers.py), its producers read only by it in turn: the
// residual add, the statistics and the normalisation run on 5 rows, and no
// kernel reads or writes the other 31. Before, one kernel normalised all 36
// rows and wrote them. An index of a loop the slice starts past 0 on is
// shifted (@shifted_index), and a generic some reader reads whole is left
// whole (@read_whole), and so is one whose input would be a strided part
// (@strided_part: no view the back end passes to a kernel). A window read (a convolution's `d0 + d1`) shrinks
// where the slice starts at 0 (@window_head) and is left whole where it
// starts past 0 (@window_tail): the shifted read would be no slice.
// RUN: %mlirfuse compile %s --jobs 1 --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu --func last_tokens | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --func shifted_index | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --func window_tail | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --func window_head | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --func last_rows_matmul | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --func strided_part | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 9
// GPU-LABEL: gpu.func @last_tokens_k0
// GPU-SAME: memref<1x5x64xf32
// GPU-NOT: 1x36x64
// GPU-LABEL: gpu.func @shifted_index_k1
// GPU-SAME: memref<3x4xf32>
// GPU-SAME: memref<5x4xf32, strided<[4, 1], offset: 20>>
// GPU-LABEL: gpu.func @read_whole_k2
// GPU-SAME: memref<4x17xf32>
// GPU-LABEL: gpu.func @window_tail_k4
// GPU-SAME: memref<16xf32>
// GPU-LABEL: gpu.func @window_head_k6
// GPU-SAME: memref<8xf32>
// GPU-LABEL: gpu.func @last_rows_matmul_k7
// GPU-SAME: memref<5x64xf32, strided<[64, 1], offset: 1984>>
// GPU-SAME: memref<5x32xf32>
// GPU-LABEL: gpu.func @strided_part_k8
// GPU-SAME: memref<4x17xf32>
// OK: verify: ok

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#channel = affine_map<(d0, d1, d2) -> (d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @last_tokens(%x: tensor<1x36x64xf32>, %y: tensor<1x36x64xf32>, %gamma: tensor<64xf32>) -> tensor<1x5x64xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<1x36x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %y : tensor<1x36x64xf32>, tensor<1x36x64xf32>) outs(%e : tensor<1x36x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x36x64xf32>
  %re = tensor.empty() : tensor<1x36x1xf32>
  %rz = linalg.fill ins(%zero : f32) outs(%re : tensor<1x36x1xf32>) -> tensor<1x36x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%r : tensor<1x36x64xf32>) outs(%rz : tensor<1x36x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1x36x1xf32>
  %centered = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r, %sum : tensor<1x36x64xf32>, tensor<1x36x1xf32>) outs(%e : tensor<1x36x64xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.divf %s, %n : f32
    %c = arith.subf %a, %m : f32
    linalg.yield %c : f32
  } -> tensor<1x36x64xf32>
  %squares = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%centered : tensor<1x36x64xf32>) outs(%rz : tensor<1x36x1xf32>) {
  ^bb0(%c: f32, %acc: f32):
    %q = arith.mulf %c, %c : f32
    %s = arith.addf %q, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1x36x1xf32>
  %normed = linalg.generic {indexing_maps = [#id, #row, #channel, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%centered, %squares, %gamma : tensor<1x36x64xf32>, tensor<1x36x1xf32>, tensor<64xf32>) outs(%e : tensor<1x36x64xf32>) {
  ^bb0(%c: f32, %q: f32, %g: f32, %o: f32):
    %v = arith.divf %q, %n : f32
    %ve = arith.addf %v, %eps : f32
    %inv = math.rsqrt %ve : f32
    %t = arith.mulf %c, %inv : f32
    %u = arith.mulf %t, %g : f32
    linalg.yield %u : f32
  } -> tensor<1x36x64xf32>
  %last = tensor.extract_slice %normed[0, 31, 0] [1, 5, 64] [1, 1, 1] : tensor<1x36x64xf32> to tensor<1x5x64xf32>
  return %last : tensor<1x5x64xf32>
}

func.func @shifted_index(%x: tensor<17x4xf32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<17x4xf32>
  %scaled = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<17x4xf32>) outs(%e : tensor<17x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 0 : index
    %w = arith.index_cast %i : index to i32
    %f = arith.sitofp %w : i32 to f32
    %p = arith.mulf %a, %f : f32
    linalg.yield %p : f32
  } -> tensor<17x4xf32>
  %part = tensor.extract_slice %scaled[5, 0] [3, 4] [2, 1] : tensor<17x4xf32> to tensor<3x4xf32>
  return %part : tensor<3x4xf32>
}

func.func @read_whole(%x: tensor<4x17xf32>) -> (tensor<4x17xf32>, tensor<4x3xf32>) {
  %e = tensor.empty() : tensor<4x17xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x17xf32>) outs(%e : tensor<4x17xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = math.exp %a : f32
    linalg.yield %p : f32
  } -> tensor<4x17xf32>
  %part = tensor.extract_slice %exp[0, 5] [4, 3] [1, 2] : tensor<4x17xf32> to tensor<4x3xf32>
  return %exp, %part : tensor<4x17xf32>, tensor<4x3xf32>
}

#window_in = affine_map<(d0, d1) -> (d0 + d1)>
#window_out = affine_map<(d0, d1) -> (d0)>
#tap = affine_map<(d0, d1) -> (d1)>
func.func @window_tail(%x: tensor<20xf32>, %w: tensor<5xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %sums = linalg.generic {indexing_maps = [#window_in, #tap, #window_out], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<20xf32>, tensor<5xf32>) outs(%z : tensor<16xf32>) {
  ^bb0(%a: f32, %t: f32, %acc: f32):
    %p = arith.mulf %a, %t : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %tail = tensor.extract_slice %sums[8] [8] [1] : tensor<16xf32> to tensor<8xf32>
  return %tail : tensor<8xf32>
}

func.func @window_head(%x: tensor<20xf32>, %w: tensor<5xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %sums = linalg.generic {indexing_maps = [#window_in, #tap, #window_out], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<20xf32>, tensor<5xf32>) outs(%z : tensor<16xf32>) {
  ^bb0(%a: f32, %t: f32, %acc: f32):
    %p = arith.mulf %a, %t : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %head = tensor.extract_slice %sums[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
  return %head : tensor<8xf32>
}

// The rows a slice keeps travel up through an expand_shape, a named matmul
// and a collapse_shape: the matmul reads 5 rows of its LHS, not 36.
#bias = affine_map<(d0, d1, d2) -> (d2)>
func.func @last_rows_matmul(%x: tensor<1x36x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<1x5x32xf32> {
  %zero = arith.constant 0.0 : f32
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x36x64xf32> into tensor<36x64xf32>
  %e = tensor.empty() : tensor<36x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<36x32xf32>) -> tensor<36x32xf32>
  %mm = linalg.matmul ins(%rows, %w : tensor<36x64xf32>, tensor<64x32xf32>) outs(%z : tensor<36x32xf32>) -> tensor<36x32xf32>
  %view = tensor.expand_shape %mm [[0, 1], [2]] output_shape [1, 36, 32] : tensor<36x32xf32> into tensor<1x36x32xf32>
  %e3 = tensor.empty() : tensor<1x36x32xf32>
  %biased = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%view, %b : tensor<1x36x32xf32>, tensor<32xf32>) outs(%e3 : tensor<1x36x32xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<1x36x32xf32>
  %last = tensor.extract_slice %biased[0, 31, 0] [1, 5, 32] [1, 1, 1] : tensor<1x36x32xf32> to tensor<1x5x32xf32>
  return %last : tensor<1x5x32xf32>
}

// Columns 5..9 of each row are no contiguous part of the input: left whole.
func.func @strided_part(%x: tensor<4x17xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x17xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x17xf32>) outs(%e : tensor<4x17xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = math.exp %a : f32
    linalg.yield %p : f32
  } -> tensor<4x17xf32>
  %part = tensor.extract_slice %exp[0, 5] [4, 3] [1, 2] : tensor<4x17xf32> to tensor<4x3xf32>
  return %part : tensor<4x3xf32>
}
