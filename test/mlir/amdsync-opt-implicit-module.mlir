// The standalone driver reads a file the way mlir-opt does: several
// top-level ops (here two gpu.modules, no explicit builtin.module) are
// wrapped in an implicit module, and each kernel gets its barrier.
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s

// CHECK-LABEL: gpu.module @first
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-LABEL: gpu.module @second
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @first {
  gpu.func @k(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
gpu.module @second {
  gpu.func @k(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
