// A named pipeline is loaded from pipelines/<name>.pipeline by `@name`, as the
// whole pipeline or as one element among others; --pipeline-file reads any file.
// RUN: %mlirfuse-opt %s --pass-pipeline=@cpu-llvm | FileCheck %s --check-prefix=LLVM
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(canonicalize,@cpu-llvm)' | FileCheck %s --check-prefix=LLVM
// RUN: %mlirfuse-opt %s --pipeline-file=%S/Inputs/inline-cse.pipeline | FileCheck %s --check-prefix=FILE
// RUN: not %mlirfuse-opt %s --pass-pipeline=@cpu-llvn 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %mlirfuse-opt %s --pipeline-file=%S/Inputs/missing.pipeline 2>&1 | FileCheck %s --check-prefix=MISSING

// LLVM:     llvm.func @scale(
// LLVM-NOT: linalg.
// LLVM-NOT: fusion.group

// FILE-LABEL: func.func @scale(
// FILE-NOT:     fusion.group
// FILE:         linalg.mul

// UNKNOWN: mlirfuse-opt: error: unknown named pipeline '@cpu-llvn'; did you mean @cpu-llvm
// MISSING: mlirfuse-opt: error: cannot read pipeline file '{{.*}}missing.pipeline': No such file or directory

func.func @scale(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = "fusion.group"() ({
    %e = tensor.empty() : tensor<4xf32>
    %m = linalg.mul ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    gpu.yield %m : tensor<4xf32>
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<4xf32>
  return %r : tensor<4xf32>
}
