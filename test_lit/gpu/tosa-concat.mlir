// Linalg from TOSA writes a concat (Llama's rotary `cat(-x2, x1)`, and
// `cat(freqs, freqs)`) as a tensor.empty and one tensor.insert_slice per
// operand. The GPU back end made each insert_slice a strided gather too heavy
// to fuse: two kernels here, the concatenated tensor written and read back.
// Insert_slices tiling an empty tensor along one dim are now the
// tensor.concat they compute (transforms/inserted_concats.py), one gather
// that its reader fuses: one kernel, as for torch-mlir's linalg.
// RUN: split-file %s %t
// RUN: %mlirfuse-opt %t/rotary.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s --check-prefix=CONCAT
// RUN: %mlirfuse compile %t/rotary.mlir -o %t/rotary.ptx | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse verify %t/rotary.mlir --func rotary --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse-opt %t/untiled.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s --check-prefix=UNTILED
// RUN: %mlirfuse verify %t/untiled.mlir --func overlap --schedule gpu | %FileCheck %s --check-prefix=OK
// CONCAT-LABEL: func.func @rotary
// CONCAT-NOT: tensor.insert_slice
// CONCAT: tensor.concat dim(3) %{{.+}}, %{{.+}} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
// CONCAT-NOT: tensor.insert_slice
// ONE: kernels: 1
// ONE-NEXT: k0: elementwise schedule
// OK: verify: ok
// Slices that leave a gap (the last element of each row never written: no
// verify, it reads what tensor.empty holds) or overlap (each slice
// overwrites half the one before) are no concat: the insert_slices stay.
// UNTILED-LABEL: func.func @gap
// UNTILED-NOT: tensor.concat
// UNTILED: tensor.insert_slice
// UNTILED-LABEL: func.func @overlap
// UNTILED-NOT: tensor.concat
// UNTILED: tensor.insert_slice

//--- rotary.mlir
// The empty tensor the slices go into is also the sin product's init (as CSE
// leaves it): a tensor is a value, its other reader sees no insert.
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bcast = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
func.func @rotary(%x: tensor<1x4x8x16xf32>, %cos: tensor<1x1x8x16xf32>, %sin: tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32> {
  %e0 = tensor.empty() : tensor<1x4x8x16xf32>
  %xc = linalg.generic {indexing_maps = [#id4, #bcast, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %cos : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%e0 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x16xf32>
  %x1 = tensor.extract_slice %x[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
  %x2 = tensor.extract_slice %x[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
  %e1 = tensor.empty() : tensor<1x4x8x8xf32>
  %neg = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x2 : tensor<1x4x8x8xf32>) outs(%e1 : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x4x8x8xf32>
  %e2 = tensor.empty() : tensor<1x4x8x16xf32>
  %i0 = tensor.insert_slice %neg into %e2[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x8xf32> into tensor<1x4x8x16xf32>
  %rot = tensor.insert_slice %x1 into %i0[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x8xf32> into tensor<1x4x8x16xf32>
  %rs = linalg.generic {indexing_maps = [#id4, #bcast, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%rot, %sin : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%e2 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x16xf32>
  %e4 = tensor.empty() : tensor<1x4x8x16xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%xc, %rs : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%e4 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %a = arith.addf %in, %in_1 : f32
    linalg.yield %a : f32
  } -> tensor<1x4x8x16xf32>
  return %y : tensor<1x4x8x16xf32>
}

//--- untiled.mlir
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bcast = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
func.func @gap(%x: tensor<1x4x8x16xf32>, %cos: tensor<1x1x8x16xf32>, %sin: tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32> {
  %e0 = tensor.empty() : tensor<1x4x8x16xf32>
  %xc = linalg.generic {indexing_maps = [#id4, #bcast, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %cos : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%e0 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x16xf32>
  %x1 = tensor.extract_slice %x[0, 0, 0, 0] [1, 4, 8, 7] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x7xf32>
  %x2 = tensor.extract_slice %x[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
  %e1 = tensor.empty() : tensor<1x4x8x8xf32>
  %neg = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x2 : tensor<1x4x8x8xf32>) outs(%e1 : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x4x8x8xf32>
  %e2 = tensor.empty() : tensor<1x4x8x16xf32>
  %i0 = tensor.insert_slice %neg into %e2[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x8xf32> into tensor<1x4x8x16xf32>
  %rot = tensor.insert_slice %x1 into %i0[0, 0, 0, 8] [1, 4, 8, 7] [1, 1, 1, 1] : tensor<1x4x8x7xf32> into tensor<1x4x8x16xf32>
  %e3 = tensor.empty() : tensor<1x4x8x16xf32>
  %rs = linalg.generic {indexing_maps = [#id4, #bcast, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%rot, %sin : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%e3 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x16xf32>
  %e4 = tensor.empty() : tensor<1x4x8x16xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%xc, %rs : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%e4 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %a = arith.addf %in, %in_1 : f32
    linalg.yield %a : f32
  } -> tensor<1x4x8x16xf32>
  return %y : tensor<1x4x8x16xf32>
}

func.func @overlap(%x: tensor<1x4x8x16xf32>, %cos: tensor<1x1x8x16xf32>, %sin: tensor<1x1x8x16xf32>) -> tensor<1x4x8x16xf32> {
  %e0 = tensor.empty() : tensor<1x4x8x16xf32>
  %xc = linalg.generic {indexing_maps = [#id4, #bcast, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %cos : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%e0 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x16xf32>
  %x1 = tensor.extract_slice %x[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
  %x2 = tensor.extract_slice %x[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
  %e1 = tensor.empty() : tensor<1x4x8x8xf32>
  %neg = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x2 : tensor<1x4x8x8xf32>) outs(%e1 : tensor<1x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x4x8x8xf32>
  %e2 = tensor.empty() : tensor<1x4x8x16xf32>
  %i0 = tensor.insert_slice %neg into %e2[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x8xf32> into tensor<1x4x8x16xf32>
  %i1 = tensor.insert_slice %x1 into %i0[0, 0, 0, 4] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x8xf32> into tensor<1x4x8x16xf32>
  %rot = tensor.insert_slice %x2 into %i1[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x8xf32> into tensor<1x4x8x16xf32>
  %e3 = tensor.empty() : tensor<1x4x8x16xf32>
  %rs = linalg.generic {indexing_maps = [#id4, #bcast, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%rot, %sin : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%e3 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x16xf32>
  %e4 = tensor.empty() : tensor<1x4x8x16xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%xc, %rs : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%e4 : tensor<1x4x8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %a = arith.addf %in, %in_1 : f32
    linalg.yield %a : f32
  } -> tensor<1x4x8x16xf32>
  return %y : tensor<1x4x8x16xf32>
}
