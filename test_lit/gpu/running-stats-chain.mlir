// A chain of running statistics (TimesFM 2.5's per-patch running mean and
// deviation): each step reduces one patch, then updates two values from
// both of the previous step's. Inside the kernel's block loop every value
// is read along 2^k paths to the yields; fuse_into_containing_op tiles a
// producer once per slice of it the loop reads, so without a CSE of the
// loop after each fusion the ten steps were cloned ~2^10 times over (this
// test ran past its 60 s; TimesFM's kernel of eight steps and three values
// did not compile in 10 minutes). With it: one clone per op, seconds.
// RUN: timeout 60 %mlirfuse compile %s --no-fuse --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// REPORT: kernels: 1
// REPORT-NEXT: k0: row schedule
// GPU-COUNT-20: arith.mulf
// GPU-NOT: arith.mulf
#id = affine_map<(d0) -> (d0)>
#row = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @running(%x: tensor<2x10x16xf32>, %a0: tensor<2xf32>, %b0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %zero = arith.constant 0.0 : f32
  %g:20 = "fusion.group"() ({
    %e = tensor.empty() : tensor<2xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %x1 = tensor.extract_slice %x[0, 0, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r1 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x1 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a1 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a0, %b0, %r1 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b1 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a0, %b0, %r1 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x2 = tensor.extract_slice %x[0, 1, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r2 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x2 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a1, %b1, %r2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a1, %b1, %r2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x3 = tensor.extract_slice %x[0, 2, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r3 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x3 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a3 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a2, %b2, %r3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b3 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a2, %b2, %r3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x4 = tensor.extract_slice %x[0, 3, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r4 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x4 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a4 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a3, %b3, %r4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b4 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a3, %b3, %r4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x5 = tensor.extract_slice %x[0, 4, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r5 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x5 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a5 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a4, %b4, %r5 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b5 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a4, %b4, %r5 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x6 = tensor.extract_slice %x[0, 5, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r6 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x6 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a6 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a5, %b5, %r6 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b6 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a5, %b5, %r6 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x7 = tensor.extract_slice %x[0, 6, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r7 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x7 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a7 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a6, %b6, %r7 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b7 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a6, %b6, %r7 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x8 = tensor.extract_slice %x[0, 7, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r8 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x8 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a8 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a7, %b7, %r8 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b8 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a7, %b7, %r8 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x9 = tensor.extract_slice %x[0, 8, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r9 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x9 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a9 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a8, %b8, %r9 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b9 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a8, %b8, %r9 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    %x10 = tensor.extract_slice %x[0, 9, 0] [2, 1, 16] [1, 1, 1] : tensor<2x10x16xf32> to tensor<2x16xf32>
    %r10 = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x10 : tensor<2x16xf32>) outs(%z : tensor<2xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %a10 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a9, %b9, %r10 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %q, %r : f32
      %s = arith.addf %p, %m : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %b10 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a9, %b9, %r10 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%p: f32, %q: f32, %r: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %t = arith.addf %r, %m : f32
      linalg.yield %t : f32
    } -> tensor<2xf32>
    "gpu.yield"(%a1, %b1, %a2, %b2, %a3, %b3, %a4, %b4, %a5, %b5, %a6, %b6, %a7, %b7, %a8, %b8, %a9, %b9, %a10, %b10) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
  }) {fusion.pattern = "reduction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 13>} : () -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %g#0, %g#1, %g#2, %g#3, %g#4, %g#5, %g#6, %g#7, %g#8, %g#9, %g#10, %g#11, %g#12, %g#13, %g#14, %g#15, %g#16, %g#17, %g#18, %g#19 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
