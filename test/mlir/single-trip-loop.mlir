// A loop with a constant trip count of one (a tiled loop whose tile covers
// the whole problem) has no next iteration, so no loop-carried hazard: the
// body gets only the forward RAW barrier right before the LDS load, and no
// WAR barrier before the LDS store. A two-trip loop does need both.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @one_trip
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: scf.for
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: }
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @one_trip(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for %i = %c0 to %c1 step %c1 {
      %x = memref.load %g[%i] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%i] : memref<256xf32, 1>
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @two_trips
  // CHECK: scf.for
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @two_trips(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %x = memref.load %g[%i] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%i] : memref<256xf32, 1>
    }
    gpu.return
  }
}
