// Not MLIR that parses: the zoo must report it located, in the table.
func.func @broken(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.emptyy() : tensor<4xf32>
  return %a : tensor<4xf32>
}
