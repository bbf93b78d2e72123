// Inputs and a reference from an .npz, results written to another.
// RUN: %python -c "import numpy as np; a = np.arange(12, dtype=np.float32).reshape(3, 4); b = np.array([1, 2, 3, 4], np.float32); np.savez('%t.in.npz', arg0=a, arg1=b, ref=np.maximum(a - b, 0) * 2)"
// RUN: rm -f %t.out.npz
// RUN: %mlirfuse run %s --inputs %t.in.npz --output %t.out.npz --rtol 1e-6 | FileCheck %s
// RUN: %python -c "import numpy as np; d = np.load('%t.out.npz'); print(d.files, d['result0'].dtype, d['result0'].tolist())" | FileCheck %s --check-prefix=OUT
// A wrong reference: the error is printed and --rtol makes it exit 1.
// RUN: %python -c "import numpy as np; a = np.arange(12, dtype=np.float32).reshape(3, 4); np.savez('%t.bad.npz', arg0=a, arg1=np.ones(4, np.float32), ref=np.zeros((3, 4), np.float32))"
// RUN: not %mlirfuse run %s --inputs %t.bad.npz --rtol 1e-6 | FileCheck %s --check-prefix=BAD

// CHECK: @bias_relu2: 2 argument(s) from {{.*}}.in.npz
// CHECK-NEXT: result0: tensor<3x4xf32> sum=80 abs_sum=80 min=0 max=14 first=[0, 0, 0, 0]
// CHECK-NEXT: result0 vs ref: max_abs_err=0.000e+00 max_rel_err=0.000e+00 ok
// OUT: ['result0'] float32 {{\[}}[0.0, 0.0, 0.0, 0.0], [6.0, 6.0, 6.0, 6.0], [14.0, 14.0, 14.0, 14.0]]
// BAD: result0 vs ref: max_abs_err=2.000e+01 max_rel_err=inf FAIL (rtol 1e-06)

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @bias_relu2(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<3x4xf32>, tensor<4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.subf %x, %y : f32
    %m = arith.maximumf %d, %zero : f32
    %t = arith.mulf %m, %two : f32
    linalg.yield %t : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
