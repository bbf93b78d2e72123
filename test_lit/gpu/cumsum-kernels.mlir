// torch-mlir's cumsum (`tm_tensor.scan`, read as a triangular reduction) as a
// GPU kernel, and the groups around it that the plan held but the back end
// could not build (BLOOM's ALiBi positions and causal mask).
// - cumsum: its output is a fill of a fill (torch-mlir zero-fills the scan's
//   output; the import fills it again); `before_fusion.fills_over_fills`
//   makes the outer fill write the inner one's destination, which otherwise
//   stayed a loop on the host; `compile --no-fuse` runs it too
//   (`before_fusion.host_ops_to_kernels`: xLSTM's unfused baseline). Its body reads the index of the loop it
//   reduces, which upstream's reduction split does not offset per thread
//   (wrong sums): it takes the fallback schedule (`reduces_by_position`).
// - alibi: fused with its producer and epilogue the cumsum once computed
//   values off by one under the GPU schedule, and was its own kernel. It
//   now verifies fused (the fallback schedule keeps it whole in each
//   thread; gpu/lowerability_position.py says when it may fuse), and the
//   index-only positions are computed by their readers
//   (transforms/generators.py): 3 kernels.
// - nested: joined roots of nested but different extents ([2, 24] beside
//   [2, 24, 24] from one row sum) were let pass as a group "still growing"
//   and failed at compile time ("sibling roots of different shapes share an
//   op"): refused as gpu-sibling-shapes.
// - siblings: a row group with a second result sharing the chain's producer
//   left that result on the host ("'scf.forall' runs on the host"): refused
//   as gpu-reduction-siblings.
// REQUIRES: ptxas
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/cumsum.mlir --chip sm_90 -o %t/cumsum.ptx | %FileCheck %s --check-prefix=CUMSUM
// RUN: ptxas -arch=sm_90 %t/cumsum.ptx -o %t/cumsum.cubin
// RUN: %mlirfuse verify %t/cumsum.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/cumsum.mlir --no-fuse --chip sm_90 -o %t/cumsum.unfused.ptx | %FileCheck %s --check-prefix=CUMSUM-UNFUSED
// RUN: %mlirfuse verify %t/cumsum.mlir --no-fuse --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse plan --backend gpu %t/alibi.mlir | %FileCheck %s --check-prefix=ALIBI
// RUN: %mlirfuse explain %t/alibi.mlir --group 14,15 --backend gpu | %FileCheck %s --check-prefix=ALIBI-EXPLAIN
// RUN: %mlirfuse compile %t/alibi.mlir --chip sm_90 -o %t/alibi.ptx | %FileCheck %s --check-prefix=ALIBI-PTX
// RUN: %mlirfuse verify %t/alibi.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse plan --backend gpu %t/nested.mlir | %FileCheck %s --check-prefix=NESTED
// RUN: %mlirfuse compile %t/nested.mlir --chip sm_90 -o %t/nested.ptx | %FileCheck %s --check-prefix=NESTED-PTX
// RUN: %mlirfuse plan --backend gpu %t/siblings.mlir | %FileCheck %s --check-prefix=SIBLINGS
// RUN: %mlirfuse explain %t/siblings.mlir --group 2,3,5,6,7 --backend gpu | %FileCheck %s --check-prefix=SIBLINGS-EXPLAIN
// RUN: %mlirfuse compile %t/siblings.mlir --chip sm_90 -o %t/siblings.ptx | %FileCheck %s --check-prefix=SIBLINGS-PTX

// CUMSUM-UNFUSED-NOT: error
// CUMSUM-UNFUSED: kernels: 1
// CUMSUM: kernels: 1 (1 distinct)
// CUMSUM: k0: fallback schedule
// CUMSUM: cumsum_k0 {{[0-9]+}} 0 0
// OK: verify: ok

// ALIBI: @alibi_and_mask: 3 kernels
// ALIBI-NOT: gpu-position-reduction
// ALIBI-EXPLAIN: group alibi_and_mask:14,alibi_and_mask:15: ok [ok]
// ALIBI-PTX: kernels: 3 (3 distinct)
// ALIBI-PTX: k1: fallback schedule

// NESTED: @nested_roots: 2 kernels
// NESTED: gpu-sibling-shapes: joined results of different parallel extents {{\[\[}}2, 24], [2, 24, 24]]
// NESTED-PTX: kernels: 2 (2 distinct)

// SIBLINGS: @sum_with_sibling: 2 kernels
// SIBLINGS: gpu-reduction-siblings: a second result sharing a producer with a reduction's chain
// SIBLINGS-EXPLAIN: group sum_with_sibling:2,sum_with_sibling:3,sum_with_sibling:5,sum_with_sibling:6,sum_with_sibling:7: refused [gpu-reduction-siblings]
// SIBLINGS-PTX: kernels: 2 (2 distinct)
// SIBLINGS-PTX: k1: row schedule

//--- cumsum.mlir
func.func @cumsum(%x: tensor<2x24xi64>) -> tensor<2x24xi64> {
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<2x24xi64>
  %z = linalg.fill ins(%c0 : i64) outs(%e : tensor<2x24xi64>) -> tensor<2x24xi64>
  %e2 = tensor.empty() : tensor<2xi64>
  %z2 = linalg.fill ins(%c0 : i64) outs(%e2 : tensor<2xi64>) -> tensor<2xi64>
  %r:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<2x24xi64>) outs(%z, %z2 : tensor<2x24xi64>, tensor<2xi64>) {
  ^bb0(%a: i64, %b: i64):
    %s = arith.addi %a, %b : i64
    tm_tensor.yield %s : i64
  } -> tensor<2x24xi64>, tensor<2xi64>
  return %r#0 : tensor<2x24xi64>
}

//--- alibi.mlir
func.func @alibi_and_mask(%len: tensor<2x1xi64>) -> (tensor<2x24xi64>, tensor<2x1x24x24xi1>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %true = arith.constant true
  %e24 = tensor.empty() : tensor<24xi64>
  %pos = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e24 : tensor<24xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    linalg.yield %ii : i64
  } -> tensor<24xi64>
  %row = tensor.expand_shape %pos [[0, 1]] output_shape [1, 24] : tensor<24xi64> into tensor<1x24xi64>
  %e = tensor.empty() : tensor<2x24xi64>
  %eb = tensor.empty() : tensor<2x24xi1>
  %m:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%row, %len : tensor<1x24xi64>, tensor<2x1xi64>) outs(%e, %eb : tensor<2x24xi64>, tensor<2x24xi1>) {
  ^bb0(%p: i64, %n: i64, %o: i64, %ob: i1):
    %lt = arith.cmpi slt, %p, %n : i64
    %v = arith.extui %lt : i1 to i64
    linalg.yield %v, %lt : i64, i1
  } -> (tensor<2x24xi64>, tensor<2x24xi1>)
  %z = linalg.fill ins(%c0 : i64) outs(%e : tensor<2x24xi64>) -> tensor<2x24xi64>
  %e2 = tensor.empty() : tensor<2xi64>
  %z2 = linalg.fill ins(%c0 : i64) outs(%e2 : tensor<2xi64>) -> tensor<2xi64>
  %cs:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%m#0 : tensor<2x24xi64>) outs(%z, %z2 : tensor<2x24xi64>, tensor<2xi64>) {
  ^bb0(%a: i64, %b: i64):
    %s = arith.addi %a, %b : i64
    tm_tensor.yield %s : i64
  } -> tensor<2x24xi64>, tensor<2xi64>
  %alibi = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%cs#0, %m#0 : tensor<2x24xi64>, tensor<2x24xi64>) outs(%e : tensor<2x24xi64>) {
  ^bb0(%c: i64, %k: i64, %o: i64):
    %d = arith.subi %c, %c1 : i64
    %r = arith.muli %d, %k : i64
    linalg.yield %r : i64
  } -> tensor<2x24xi64>
  %col = tensor.expand_shape %pos [[0, 1]] output_shape [24, 1] : tensor<24xi64> into tensor<24x1xi64>
  %e4 = tensor.empty() : tensor<24x24xi1>
  %causal = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%row, %col : tensor<1x24xi64>, tensor<24x1xi64>) outs(%e4 : tensor<24x24xi1>) {
  ^bb0(%a: i64, %b: i64, %o: i1):
    %gt = arith.cmpi sgt, %a, %b : i64
    linalg.yield %gt : i1
  } -> tensor<24x24xi1>
  %pad = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m#1 : tensor<2x24xi1>) outs(%eb : tensor<2x24xi1>) {
  ^bb0(%a: i1, %o: i1):
    %x = arith.xori %a, %true : i1
    linalg.yield %x : i1
  } -> tensor<2x24xi1>
  %c4 = tensor.expand_shape %causal [[0, 1, 2], [3]] output_shape [1, 1, 24, 24] : tensor<24x24xi1> into tensor<1x1x24x24xi1>
  %p4 = tensor.expand_shape %pad [[0], [1, 2, 3]] output_shape [2, 1, 1, 24] : tensor<2x24xi1> into tensor<2x1x1x24xi1>
  %e5 = tensor.empty() : tensor<2x1x24x24xi1>
  %mask = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c4, %p4 : tensor<1x1x24x24xi1>, tensor<2x1x1x24xi1>) outs(%e5 : tensor<2x1x24x24xi1>) {
  ^bb0(%a: i1, %b: i1, %o: i1):
    %x = arith.ori %a, %b : i1
    linalg.yield %x : i1
  } -> tensor<2x1x24x24xi1>
  return %alibi, %mask : tensor<2x24xi64>, tensor<2x1x24x24xi1>
}

//--- nested.mlir
func.func @nested_roots(%x: tensor<2x24x24xf32>) -> (tensor<2x24xf32>, tensor<2x24x24xi1>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x24xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x24xf32>) -> tensor<2x24xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x24x24xf32>) outs(%z : tensor<2x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<2x24xf32>
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%q : tensor<2x24xf32>) outs(%e : tensor<2x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.subf %a, %c1 : f32
    linalg.yield %s : f32
  } -> tensor<2x24xf32>
  %e3 = tensor.empty() : tensor<2x24x24xi1>
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%q, %q : tensor<2x24xf32>, tensor<2x24xf32>) outs(%e3 : tensor<2x24x24xi1>) {
  ^bb0(%a: f32, %b: f32, %o: i1):
    %m = arith.cmpf ogt, %a, %b : f32
    linalg.yield %m : i1
  } -> tensor<2x24x24xi1>
  return %r1, %r2 : tensor<2x24xf32>, tensor<2x24x24xi1>
}

//--- siblings.mlir
func.func @sum_with_sibling(%x: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  %sib = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.negf %a : f32
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%p : tensor<8x64xf32>) outs(%z : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %o : f32
    linalg.yield %v : f32
  } -> tensor<8xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p, %s : tensor<8x64xf32>, tensor<8xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %v = arith.divf %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  return %sib, %n : tensor<8x64xf32>, tensor<8x64xf32>
}
