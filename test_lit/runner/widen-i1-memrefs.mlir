// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-widen-i1-memrefs)' | FileCheck %s

// CHECK-LABEL: func.func @copy_mask(
// CHECK-SAME: %[[IN:.+]]: memref<8xi8>, %[[OUT:.+]]: memref<8xi8, strided<[2]>>)
// CHECK: %[[BYTE:.+]] = memref.load %[[IN]][%{{.+}}] : memref<8xi8>
// CHECK: %[[BIT:.+]] = arith.trunci %[[BYTE]] : i8 to i1
// CHECK: %[[NOT:.+]] = arith.xori %[[BIT]], %{{.+}} : i1
// CHECK: %[[WIDE:.+]] = arith.extui %[[NOT]] : i1 to i8
// CHECK: memref.store %[[WIDE]], %[[OUT]][%{{.+}}] : memref<8xi8, strided<[2]>>
// CHECK: %[[TMP:.+]] = memref.alloc() : memref<4xi8>
// CHECK: memref.dealloc %[[TMP]] : memref<4xi8>
// CHECK-NOT: i1>
func.func @copy_mask(%in: memref<8xi1>, %out: memref<8xi1, strided<[2]>>) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %v = memref.load %in[%c0] : memref<8xi1>
  %n = arith.xori %v, %true : i1
  memref.store %n, %out[%c0] : memref<8xi1, strided<[2]>>
  %tmp = memref.alloc() : memref<4xi1>
  memref.dealloc %tmp : memref<4xi1>
  return
}

// CHECK-LABEL: func.func @untouched(
// CHECK-SAME: memref<4xi32>
func.func @untouched(%m: memref<4xi32>) {
  return
}

// Boolean constants: the global becomes bytes, its users follow.
// CHECK-LABEL: memref.global "private" constant @mask : memref<3xi8> = dense<[1, 0, 1]>
// CHECK-LABEL: memref.global "private" constant @ones : memref<2x2xi8> = dense<1>
// CHECK-LABEL: func.func @read_mask(
// CHECK: memref.get_global @mask : memref<3xi8>
// CHECK: memref.get_global @ones : memref<2x2xi8>
memref.global "private" constant @mask : memref<3xi1> = dense<[true, false, true]>
memref.global "private" constant @ones : memref<2x2xi1> = dense<true>
func.func @read_mask() -> (memref<3xi1>, memref<2x2xi1>) {
  %m = memref.get_global @mask : memref<3xi1>
  %o = memref.get_global @ones : memref<2x2xi1>
  return %m, %o : memref<3xi1>, memref<2x2xi1>
}
