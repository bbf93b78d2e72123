// REQUIRES: ptxas
// A weight gradient stacked from 49 kernel offsets (a training step's 7x7
// depthwise conv: torch.cat of 49 per-offset sums), then read by an
// elementwise op. The concat became one gather taking all 49 sources: a
// kernel of 50 memref arguments, whose descriptors (88 bytes each at rank 4)
// overflow the 4352 bytes of parameter space PTX 8.0 allows ("uses too much
// parameter space": ptxas rejected the module). Now a concat of more than
// 16 sources is split (concat_kernel.MAX_CONCAT_SOURCES), and neither the
// gather composition nor the inlining into gathers merges past 32 tensors a
// kernel (vocab.options.MAX_KERNEL_TENSORS): the module compiles. Three
// kernels: the last part's gather takes the square with it (four while the
// gather's body was priced at its FLOPs in registers; cost-model.md).
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --func stack_offsets --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 3
// CHECK-NOT: ptxas rejected
// OK: verify: ok

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @stack_offsets(%x0: tensor<4x1x1x1xf32>, %x1: tensor<4x1x1x1xf32>, %x2: tensor<4x1x1x1xf32>, %x3: tensor<4x1x1x1xf32>, %x4: tensor<4x1x1x1xf32>, %x5: tensor<4x1x1x1xf32>, %x6: tensor<4x1x1x1xf32>, %x7: tensor<4x1x1x1xf32>, %x8: tensor<4x1x1x1xf32>, %x9: tensor<4x1x1x1xf32>, %x10: tensor<4x1x1x1xf32>, %x11: tensor<4x1x1x1xf32>, %x12: tensor<4x1x1x1xf32>, %x13: tensor<4x1x1x1xf32>, %x14: tensor<4x1x1x1xf32>, %x15: tensor<4x1x1x1xf32>, %x16: tensor<4x1x1x1xf32>, %x17: tensor<4x1x1x1xf32>, %x18: tensor<4x1x1x1xf32>, %x19: tensor<4x1x1x1xf32>, %x20: tensor<4x1x1x1xf32>, %x21: tensor<4x1x1x1xf32>, %x22: tensor<4x1x1x1xf32>, %x23: tensor<4x1x1x1xf32>, %x24: tensor<4x1x1x1xf32>, %x25: tensor<4x1x1x1xf32>, %x26: tensor<4x1x1x1xf32>, %x27: tensor<4x1x1x1xf32>, %x28: tensor<4x1x1x1xf32>, %x29: tensor<4x1x1x1xf32>, %x30: tensor<4x1x1x1xf32>, %x31: tensor<4x1x1x1xf32>, %x32: tensor<4x1x1x1xf32>, %x33: tensor<4x1x1x1xf32>, %x34: tensor<4x1x1x1xf32>, %x35: tensor<4x1x1x1xf32>, %x36: tensor<4x1x1x1xf32>, %x37: tensor<4x1x1x1xf32>, %x38: tensor<4x1x1x1xf32>, %x39: tensor<4x1x1x1xf32>, %x40: tensor<4x1x1x1xf32>, %x41: tensor<4x1x1x1xf32>, %x42: tensor<4x1x1x1xf32>, %x43: tensor<4x1x1x1xf32>, %x44: tensor<4x1x1x1xf32>, %x45: tensor<4x1x1x1xf32>, %x46: tensor<4x1x1x1xf32>, %x47: tensor<4x1x1x1xf32>, %x48: tensor<4x1x1x1xf32>) -> tensor<4x1x1x49xf32> {
  %c = tensor.concat dim(3) %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7, %x8, %x9, %x10, %x11, %x12, %x13, %x14, %x15, %x16, %x17, %x18, %x19, %x20, %x21, %x22, %x23, %x24, %x25, %x26, %x27, %x28, %x29, %x30, %x31, %x32, %x33, %x34, %x35, %x36, %x37, %x38, %x39, %x40, %x41, %x42, %x43, %x44, %x45, %x46, %x47, %x48 : (tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>, tensor<4x1x1x1xf32>) -> tensor<4x1x1x49xf32>
  %e = tensor.empty() : tensor<4x1x1x49xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<4x1x1x49xf32>) outs(%e : tensor<4x1x1x49xf32>) {
  ^bb0(%v: f32, %out: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<4x1x1x49xf32>
  return %y : tensor<4x1x1x49xf32>
}
