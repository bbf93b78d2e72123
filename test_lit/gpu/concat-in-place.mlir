// A returned concat written in place (gpu/concat_in_place.py), as DenseNet's
// layer returns concat(x, conv(relu(x))): the conv's kernel stores its result
// in its slice of the returned buffer, and x (a function argument, which no
// kernel computes) is copied there by a copy the planner fuses with the relu
// reading x (one kernel, two results): two kernels, no concat kernel. The
// manifest holds the concat's buffer (role "concat") and each stored result
// `within` it at its element offset; the GPU schedule, unit by unit with the
// buffer assembled from its parts, matches the original on the CPU. A concat
// whose slices are not contiguous (along W of a 1x2x8x8 tensor) or whose
// result another kernel reads stays a gather kernel.
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/dense.mlir -o %t/dense.ptx | %FileCheck %s --check-prefix=DENSE
// RUN: %python -m mlirfuse.gpu.manifest_check %t/dense.json | %FileCheck %s --check-prefix=MANIFEST
// RUN: %python -c 'import json, sys; f = json.load(open(sys.argv[1]))["functions"][0]; print(json.dumps(f["buffers"])); print(json.dumps(f["results"]))' %t/dense.json | %FileCheck %s --check-prefix=JSON
// RUN: %mlirfuse verify %t/dense.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/dense.mlir --no-fuse | %FileCheck %s --check-prefix=UNFUSED
// RUN: %mlirfuse compile %t/strided.mlir | %FileCheck %s --check-prefix=STRIDED
// RUN: %mlirfuse verify %t/strided.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/read.mlir | %FileCheck %s --check-prefix=READ
// RUN: %mlirfuse verify %t/read.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// DENSE: kernels: 2
// DENSE-NEXT: k0: elementwise schedule
// DENSE-NEXT: k1: conv schedule
// MANIFEST: ok (2 launches)
// JSON: "name": "cat0", "role": "concat", "shape": [1, 6, 8, 8]
// JSON-SAME: "within": {"buffer": "cat0", "offset": 0}
// JSON-SAME: "within": {"buffer": "cat0", "offset": 256}
// JSON-NEXT: [{"buffer": "cat0"
// OK: verify: ok
// UNFUSED: kernels: 3
// STRIDED: kernels: 2
// STRIDED-NEXT: k0: conv schedule
// STRIDED-NEXT: k1: {{.*}} schedule
// READ: kernels: 2
// READ-NEXT: k0: conv schedule
// READ-NEXT: k1: elementwise schedule

//--- dense.mlir
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @dense(%x: tensor<1x4x8x8xf32>, %w: tensor<2x4x1x1xf32>) -> tensor<1x6x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%x : tensor<1x4x8x8xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %zero : f32
    linalg.yield %y : f32
  } -> tensor<1x4x8x8xf32>
  %ec = tensor.empty() : tensor<1x2x8x8xf32>
  %fc = linalg.fill ins(%zero : f32) outs(%ec : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%r, %w : tensor<1x4x8x8xf32>, tensor<2x4x1x1xf32>) outs(%fc : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %cat = tensor.concat dim(1) %x, %c : (tensor<1x4x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x6x8x8xf32>
  return %cat : tensor<1x6x8x8xf32>
}

//--- strided.mlir
func.func @strided(%x: tensor<1x2x8x8xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ec = tensor.empty() : tensor<1x2x8x8xf32>
  %fc = linalg.fill ins(%zero : f32) outs(%ec : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%x, %w : tensor<1x2x8x8xf32>, tensor<2x2x1x1xf32>) outs(%fc : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %cat = tensor.concat dim(3) %x, %c : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x16xf32>
  return %cat : tensor<1x2x8x16xf32>
}

//--- read.mlir
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @read(%x: tensor<1x4x8x8xf32>, %w: tensor<2x4x1x1xf32>) -> tensor<1x6x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %ec = tensor.empty() : tensor<1x2x8x8xf32>
  %fc = linalg.fill ins(%zero : f32) outs(%ec : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%x, %w : tensor<1x4x8x8xf32>, tensor<2x4x1x1xf32>) outs(%fc : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %cat = tensor.concat dim(1) %x, %c : (tensor<1x4x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x6x8x8xf32>
  %e = tensor.empty() : tensor<1x6x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%cat : tensor<1x6x8x8xf32>) outs(%e : tensor<1x6x8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %zero : f32
    linalg.yield %y : f32
  } -> tensor<1x6x8x8xf32>
  return %r : tensor<1x6x8x8xf32>
}
