// An uneven adaptive pooling as torch-mlir exports it: every window gathered
// into one tensor (rows x windows x offsets), then one static slice per
// window offset, flattened and summed. The slices read the gather at
// constant offsets of a dim the sum does not loop over (no common kernel
// grid), so the gather was a kernel of its own and its result a round trip.
// Read only through disjoint slices, it is now computed per slice, in the
// flattened shape its reader reads (transforms/slice_split.py): one kernel
// (here one generic, the per-slice generics merged into the sum).
// The running sum reads one slice per step: the parts meet again in it.
// Overlapping slices (a point read twice), and slices read by unrelated
// kernels (a rotary table's halves: views of one kernel's result already) stay.
// RUN: %mlirfuse-opt %s --split-input-file --mlirfuse-fuse='search=auto' | FileCheck %s

// CHECK-LABEL: func.func @uneven_windows
// CHECK-NOT: tensor.extract_slice
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<4x3xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return
#gather = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#flat = affine_map<(d0, d1) -> (d0, d1)>
func.func @uneven_windows(%x: tensor<4x5xf32>) -> tensor<4x3xf32> {
  %init = tensor.empty() : tensor<4x3x3xf32>
  %windows = linalg.generic {indexing_maps = [#gather], iterator_types = ["parallel", "parallel", "parallel"]} outs(%init : tensor<4x3x3xf32>) {
  ^bb0(%out: f32):
    %r = linalg.index 0 : index
    %w = linalg.index 1 : index
    %o = linalg.index 2 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %start = arith.muli %w, %c2 : index
    %at = arith.addi %start, %o : index
    %col = arith.minsi %at, %c4 : index
    %v = tensor.extract %x[%r, %col] : tensor<4x5xf32>
    %e = math.exp %v : f32
    linalg.yield %e : f32
  } -> tensor<4x3x3xf32>
  %first = tensor.extract_slice %windows[0, 0, 0] [4, 3, 1] [1, 1, 1] : tensor<4x3x3xf32> to tensor<4x3x1xf32>
  %a = tensor.collapse_shape %first [[0], [1, 2]] : tensor<4x3x1xf32> into tensor<4x3xf32>
  %second = tensor.extract_slice %windows[0, 0, 1] [4, 3, 1] [1, 1, 1] : tensor<4x3x3xf32> to tensor<4x3x1xf32>
  %b = tensor.collapse_shape %second [[0], [1, 2]] : tensor<4x3x1xf32> into tensor<4x3xf32>
  %third = tensor.extract_slice %windows[0, 0, 2] [4, 3, 1] [1, 1, 1] : tensor<4x3x3xf32> to tensor<4x3x1xf32>
  %c = tensor.collapse_shape %third [[0], [1, 2]] : tensor<4x3x1xf32> into tensor<4x3xf32>
  %out = tensor.empty() : tensor<4x3xf32>
  %ab = linalg.generic {indexing_maps = [#flat, #flat, #flat], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%out : tensor<4x3xf32>) {
  ^bb0(%p: f32, %q: f32, %unused: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  %mean = linalg.generic {indexing_maps = [#flat, #flat, #flat], iterator_types = ["parallel", "parallel"]} ins(%ab, %c : tensor<4x3xf32>, tensor<4x3xf32>) outs(%out : tensor<4x3xf32>) {
  ^bb0(%p: f32, %q: f32, %unused: f32):
    %third_of = arith.constant 0.333333343 : f32
    %s = arith.addf %p, %q : f32
    %m = arith.mulf %s, %third_of : f32
    linalg.yield %m : f32
  } -> tensor<4x3xf32>
  return %mean : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @overlapping_windows
// CHECK-COUNT-2: tensor.extract_slice %{{[0-9]+}}
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @overlapping_windows(%x: tensor<4x6xf32>) -> tensor<4x3xf32> {
  %init = tensor.empty() : tensor<4x6xf32>
  %e = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x6xf32>) outs(%init : tensor<4x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<4x6xf32>
  %left = tensor.extract_slice %e[0, 0] [4, 3] [1, 1] : tensor<4x6xf32> to tensor<4x3xf32>
  %mid = tensor.extract_slice %e[0, 2] [4, 3] [1, 1] : tensor<4x6xf32> to tensor<4x3xf32>
  %out = tensor.empty() : tensor<4x3xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%left, %mid : tensor<4x3xf32>, tensor<4x3xf32>) outs(%out : tensor<4x3xf32>) {
  ^bb0(%p: f32, %q: f32, %unused: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %sum : tensor<4x3xf32>
}

// -----

// The window starts come from a computed table the gather reads through an
// expand_shape: each slice of the gather reads a slice of the expanded table,
// taken on the table itself (the expand follows), so the table is read
// through disjoint slices too and computed per slice.
// CHECK-LABEL: func.func @windows_from_table
// CHECK-NOT: tensor.extract_slice %{{[0-9]+}}
// CHECK: "fusion.group"
// CHECK-NOT: tensor.extract_slice
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
#table = affine_map<(d0, d1) -> (d0, d1)>
#read = affine_map<(d0, d1, d2) -> (0, d1, d2)>
#whole = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#flat2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @windows_from_table(%x: tensor<4x5xf32>, %starts: tensor<3x2xi64>) -> tensor<4x3xf32> {
  %tinit = tensor.empty() : tensor<3x2xi64>
  %clamped = linalg.generic {indexing_maps = [#table, #table], iterator_types = ["parallel", "parallel"]} ins(%starts : tensor<3x2xi64>) outs(%tinit : tensor<3x2xi64>) {
  ^bb0(%s: i64, %out: i64):
    %c0 = arith.constant 0 : i64
    %c4 = arith.constant 4 : i64
    %low = arith.maxsi %s, %c0 : i64
    %high = arith.minsi %low, %c4 : i64
    linalg.yield %high : i64
  } -> tensor<3x2xi64>
  %expanded = tensor.expand_shape %clamped [[0, 1], [2]] output_shape [1, 3, 2] : tensor<3x2xi64> into tensor<1x3x2xi64>
  %init = tensor.empty() : tensor<4x3x2xf32>
  %windows = linalg.generic {indexing_maps = [#read, #whole], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x3x2xi64>) outs(%init : tensor<4x3x2xf32>) {
  ^bb0(%col64: i64, %out: f32):
    %r = linalg.index 0 : index
    %col = arith.index_cast %col64 : i64 to index
    %v = tensor.extract %x[%r, %col] : tensor<4x5xf32>
    linalg.yield %v : f32
  } -> tensor<4x3x2xf32>
  %first = tensor.extract_slice %windows[0, 0, 0] [4, 3, 1] [1, 1, 1] : tensor<4x3x2xf32> to tensor<4x3x1xf32>
  %a = tensor.collapse_shape %first [[0], [1, 2]] : tensor<4x3x1xf32> into tensor<4x3xf32>
  %second = tensor.extract_slice %windows[0, 0, 1] [4, 3, 1] [1, 1, 1] : tensor<4x3x2xf32> to tensor<4x3x1xf32>
  %b = tensor.collapse_shape %second [[0], [1, 2]] : tensor<4x3x1xf32> into tensor<4x3xf32>
  %out = tensor.empty() : tensor<4x3xf32>
  %best = linalg.generic {indexing_maps = [#flat2, #flat2, #flat2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%out : tensor<4x3xf32>) {
  ^bb0(%p: f32, %q: f32, %unused: f32):
    %m = arith.maximumf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<4x3xf32>
  return %best : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @halves_apart
// CHECK-COUNT-2: tensor.extract_slice %{{[0-9]+}}
#h = affine_map<(d0, d1) -> (d0, d1)>
func.func @halves_apart(%x: tensor<4x6xf32>, %y: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %init = tensor.empty() : tensor<4x6xf32>
  %e = linalg.generic {indexing_maps = [#h, #h], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x6xf32>) outs(%init : tensor<4x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<4x6xf32>
  %left = tensor.extract_slice %e[0, 0] [4, 3] [1, 1] : tensor<4x6xf32> to tensor<4x3xf32>
  %right = tensor.extract_slice %e[0, 3] [4, 3] [1, 1] : tensor<4x6xf32> to tensor<4x3xf32>
  %out = tensor.empty() : tensor<4x3xf32>
  %sum = linalg.generic {indexing_maps = [#h, #h, #h], iterator_types = ["parallel", "parallel"]} ins(%left, %y : tensor<4x3xf32>, tensor<4x3xf32>) outs(%out : tensor<4x3xf32>) {
  ^bb0(%p: f32, %q: f32, %unused: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  %prod = linalg.generic {indexing_maps = [#h, #h, #h], iterator_types = ["parallel", "parallel"]} ins(%right, %y : tensor<4x3xf32>, tensor<4x3xf32>) outs(%out : tensor<4x3xf32>) {
  ^bb0(%p: f32, %q: f32, %unused: f32):
    %s = arith.mulf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %sum, %prod : tensor<4x3xf32>, tensor<4x3xf32>
}
