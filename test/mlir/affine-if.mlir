// affine.if. On a uniform operand (gpu.block_id) a barrier may go inside:
// the store before the if and the load in it get one barrier right before
// the load, inside the if. On a thread-dependent operand it may not: a store
// inside the if read after it gets a barrier right after the if, and a store
// before the if read inside it gets one right before the if.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

#lt4 = affine_set<(d0) : (3 - d0 >= 0)>
gpu.module @m {
  // CHECK-LABEL: gpu.func @uniform
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: affine.if #{{.*}}(%block_id_x) {
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @uniform(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    affine.if #lt4(%bid) {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @divergent_producer
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: affine.if #{{.*}}(%thread_id_x) {
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: }
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @divergent_producer(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    affine.if #lt4(%tid) {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %v = memref.load %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @divergent_consumer
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: affine.if #{{.*}}(%thread_id_x) {
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @divergent_consumer(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    affine.if #lt4(%tid) {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}
