// Errors are located diagnostics on stderr, exit 1, no traceback, no output file.
// RUN: rm -f %t.out.npz
// RUN: not %mlirfuse run %s --func nope --output %t.out.npz 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: test ! -e %t.out.npz
// RUN: not %mlirfuse run %s 2>&1 | FileCheck %s --check-prefix=SEVERAL
// RUN: %python -c "import numpy as np; np.savez('%t.short.npz', arg0=np.zeros((2, 3), np.float32))"
// RUN: not %mlirfuse run %s --func f --inputs %t.short.npz 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: %python -c "import numpy as np; np.savez('%t.f64.npz', arg0=np.zeros((2, 4)))"
// RUN: not %mlirfuse run %s --func f --inputs %t.f64.npz 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: %python -c "import numpy as np; np.savez('%t.gap.npz', arg0=np.zeros((2, 4), np.float32), arg2=np.zeros(1))"
// RUN: not %mlirfuse run %s --func f --inputs %t.gap.npz 2>&1 | FileCheck %s --check-prefix=GAP
// RUN: not %mlirfuse run %s --func f --inputs %t.missing.npz 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not %mlirfuse run %s --func g 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not %mlirfuse run %t.does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=NOMLIR

// FUNC: error: no function @nope in {{.*}}run-errors.mlir (defined: @f, @g)
// FUNC-NOT: Traceback
// SEVERAL: error: {{.*}}run-errors.mlir defines several functions (@f, @g): choose one with --func
// SHAPE: run-errors.mlir:[[@LINE+7]]:1: error: argument #0 of @f is tensor<2x4xf32> but the array has shape 2x3
// DTYPE: run-errors.mlir:[[@LINE+6]]:1: error: argument #0 of @f is tensor<2x4xf32> but the array has dtype float64 (convert it with .astype(numpy.float32))
// GAP: error: {{.*}}gap.npz: inputs must be arg0, arg1, ... without gaps; missing arg1
// NOFILE: error: cannot read inputs from {{.*}}missing.npz
// TYPE: run-errors.mlir:[[@LINE+7]]:1: error: argument #0 of @g has type index: the runner supports ranked tensors only
// NOMLIR: error: cannot open input file '{{.*}}does-not-exist.mlir': No such file or directory

func.func @f(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  return %a : tensor<2x4xf32>
}

func.func @g(%i: index) -> index {
  return %i : index
}
