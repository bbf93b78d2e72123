// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-round-16bit-floats)' | FileCheck %s

// What arith-emulate-unsupported-floats leaves for `(a * b) * b` in bf16: casts
// marked `contract`, which would let extf(truncf(x)) fold to x (one rounding
// for the chain). The bf16 casts become integer ops (no bf16 arithmetic for
// LLVM to narrow back to); each product is rounded.
// CHECK-LABEL: func.func @bf16_chain(
// CHECK-NOT: fastmath
// CHECK: %[[A:.+]] = arith.bitcast %{{.+}} : bf16 to i16
// CHECK: arith.shli
// CHECK: %[[M:.+]] = arith.mulf
// CHECK: %[[BITS:.+]] = arith.bitcast %[[M]] : f32 to i32
// CHECK: %[[TIE:.+]] = arith.andi
// CHECK: arith.addi %[[TIE]], %{{.+}} : i32
// CHECK: %[[NAN:.+]] = arith.cmpf uno, %[[M]], %[[M]] : f32
// CHECK: %[[R:.+]] = arith.select %[[NAN]]
// CHECK: %[[P:.+]] = arith.bitcast %[[R]] : i16 to bf16
// CHECK: arith.bitcast %[[P]] : bf16 to i16
// CHECK: arith.mulf
// CHECK: arith.select
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: return
func.func @bf16_chain(%a: bf16, %b: bf16) -> bf16 {
  %0 = arith.extf %b fastmath<contract> : bf16 to f32
  %1 = arith.extf %a fastmath<contract> : bf16 to f32
  %2 = arith.mulf %1, %0 : f32
  %3 = arith.truncf %2 fastmath<contract> : f32 to bf16
  %4 = arith.extf %3 fastmath<contract> : bf16 to f32
  %5 = arith.mulf %4, %0 : f32
  %6 = arith.truncf %5 fastmath<contract> : f32 to bf16
  return %6 : bf16
}

// f16 casts keep their ops (LLVM's x86 back end handles f16 vectors) but lose
// `contract`; bf16 -> f64 goes through f32; casts between f32 and f64 are left
// as they are.
// CHECK-LABEL: func.func @others(
// CHECK: arith.extf %{{[^ ]+}} : f16 to f32
// CHECK: arith.truncf %{{[^ ]+}} : f32 to f16
// CHECK: %[[W:.+]] = arith.bitcast %{{[^ ]+}} : i32 to f32
// CHECK: arith.extf %[[W]] : f32 to f64
// CHECK: arith.truncf %{{[^ ]+}} fastmath<contract> : f64 to f32
func.func @others(%h: f16, %b: bf16, %d: f64) -> (f16, f64, f32) {
  %0 = arith.extf %h fastmath<contract> : f16 to f32
  %1 = arith.truncf %0 fastmath<contract> : f32 to f16
  %2 = arith.extf %b fastmath<contract> : bf16 to f64
  %3 = arith.truncf %d fastmath<contract> : f64 to f32
  return %1, %2, %3 : f16, f64, f32
}
