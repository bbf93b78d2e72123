// A dynamic batch (tensor<?x32x64xf32>): bias add, row max and subtract, a
// matmul of the collapsed rows. Every kernel takes its sizes from its memref
// descriptors (or an index argument), its dynamic loop is mapped to blocks
// (one index per block: grid x is the batch, or 32 x the batch), the static
// loops get the usual tiles. The manifest records the grid and every buffer
// size as expressions of the arguments' dims, and the interpreter checks it
// for concrete batch sizes (1 and 3 by default; tests/test_gpu_dynamic.py
// runs two more and the launcher's evaluation).
// REQUIRES: ptxas
// RUN: %mlirfuse compile %s --no-fuse --chip sm_90 -o %t.sm_90.ptx | %FileCheck %s --check-prefixes=REPORT,NOSPILL
// RUN: ptxas -arch=sm_90 %t.sm_90.ptx -o %t.cubin
// RUN: %FileCheck %s --check-prefix=JSON < %t.sm_90.json
// RUN: %python -m mlirfuse.gpu.manifest_check %t.sm_90.json | %FileCheck %s --check-prefix=MANIFEST
// Fused (groups with a dynamic extent lower too): two kernels, for sm_80.
// RUN: %mlirfuse compile %s --chip sm_80 -o %t.sm_80.ptx | %FileCheck %s --check-prefixes=FUSED,NOSPILL
// RUN: ptxas -arch=sm_80 %t.sm_80.ptx -o %t.cubin
// RUN: %python -m mlirfuse.gpu.manifest_check %t.sm_80.json | %FileCheck %s --check-prefix=FUSEDOK
// REPORT: kernels: 4
// REPORT-NEXT: k0: elementwise schedule, block (16, 8, 1)
// REPORT-NEXT: k1: row schedule, block (16, 1, 1)
// REPORT-NEXT: k2: elementwise schedule, block (16, 8, 1)
// REPORT-NEXT: k3: contraction schedule, block (16, 1, 1)
// NOSPILL-NOT: {{_k[0-9]+ +[0-9]+ +[1-9]}}
// JSON: "name": "arg0",
// JSON-NEXT: "shape": [
// JSON-NEXT: {
// JSON-NEXT: "arg": 0,
// JSON-NEXT: "dim": 0
// JSON: "kernel": "dyn_k0",
// JSON: "grid": [
// JSON-NEXT: {
// JSON-NEXT: "arg": 0,
// JSON-NEXT: "dim": 0
// JSON-NEXT: },
// JSON-NEXT: 4,
// JSON: "kernel": "dyn_k3",
// JSON: "grid": [
// JSON-NEXT: {
// JSON-NEXT: "mul": [
// MANIFEST: ok (4 launches)
// FUSED: kernels: 2
// FUSEDOK: ok (2 launches)
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#b3 = affine_map<(d0, d1, d2) -> (d2)>
#red = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dyn(%x: tensor<?x32x64xf32>, %b: tensor<64xf32>, %w: tensor<64x64xf32>) -> tensor<?x32x64xf32> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %n = tensor.dim %x, %c0 : tensor<?x32x64xf32>
    %e = tensor.empty(%n) : tensor<?x32x64xf32>
    %a = linalg.generic {indexing_maps = [#id3, #b3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %b : tensor<?x32x64xf32>, tensor<64xf32>) outs(%e : tensor<?x32x64xf32>) {
    ^bb0(%i: f32, %j: f32, %o: f32):
      %s = arith.addf %i, %j : f32
      linalg.yield %s : f32
    } -> tensor<?x32x64xf32>
    %er = tensor.empty(%n) : tensor<?x32xf32>
    %fr = linalg.fill ins(%ninf : f32) outs(%er : tensor<?x32xf32>) -> tensor<?x32xf32>
    %m = linalg.generic {indexing_maps = [#id3, #red], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a : tensor<?x32x64xf32>) outs(%fr : tensor<?x32xf32>) {
    ^bb0(%i: f32, %o: f32):
      %s = arith.maximumf %i, %o : f32
      linalg.yield %s : f32
    } -> tensor<?x32xf32>
    %y = linalg.generic {indexing_maps = [#id3, #red, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a, %m : tensor<?x32x64xf32>, tensor<?x32xf32>) outs(%e : tensor<?x32x64xf32>) {
    ^bb0(%i: f32, %j: f32, %o: f32):
      %s = arith.subf %i, %j : f32
      linalg.yield %s : f32
    } -> tensor<?x32x64xf32>
    %c = tensor.collapse_shape %y [[0, 1], [2]] : tensor<?x32x64xf32> into tensor<?x64xf32>
    %rows = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%n]
    %em = tensor.empty(%rows) : tensor<?x64xf32>
    %fm = linalg.fill ins(%cst : f32) outs(%em : tensor<?x64xf32>) -> tensor<?x64xf32>
    %mm = linalg.matmul ins(%c, %w : tensor<?x64xf32>, tensor<64x64xf32>) outs(%fm : tensor<?x64xf32>) -> tensor<?x64xf32>
    %r = tensor.expand_shape %mm [[0, 1], [2]] output_shape [%n, 32, 64] : tensor<?x64xf32> into tensor<?x32x64xf32>
    return %r : tensor<?x32x64xf32>
  }
}
