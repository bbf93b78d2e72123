// Blocks of real models exported with a dynamic batch (docs/dynamic-shapes.md),
// each compiled and checked under its GPU schedule on the CPU against the
// unfused function at two batch sizes. Found by exporting zoo models with a
// dynamic batch (whisper, llama); each failed before:
// - @qkv, Whisper's projections: K has no bias and Q's epilogue writes into
//   its matmul's result. The three matmuls' shared zero fill joined their
//   group, and tile-and-fuse moved it into one matmul's loop only: the other
//   two accumulated into buffers nothing zeroed (wrong results; the static
//   case passed only because the CPU check handed out zeroed result buffers,
//   which it now fills with NaN, as a GPU's fresh memory is not zeroed).
//   Each member reading a shared fill now gets its own clone (gpu/kernels.py).
// - @rope, a rotary embedding's rotate_half: a concat along a static dim of
//   a dynamic batch was left on the host ("'tensor.concat' outside any
//   kernel"); it is now a gather kernel sized by its first input, and the
//   negation only that gather reads is computed at its reads
//   (transforms/gather_inline.py): one kernel.
// - @conv, Whisper's front end: a padded conv1d over a dynamic batch stopped
//   at "tensor.pad with a dynamic result shape"; an unpadded dynamic dim now
//   takes the source's size, and the conv's bias broadcast init becomes its
//   epilogue as in the static case (one kernel, not two).
// RUN: split-file %s %t
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t/qkv{b}.npz', arg0=f(b,64), arg1=f(64,64), arg2=f(64), arg3=f(64,64), arg4=f(64,64), arg5=f(64)) for b in (2, 48)]; [n.savez(f'%t/rope{b}.npz', arg0=f(b,8,16), arg1=f(8,16), arg2=f(8,16)) for b in (1, 3)]; [n.savez(f'%t/conv{b}.npz', arg0=f(b,16,64), arg1=f(64,16,3), arg2=f(64)) for b in (1, 3)]"
//
// RUN: %mlirfuse plan %t/qkv.mlir --backend gpu | %FileCheck %s --check-prefix=QKV
// RUN: %mlirfuse compile %t/qkv.mlir --emit-gpu %t/qkv.gpu.mlir -o %t/qkv.ptx | %FileCheck %s --check-prefix=ONE
// RUN: %FileCheck %s --check-prefix=ZEROED < %t/qkv.gpu.mlir
// RUN: %mlirfuse verify %t/qkv.mlir --schedule gpu --inputs %t/qkv2.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/qkv.mlir --schedule gpu --inputs %t/qkv48.npz | %FileCheck %s --check-prefix=OK
// QKV: @qkv: 1 kernels
// QKV-NEXT: group 0: horizontal-contraction ops [5,6,7,8,9,10]
// ONE: kernels: 1
// ZEROED-LABEL: gpu.func @qkv_k0
// ZEROED-COUNT-3: memref.store %cst, %{{.*}} : memref<1x2xf32
// ZEROED-NOT: memref.store %cst,
// ZEROED: gpu.return
// OK: verify: ok
//
// RUN: %mlirfuse compile %t/rope.mlir -o %t/rope.ptx | %FileCheck %s --check-prefix=ROPE
// RUN: %FileCheck %s --check-prefix=ROPEGRID < %t/rope.json
// RUN: %mlirfuse verify %t/rope.mlir --schedule gpu --inputs %t/rope1.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/rope.mlir --schedule gpu --inputs %t/rope3.npz | %FileCheck %s --check-prefix=OK
// ROPE: kernels: 1
// ROPEGRID: "grid": [
// ROPEGRID-NEXT: {
// ROPEGRID-NEXT: "arg": 0,
// ROPEGRID-NEXT: "dim": 0
//
// RUN: %mlirfuse plan %t/conv.mlir --backend gpu | %FileCheck %s --check-prefix=CONV
// RUN: %mlirfuse compile %t/conv.mlir -o %t/conv.ptx | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse verify %t/conv.mlir --schedule gpu --inputs %t/conv1.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/conv.mlir --schedule gpu --inputs %t/conv3.npz | %FileCheck %s --check-prefix=OK
// CONV: @conv: 1 kernels
// CONV-NEXT: group 0: contraction-epilogue

//--- qkv.mlir
#m = affine_map<(d0, d1) -> (d0, d1)>
#b = affine_map<(d0, d1) -> (d1)>
func.func @qkv(%x: tensor<?x64xf32>, %wq: tensor<64x64xf32>, %bq: tensor<64xf32>, %wk: tensor<64x64xf32>, %wv: tensor<64x64xf32>, %bv: tensor<64xf32>) -> (tensor<?x64xf32>, tensor<?x64xf32>, tensor<?x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.25 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<?x64xf32>, tensor<64x64xf32>) outs(%f : tensor<?x64xf32>) -> tensor<?x64xf32>
  %qs = linalg.generic {indexing_maps = [#m, #b, #m], iterator_types = ["parallel", "parallel"]} ins(%q, %bq : tensor<?x64xf32>, tensor<64xf32>) outs(%q : tensor<?x64xf32>) {
  ^bb0(%a: f32, %bb: f32, %o: f32):
    %s = arith.addf %a, %bb : f32
    %t = arith.mulf %s, %scale : f32
    linalg.yield %t : f32
  } -> tensor<?x64xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<?x64xf32>, tensor<64x64xf32>) outs(%f : tensor<?x64xf32>) -> tensor<?x64xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<?x64xf32>, tensor<64x64xf32>) outs(%f : tensor<?x64xf32>) -> tensor<?x64xf32>
  %vb = linalg.generic {indexing_maps = [#m, #b, #m], iterator_types = ["parallel", "parallel"]} ins(%v, %bv : tensor<?x64xf32>, tensor<64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%a: f32, %bb: f32, %o: f32):
    %s = arith.addf %a, %bb : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  return %qs, %k, %vb : tensor<?x64xf32>, tensor<?x64xf32>, tensor<?x64xf32>
}

//--- rope.mlir
#m = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d1, d2)>
func.func @rope(%x: tensor<?x8x16xf32>, %cos: tensor<8x16xf32>, %sin: tensor<8x16xf32>) -> tensor<?x8x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x8x16xf32>
  %lo = tensor.extract_slice %x[0, 0, 0] [%b, 8, 8] [1, 1, 1] : tensor<?x8x16xf32> to tensor<?x8x8xf32>
  %hi = tensor.extract_slice %x[0, 0, 8] [%b, 8, 8] [1, 1, 1] : tensor<?x8x16xf32> to tensor<?x8x8xf32>
  %eh = tensor.empty(%b) : tensor<?x8x8xf32>
  %neg = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel", "parallel"]} ins(%hi : tensor<?x8x8xf32>) outs(%eh : tensor<?x8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<?x8x8xf32>
  %rot = tensor.concat dim(2) %neg, %lo : (tensor<?x8x8xf32>, tensor<?x8x8xf32>) -> tensor<?x8x16xf32>
  %e = tensor.empty(%b) : tensor<?x8x16xf32>
  %y = linalg.generic {indexing_maps = [#m, #c, #m, #c, #m], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %cos, %rot, %sin : tensor<?x8x16xf32>, tensor<8x16xf32>, tensor<?x8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<?x8x16xf32>) {
  ^bb0(%a: f32, %ca: f32, %r: f32, %sa: f32, %o: f32):
    %p = arith.mulf %a, %ca : f32
    %q = arith.mulf %r, %sa : f32
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<?x8x16xf32>
  return %y : tensor<?x8x16xf32>
}

//--- conv.mlir
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @conv(%arg0: tensor<?x16x64xf32>, %arg1: tensor<64x16x3xf32>, %arg2: tensor<64xf32>) -> tensor<?x64x64xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  %dim = tensor.dim %arg0, %c0 : tensor<?x16x64xf32>
  %padded = tensor.pad %arg0 low[0, 0, 1] high[0, 0, 1] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %cst : f32
  } : tensor<?x16x64xf32> to tensor<?x16x66xf32>
  %1 = tensor.empty(%dim) : tensor<?x64x64xf32>
  %broadcasted = linalg.broadcast ins(%arg2 : tensor<64xf32>) outs(%1 : tensor<?x64x64xf32>) dimensions = [0, 2]
  %2 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%padded, %arg1 : tensor<?x16x66xf32>, tensor<64x16x3xf32>) outs(%broadcasted : tensor<?x64x64xf32>) -> tensor<?x64x64xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<?x64x64xf32>) outs(%1 : tensor<?x64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %y = arith.mulf %in, %in : f32
    linalg.yield %y : f32
  } -> tensor<?x64x64xf32>
  return %3 : tensor<?x64x64xf32>
}
