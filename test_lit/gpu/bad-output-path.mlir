// An output in a directory that does not exist: refused before the compile
// starts, with the path named, a non-zero exit and no traceback (it used to
// compile for seconds and then die on the copy with FileNotFoundError).
// RUN: rm -rf %t.missing
// RUN: not %mlirfuse compile %s -o %t.missing/out.ptx 2>&1 | %FileCheck %s --check-prefix=PTX
// RUN: not %mlirfuse compile %s --emit-gpu %t.missing/out.gpu.mlir 2>&1 | %FileCheck %s --check-prefix=GPU
// RUN: not test -e %t.missing
// PTX: mlirfuse compile: error: cannot write {{.*}}.missing/out.ptx: no directory {{.*}}.missing
// PTX-NOT: Traceback
// GPU: mlirfuse compile: error: cannot write {{.*}}.missing/out.gpu.mlir: no directory
// GPU-NOT: Traceback
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
