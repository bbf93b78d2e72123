// A reflection pad as torch-mlir exports it (ReflectionPad2d(1) before a 3x3
// conv): the source row of every padded row, `3 - |3 - |i - 1||`, is an
// index chain whose constant 3 is a splat `dense<3> : tensor<i64>` input, then
// two gathers, rows then columns. The chain reads nothing but that splat,
// which becomes a scalar constant in its body (transforms/generators.py): it
// is a generator, merged into both gathers. The column gather then reads the
// row gather by `tensor.extract` only: a gather of a gather
// (transforms/gather_inline.py), computed at its reads. One gather is left,
// reading the input; no index tensor and no 1x2x6x4 half-padded tensor.
// @pad_of_computed: the second gather's source is a tanh the rows read:
// inlined the same way (one new read, the tanh's input, stands in for the
// half-padded tensor), then the tanh is computed at the reads.
// The planner puts the gather into the conv's kernel (a gather into a
// convolution: FusionPolicy._staged_gathers), and the GPU kernel stages the
// padded window in shared memory as it stages a zero pad
// (gpu/prepare._gather_into_convolution): one kernel reading the unpadded
// input and the weights.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-inline-generators)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-inline-generators,mlirfuse-inline-generators)' | %FileCheck %s
// RUN: %mlirfuse verify %s --func pad_then_conv --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func pad_of_computed --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func pad_then_conv --schedule gpu | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func pad_of_computed --schedule gpu | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse plan %s --backend gpu 2>&1 | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx
// RUN: %FileCheck %s --input-file %t.gpu.mlir --check-prefix=GPU

// VERIFY: verify: ok
// PLAN-LABEL: @pad_then_conv: 1 kernels
// PLAN-NEXT: group 0: contraction-epilogue
// GPU: gpu.func @pad_then_conv_k0(%{{.+}}: memref<1x2x4x4xf32>, %{{.+}}: memref<1x2x4x4xf32>, %{{.+}}: memref<2x2x3x3xf32>) kernel
// GPU: memref.get_global @__mlirfuse_shared_0 : memref<1x2x6x6xf32, #gpu.address_space<workgroup>>
// GPU: gpu.func @pad_of_computed_k1
// PLAN-LABEL: @pad_of_computed: 1 kernels

// CHECK-LABEL: func.func @pad_then_conv
// CHECK-NOT: tensor<6xi64>
// CHECK-NOT: tensor<1x2x6x4xf32>
// CHECK: %[[PAD:.+]] = linalg.generic
// CHECK-SAME: outs(%{{.+}} : tensor<1x2x6x6xf32>)
// CHECK: tensor.extract %arg0[
// CHECK-NOT: tensor.extract
// CHECK: linalg.yield
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}ins(%[[PAD]], %arg1
// CHECK-LABEL: func.func @pad_of_computed
// CHECK-NOT: tensor<1x2x6x4xf32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.+}} : tensor<1x2x6x6xf32>)
// CHECK: tensor.extract %arg0[
// CHECK: math.tanh
// CHECK-NOT: tensor.extract
// CHECK: return

#idx = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
#rows = affine_map<(d0, d1, d2, d3) -> (d2, 0)>
#cols = affine_map<(d0, d1, d2, d3) -> (d3)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @pad_then_conv(%arg0: tensor<1x2x4x4xf32>, %arg1: tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32> {
    %three = arith.constant dense<3> : tensor<i64>
    %c-1 = arith.constant -1 : i64
    %e6 = tensor.empty() : tensor<6xi64>
    %shifted = linalg.generic {indexing_maps = [#idx], iterator_types = ["parallel"]} outs(%e6 : tensor<6xi64>) {
    ^bb0(%out: i64):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i64
      %s = arith.addi %ii, %c-1 : i64
      linalg.yield %s : i64
    } -> tensor<6xi64>
    %abs = linalg.generic {indexing_maps = [#idx, #idx], iterator_types = ["parallel"]} ins(%shifted : tensor<6xi64>) outs(%e6 : tensor<6xi64>) {
    ^bb0(%in: i64, %out: i64):
      %a = math.absi %in : i64
      linalg.yield %a : i64
    } -> tensor<6xi64>
    %back = linalg.generic {indexing_maps = [#scalar, #idx, #idx], iterator_types = ["parallel"]} ins(%three, %abs : tensor<i64>, tensor<6xi64>) outs(%e6 : tensor<6xi64>) {
    ^bb0(%n: i64, %in: i64, %out: i64):
      %d = arith.subi %n, %in : i64
      %a = math.absi %d : i64
      linalg.yield %a : i64
    } -> tensor<6xi64>
    %src = linalg.generic {indexing_maps = [#scalar, #idx, #idx], iterator_types = ["parallel"]} ins(%three, %back : tensor<i64>, tensor<6xi64>) outs(%e6 : tensor<6xi64>) {
    ^bb0(%n: i64, %in: i64, %out: i64):
      %d = arith.subi %n, %in : i64
      linalg.yield %d : i64
    } -> tensor<6xi64>
    %row_idx = tensor.expand_shape %src [[0, 1]] output_shape [6, 1] : tensor<6xi64> into tensor<6x1xi64>
    %eh = tensor.empty() : tensor<1x2x6x4xf32>
    %by_rows = linalg.generic {indexing_maps = [#rows, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%row_idx : tensor<6x1xi64>) outs(%eh : tensor<1x2x6x4xf32>) {
    ^bb0(%r: i64, %out: f32):
      %n = linalg.index 0 : index
      %c = linalg.index 1 : index
      %w = linalg.index 3 : index
      %h = arith.index_cast %r : i64 to index
      %v = tensor.extract %arg0[%n, %c, %h, %w] : tensor<1x2x4x4xf32>
      linalg.yield %v : f32
    } -> tensor<1x2x6x4xf32>
    %ew = tensor.empty() : tensor<1x2x6x6xf32>
    %padded = linalg.generic {indexing_maps = [#cols, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%src : tensor<6xi64>) outs(%ew : tensor<1x2x6x6xf32>) {
    ^bb0(%q: i64, %out: f32):
      %n = linalg.index 0 : index
      %c = linalg.index 1 : index
      %h = linalg.index 2 : index
      %w = arith.index_cast %q : i64 to index
      %v = tensor.extract %by_rows[%n, %c, %h, %w] : tensor<1x2x6x4xf32>
      linalg.yield %v : f32
    } -> tensor<1x2x6x6xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x2x4x4xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    return %conv : tensor<1x2x4x4xf32>
  }

  func.func @pad_of_computed(%arg0: tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32> {
    %e = tensor.empty() : tensor<1x2x4x4xf32>
    %t = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x2x4x4xf32>) outs(%e : tensor<1x2x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %v = math.tanh %in : f32
      linalg.yield %v : f32
    } -> tensor<1x2x4x4xf32>
    %three = arith.constant dense<3> : tensor<i64>
    %c-1 = arith.constant -1 : i64
    %e6 = tensor.empty() : tensor<6xi64>
    %shifted = linalg.generic {indexing_maps = [#idx], iterator_types = ["parallel"]} outs(%e6 : tensor<6xi64>) {
    ^bb0(%out: i64):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i64
      %s = arith.addi %ii, %c-1 : i64
      linalg.yield %s : i64
    } -> tensor<6xi64>
    %abs = linalg.generic {indexing_maps = [#idx, #idx], iterator_types = ["parallel"]} ins(%shifted : tensor<6xi64>) outs(%e6 : tensor<6xi64>) {
    ^bb0(%in: i64, %out: i64):
      %a = math.absi %in : i64
      linalg.yield %a : i64
    } -> tensor<6xi64>
    %back = linalg.generic {indexing_maps = [#scalar, #idx, #idx], iterator_types = ["parallel"]} ins(%three, %abs : tensor<i64>, tensor<6xi64>) outs(%e6 : tensor<6xi64>) {
    ^bb0(%n: i64, %in: i64, %out: i64):
      %d = arith.subi %n, %in : i64
      %a = math.absi %d : i64
      linalg.yield %a : i64
    } -> tensor<6xi64>
    %src = linalg.generic {indexing_maps = [#scalar, #idx, #idx], iterator_types = ["parallel"]} ins(%three, %back : tensor<i64>, tensor<6xi64>) outs(%e6 : tensor<6xi64>) {
    ^bb0(%n: i64, %in: i64, %out: i64):
      %d = arith.subi %n, %in : i64
      linalg.yield %d : i64
    } -> tensor<6xi64>
    %row_idx = tensor.expand_shape %src [[0, 1]] output_shape [6, 1] : tensor<6xi64> into tensor<6x1xi64>
    %eh = tensor.empty() : tensor<1x2x6x4xf32>
    %by_rows = linalg.generic {indexing_maps = [#rows, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%row_idx : tensor<6x1xi64>) outs(%eh : tensor<1x2x6x4xf32>) {
    ^bb0(%r: i64, %out: f32):
      %n = linalg.index 0 : index
      %c = linalg.index 1 : index
      %w = linalg.index 3 : index
      %h = arith.index_cast %r : i64 to index
      %v = tensor.extract %t[%n, %c, %h, %w] : tensor<1x2x4x4xf32>
      linalg.yield %v : f32
    } -> tensor<1x2x6x4xf32>
    %ew = tensor.empty() : tensor<1x2x6x6xf32>
    %pad = linalg.generic {indexing_maps = [#cols, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%src : tensor<6xi64>) outs(%ew : tensor<1x2x6x6xf32>) {
    ^bb0(%q: i64, %out: f32):
      %n = linalg.index 0 : index
      %c = linalg.index 1 : index
      %h = linalg.index 2 : index
      %w = arith.index_cast %q : i64 to index
      %v = tensor.extract %by_rows[%n, %c, %h, %w] : tensor<1x2x6x4xf32>
      linalg.yield %v : f32
    } -> tensor<1x2x6x6xf32>
    return %pad : tensor<1x2x6x6xf32>
  }
}
