// Each chunk runs / is verified on its own; an error in one chunk is reported
// at its line in the file, the others still run, and the exit code is 1.
// RUN: not %mlirfuse run %s --split-input-file --seed 0 > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=CHUNKS < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: not %mlirfuse verify %s --split-input-file --pass-pipeline='builtin.module(linalg-fuse-elementwise-ops)' 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not %mlirfuse run %s --split-input-file --output %t.npz 2>&1 | FileCheck %s --check-prefix=OUTPUT

// CHUNKS: @twice: 1 argument(s) random (seed 0)
// CHUNKS-NEXT: result0: tensor<4xi32> sum=4 abs_sum=12 min=-4 max=6 first=[6, 2, 0, -4]{{$}}
// CHUNKS-NEXT: // -----
// CHUNKS-NEXT: (no function in this chunk)
// CHUNKS-NEXT: // -----
// CHUNKS-NEXT: // -----
// CHUNKS-NEXT: @thrice: 1 argument(s) random (seed 0)
// CHUNKS-NEXT: result0: tensor<4xi32> sum=6 abs_sum=18 min=-6 max=9 first=[9, 3, 0, -6]{{$}}
// CHUNKS-EMPTY:
// ERR: split-input-file.mlir:[[# @LINE + 20]]:10: error: cannot parse the module: use of undeclared SSA value name
// VERIFY: verify @twice: pipeline builtin.module(linalg-fuse-elementwise-ops), inputs seed 0
// VERIFY: verify: ok
// VERIFY: split-input-file.mlir:[[# @LINE + 17]]:10: error: cannot parse the module
// VERIFY: verify @thrice:
// VERIFY: verify: ok
// OUTPUT: error: --output cannot be combined with --split-input-file

func.func @twice(%a: tensor<4xi32>) -> tensor<4xi32> {
  %r = arith.addi %a, %a : tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func private @declaration_only(tensor<4xi32>) -> tensor<4xi32>

// -----

func.func @broken(%a: tensor<4xi32>) -> tensor<4xi32> {
  return %b : tensor<4xi32>
}

// -----

func.func @thrice(%a: tensor<4xi32>) -> tensor<4xi32> {
  %r = arith.addi %a, %a : tensor<4xi32>
  %s = arith.addi %r, %a : tensor<4xi32>
  return %s : tensor<4xi32>
}
