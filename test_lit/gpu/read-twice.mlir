// gpu-read-twice: an op that reads one value of the kernel through two
// operands whose tiles differ. JetMoE regroups tokens by expert with the
// inverse of a sort: a reduction over positions whose init is an iota it
// also reads whole as an input. Tile-and-fuse moves a producer into its
// consumer for one operand's slice only; planned as one kernel with its
// gather, the fallback schedule failed ("could not find next producer to
// fuse"). The back end refuses such a group, the plan keeps the iota apart.
// Nor may the reduction join its gather: it reads the iota as an input and
// as its init, and tiling makes the loop's destination (which the threads
// write) stand for every use of the init's value in the loop, the input's
// too: on a real permutation the fused kernel computed wrong rows.
// RUN: %python -c "import numpy as n; r = n.random.default_rng(0); n.savez('%t.inv.npz', arg0=r.permutation(32).astype(n.int64), arg1=r.standard_normal((16, 8)).astype(n.float32))"
// RUN: %mlirfuse verify %s --func inverse --schedule gpu --inputs %t.inv.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse explain %s --func inverse --backend gpu --group 2,3 | FileCheck %s --check-prefix=REFUSED
// RUN: %mlirfuse explain %s --func inverse --group 2,3 | FileCheck %s --check-prefix=ANALYSIS
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// REFUSED: group inverse:2,inverse:3: refused [gpu-read-twice]: 'linalg.generic' reads a value of the kernel through operands 1 and 2
// ANALYSIS: group inverse:2,inverse:3: ok [ok]
// CHECK-NOT: error
// CHECK: kernels: 6
// OK: verify: ok

#row = affine_map<(d0) -> (d0)>
#col2 = affine_map<(d0, d1) -> (d1)>
#row2 = affine_map<(d0, d1) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @inverse(%perm: tensor<32xi64>, %table: tensor<16x8xf32>) -> tensor<32x8xf32> {
  %c4 = arith.constant 4 : i64
  %e = tensor.empty() : tensor<32xi64>
  %iota = linalg.generic {indexing_maps = [#row], iterator_types = ["parallel"]} outs(%e : tensor<32xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    linalg.yield %v : i64
  } -> tensor<32xi64>
  %inv = linalg.generic {indexing_maps = [#col2, #col2, #row2], iterator_types = ["parallel", "reduction"]}
       ins(%perm, %iota : tensor<32xi64>, tensor<32xi64>) outs(%iota : tensor<32xi64>) {
  ^bb0(%p: i64, %j: i64, %o: i64):
    %i = linalg.index 0 : index
    %iv = arith.index_cast %i : index to i64
    %hit = arith.cmpi eq, %p, %iv : i64
    %r = arith.select %hit, %j, %o : i64
    linalg.yield %r : i64
  } -> tensor<32xi64>
  %eg = tensor.empty() : tensor<32x8xf32>
  %g = linalg.generic {indexing_maps = [#row2, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
       ins(%inv : tensor<32xi64>) outs(%eg : tensor<32x8xf32>) {
  ^bb0(%v: i64, %o: f32):
    %q = arith.divsi %v, %c4 : i64
    %k = arith.index_cast %q : i64 to index
    %c = linalg.index 1 : index
    %x = tensor.extract %table[%k, %c] : tensor<16x8xf32>
    linalg.yield %x : f32
  } -> tensor<32x8xf32>
  return %g : tensor<32x8xf32>
}

// The same inverse permutation with the iota from outside the kernel (where
// the plan now keeps it), then its division and gather, as in JetMoE: the
// reduction reads two inputs that each miss the parallel loop, the maps of a
// contraction, but its body selects instead of multiplying and adding.
// `opshape.is_contraction` took it for a contraction (the contraction
// schedule splits K and sums partials: jetmoe_layer's kernel computed wrong
// positions, max abs error 2.8); it now asks for a multiply-accumulate body.
// Under the fallback schedule the fused kernel was still wrong (the input
// read the destination, above): the reduction reading its init's value as an
// input is refused a kernel with others, so it runs alone. The inputs are a
// real permutation (random ones never match a position).
// RUN: %python -c "import numpy as n; r = n.random.default_rng(0); n.savez('%t.npz', arg0=r.permutation(32).astype(n.int64), arg1=n.arange(32, dtype=n.int64), arg2=r.standard_normal((16, 8)).astype(n.float32))"
// RUN: %mlirfuse verify %s --func inverse_given --schedule gpu --inputs %t.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %s -o %t.given.ptx | FileCheck %s --check-prefix=GIVEN
// GIVEN: kernels: 6
// GIVEN-NOT: contraction schedule
func.func @inverse_given(%perm: tensor<32xi64>, %iota: tensor<32xi64>, %table: tensor<16x8xf32>) -> (tensor<32xi64>, tensor<32xi64>, tensor<32x8xf32>) {
  %c4 = arith.constant dense<4> : tensor<i64>
  %inv = linalg.generic {indexing_maps = [#col2, #col2, #row2], iterator_types = ["parallel", "reduction"]}
       ins(%perm, %iota : tensor<32xi64>, tensor<32xi64>) outs(%iota : tensor<32xi64>) {
  ^bb0(%p: i64, %j: i64, %o: i64):
    %i = linalg.index 0 : index
    %iv = arith.index_cast %i : index to i64
    %hit = arith.cmpi eq, %p, %iv : i64
    %r = arith.select %hit, %j, %o : i64
    linalg.yield %r : i64
  } -> tensor<32xi64>
  %ed = tensor.empty() : tensor<32xi64>
  %d = linalg.generic {indexing_maps = [#row, #scalar, #row], iterator_types = ["parallel"]}
       ins(%inv, %c4 : tensor<32xi64>, tensor<i64>) outs(%ed : tensor<32xi64>) {
  ^bb0(%v: i64, %f: i64, %o: i64):
    %q = arith.divsi %v, %f : i64
    linalg.yield %q : i64
  } -> tensor<32xi64>
  %eg = tensor.empty() : tensor<32x8xf32>
  %g = linalg.generic {indexing_maps = [#row2, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
       ins(%d : tensor<32xi64>) outs(%eg : tensor<32x8xf32>) {
  ^bb0(%v: i64, %o: f32):
    %k = arith.index_cast %v : i64 to index
    %c = linalg.index 1 : index
    %x = tensor.extract %table[%k, %c] : tensor<16x8xf32>
    linalg.yield %x : f32
  } -> tensor<32x8xf32>
  return %inv, %d, %g : tensor<32xi64>, tensor<32xi64>, tensor<32x8xf32>
}
