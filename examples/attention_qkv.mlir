// The Q, K and V projections of one attention layer: three matmuls reading the
// same activations %x (128 tokens x 256 features) with 256x64 weights each.
// `mlirfuse-horizontal-contraction` turns them into ONE matmul over the weights
// concatenated along N (256x192) and slices Q, K and V back out.
func.func @attention_qkv(%x: tensor<128x256xf32>, %wq: tensor<256x64xf32>, %wk: tensor<256x64xf32>,
                         %wv: tensor<256x64xf32>) -> (tensor<128x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<128x64xf32>) -> tensor<128x64xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<128x256xf32>, tensor<256x64xf32>) outs(%init : tensor<128x64xf32>) -> tensor<128x64xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<128x256xf32>, tensor<256x64xf32>) outs(%init : tensor<128x64xf32>) -> tensor<128x64xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<128x256xf32>, tensor<256x64xf32>) outs(%init : tensor<128x64xf32>) -> tensor<128x64xf32>
  return %q, %k, %v : tensor<128x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>
}
