func.func @bad(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.exp ins(%x : tensor<4xf32>) outs(%y : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
