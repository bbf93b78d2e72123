// A bf16 LayerNorm as torch-mlir exports a training step (a ViT's): the
// input is widened to f32 once (`extf`), and the widened value is read by
// the mean's sum, by `x - mean`, and after a matmul by the backward pass's
// `x - mean` again. Kept as a tensor of its own, the f32 copy was written by
// the mean's kernel (8,704 B) and read back by the others, twice the bf16
// input's bytes each. The GPU back end recomputes a 16-bit-to-f32 cast in
// its readers when every reduction among them is a sum
// (`gpu/reduction_casts.py`): each kernel reads the bf16 input instead, and
// none writes the copy. A softmax's upcast, which a max reads, stays (the second
// function: the attention matcher takes it there).
//
// RUN: %mlirfuse plan --backend gpu %s | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --func layernorm_bf16 --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func softmax_bf16_upcast_stays --schedule gpu | %FileCheck %s --check-prefix=OK

// PLAN-LABEL: @layernorm_bf16: 2 kernels
// PLAN-NEXT: group 0: single ops [5] root 5
// PLAN-NEXT: read 4,352 B, written 136 B,
// PLAN-NEXT: group 1: contraction-epilogue
// PLAN-NEXT: read 12,680 B, written 8,704 B,
// PLAN-LABEL: @softmax_bf16_upcast_stays: 1 kernels
// PLAN-NEXT: group 0: reduction-epilogue ops [2,4,5,6] root 5

// OK: verify: ok

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#mA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mC = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @layernorm_bf16(%x: tensor<34x64xbf16>, %w: tensor<64x64xbf16>) -> tensor<34x64xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %n = arith.constant 6.400000e+01 : f32
    %e32 = tensor.empty() : tensor<34x64xf32>
    %wide = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<34x64xbf16>) outs(%e32 : tensor<34x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %c = arith.extf %in : bf16 to f32
      linalg.yield %c : f32
    } -> tensor<34x64xf32>
    %er = tensor.empty() : tensor<34xf32>
    %zr = linalg.fill ins(%zero : f32) outs(%er : tensor<34xf32>) -> tensor<34xf32>
    %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%wide : tensor<34x64xf32>) outs(%zr : tensor<34xf32>) {
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %out : f32
      linalg.yield %a : f32
    } -> tensor<34xf32>
    %eb = tensor.empty() : tensor<34x64xbf16>
    %centred = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%wide, %sum : tensor<34x64xf32>, tensor<34xf32>) outs(%eb : tensor<34x64xbf16>) {
    ^bb0(%in: f32, %s: f32, %out: bf16):
      %m = arith.divf %s, %n : f32
      %d = arith.subf %in, %m : f32
      %t = arith.truncf %d : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<34x64xbf16>
    %acc = linalg.fill ins(%zero : f32) outs(%e32 : tensor<34x64xf32>) -> tensor<34x64xf32>
    %mm = linalg.matmul indexing_maps = [#mA, #mB, #mC] ins(%centred, %w : tensor<34x64xbf16>, tensor<64x64xbf16>) outs(%acc : tensor<34x64xf32>) -> tensor<34x64xf32>
    %back = linalg.generic {indexing_maps = [#id, #row, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%wide, %sum, %mm : tensor<34x64xf32>, tensor<34xf32>, tensor<34x64xf32>) outs(%e32 : tensor<34x64xf32>) {
    ^bb0(%in: f32, %s: f32, %g: f32, %out: f32):
      %m = arith.divf %s, %n : f32
      %d = arith.subf %in, %m : f32
      %p = arith.mulf %d, %g : f32
      linalg.yield %p : f32
    } -> tensor<34x64xf32>
    return %back : tensor<34x64xf32>
  }

  // A softmax's upcast: a max reads it, so it stays as it was.
  func.func @softmax_bf16_upcast_stays(%x: tensor<34x64xbf16>) -> (tensor<34x64xf32>, tensor<34xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %e32 = tensor.empty() : tensor<34x64xf32>
    %wide = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<34x64xbf16>) outs(%e32 : tensor<34x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %c = arith.extf %in : bf16 to f32
      linalg.yield %c : f32
    } -> tensor<34x64xf32>
    %er = tensor.empty() : tensor<34xf32>
    %zr = linalg.fill ins(%ninf : f32) outs(%er : tensor<34xf32>) -> tensor<34xf32>
    %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%wide : tensor<34x64xf32>) outs(%zr : tensor<34xf32>) {
    ^bb0(%in: f32, %out: f32):
      %a = arith.maximumf %in, %out : f32
      linalg.yield %a : f32
    } -> tensor<34xf32>
    %shifted = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%wide, %max : tensor<34x64xf32>, tensor<34xf32>) outs(%e32 : tensor<34x64xf32>) {
    ^bb0(%in: f32, %m: f32, %out: f32):
      %d = arith.subf %in, %m : f32
      %e = math.exp %d : f32
      linalg.yield %e : f32
    } -> tensor<34x64xf32>
    return %shifted, %max : tensor<34x64xf32>, tensor<34xf32>
  }
}
