// Without the target= option the chip comes from each function's enclosing
// gpu.module's #rocdl.target, per module: a gfx942 module gets
// amdgpu.lds_barrier, a gfx1201 module in the same file gets the GFX12 split
// barrier (signal after the producer, wait before the consumer), and the
// checker resolves the chip the same way. The option overrides the module.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers,amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(gpu.module(amdsync-lds-barriers,amdsync-verify))' %s | FileCheck %s
// RUN: %amdsync-opt %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s --check-prefix=OVERRIDE

// CHECK-LABEL: gpu.module @m942
// CHECK-LABEL: gpu.func @k942
// CHECK-NOT: rocdl.s.barrier
// CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: rocdl.s.barrier
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.module @m1201
// CHECK-LABEL: gpu.func @k1201
// CHECK-NOT: amdgpu.lds_barrier
// CHECK-NOT: rocdl.s.barrier
// CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.load
// CHECK: rocdl.s.barrier.signal id = -1
// CHECK-NOT: memref.load
// CHECK: rocdl.s.barrier.wait id = -1
// CHECK-NOT: rocdl.s.barrier
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: rocdl.s.barrier
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return

// OVERRIDE-LABEL: gpu.func @k942
// OVERRIDE: amdgpu.lds_barrier
// OVERRIDE-LABEL: gpu.func @k1201
// OVERRIDE-NOT: rocdl.s.barrier
// OVERRIDE: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// OVERRIDE-NEXT: arith.addi
// OVERRIDE-NEXT: amdgpu.lds_barrier
// OVERRIDE-NEXT: memref.load
// OVERRIDE-NOT: rocdl.s.barrier
module {
  gpu.module @m942 [#rocdl.target<chip = "gfx942">] {
    gpu.func @k942(%g: memref<256xf32, 1>)
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
  gpu.module @m1201 [#rocdl.target<chip = "gfx1201">] {
    gpu.func @k1201(%g: memref<256xf32, 1>)
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
}
