// bf16 arithmetic on the CPU runner: an RMSNorm epilogue as LongCat-Flash's
// q/k norm (f32 normalised value rounded to bf16, times a bf16 weight, times a
// bf16 constant). LLVM's loop vectorizer made vector bf16 `fmul`s of it, on
// which LLVM 22's x86 back end aborts on AVX512-FP16 hosts ("Unexpected
// illegal type!"). The runner now computes bf16 in f32 with integer casts, so
// no bf16 arithmetic reaches LLVM (the @cpu-llvm checks hold on any host), and
// rounds after each op as before (the checksums are those of numpy rounding
// every product to bf16).
// RUN: %mlirfuse run %s | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='@cpu-llvm' | FileCheck %s --check-prefix=LLVM
// CHECK: result0: tensor<2x16x32xbf16> sum=7.969011 abs_sum=210.1149 min=-1.15625 max=1.335938
// LLVM-LABEL: llvm.func @norm_epilogue(
// LLVM-NOT: llvm.fp{{ext|trunc}} {{.*}}bf16
// LLVM-NOT: llvm.f{{add|sub|mul|div}} {{.*}}bf16
// Three roundings to bf16 (x*s, its product with the weight, then with the
// constant), each an integer round-to-nearest-even with a NaN select.
// LLVM-COUNT-3: llvm.select {{.*}} : i1, i16
// LLVM-NOT: llvm.select {{.*}} : i1, i16
// LLVM: llvm.return
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#col = affine_map<(d0, d1, d2) -> (d2)>
func.func @norm_epilogue(%w: tensor<32xbf16>, %x: tensor<2x16x32xf32>, %s: tensor<2x16x1xf32>) -> tensor<2x16x32xbf16> {
  %c = arith.constant 1.4140625 : bf16
  %e = tensor.empty() : tensor<2x16x32xbf16>
  %r = linalg.generic {indexing_maps = [#col, #id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%w, %x, %s : tensor<32xbf16>, tensor<2x16x32xf32>, tensor<2x16x1xf32>) outs(%e : tensor<2x16x32xbf16>) {
  ^bb0(%wi: bf16, %xi: f32, %si: f32, %o: bf16):
    %n = arith.mulf %xi, %si : f32
    %t = arith.truncf %n : f32 to bf16
    %y = arith.mulf %wi, %t : bf16
    %z = arith.mulf %y, %c : bf16
    linalg.yield %z : bf16
  } -> tensor<2x16x32xbf16>
  return %r : tensor<2x16x32xbf16>
}
