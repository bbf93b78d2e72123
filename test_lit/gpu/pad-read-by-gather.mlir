// A pad read only inside a gather's body (torch's unfold, ConvBERT's span
// conv: the padded input read at computed indices by tensor.extract). The
// pad was cloned beside the gather's kernel but no operand of it, so it
// stayed on the host as a loop ("'scf.for' runs on the host"); before fusion
// each read now reads the pad's source with a bounds check and the pad goes.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK: kernels: 1
// CHECK-NEXT: k0: elementwise schedule
// GPU-NOT: tensor.pad
// GPU: gpu.func @unfold_k0
// GPU: arith.cmpi ult
// GPU: arith.select
// OK: verify: ok

func.func @unfold(%x: tensor<1x8x16xf32>) -> tensor<1x8x3x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1] high[0, 0, 1] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %zero : f32
  } : tensor<1x8x16xf32> to tensor<1x8x18xf32>
  %ie = tensor.empty() : tensor<3x16xi64>
  %idx = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%ie : tensor<3x16xi64>) {
  ^bb0(%out: i64):
    %k = linalg.index 0 : index
    %t = linalg.index 1 : index
    %s = arith.addi %k, %t : index
    %si = arith.index_cast %s : index to i64
    linalg.yield %si : i64
  } -> tensor<3x16xi64>
  %e = tensor.empty() : tensor<1x8x3x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%idx : tensor<3x16xi64>) outs(%e : tensor<1x8x3x16xf32>) {
  ^bb0(%k: i64, %out: f32):
    %i = linalg.index 0 : index
    %c = linalg.index 1 : index
    %ki = arith.index_cast %k : i64 to index
    %v = tensor.extract %p[%i, %c, %ki] : tensor<1x8x18xf32>
    linalg.yield %v : f32
  } -> tensor<1x8x3x16xf32>
  return %r : tensor<1x8x3x16xf32>
}
