// affine.for. With constant bounds (uniform) it is a loop like scf.for: the
// body gets the RAW barrier right before the LDS load and the loop-carried
// WAR barrier right before the LDS store, nothing outside. With a
// thread-dependent upper bound (lanes run different trip counts) no barrier
// may go inside: the RAW from the loop's stores to the load after it gets
// one barrier right after the loop.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @uniform_bounds
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: affine.for %{{.*}} = 0 to 16 {
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: }
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @uniform_bounds(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    affine.for %k = 0 to 16 {
      %x = memref.load %g[%k] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%k] : memref<256xf32, 1>
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @divergent_bound
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: affine.for %{{.*}} = 0 to %thread_id_x {
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: }
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @divergent_bound(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    affine.for %k = 0 to %tid {
      %x = memref.load %g[%k] : memref<256xf32, 1>
      memref.store %x, %a[%k] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // Uniform bounds from a function argument, nested: the inner loop only
  // stores, each lane its own a[tid] (a one-dimensional workgroup: lanes
  // that differ in tid.y would write one element, a write/write hazard
  // between iterations), so the RAW barrier goes after it (not inside, where it would run
  // 8x more often), and the carried WAR barrier at the top of the outer body.
  // CHECK-LABEL: gpu.func @nested
  // CHECK: affine.for %{{.*}} = 0 to %{{.*}} {
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: affine.for %{{.*}} = 0 to 8 {
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: }
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: }
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @nested(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    affine.for %i = 0 to %n {
      affine.for %j = 0 to 8 {
        %x = memref.load %g[%j] : memref<256xf32, 1>
        memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%i] : memref<256xf32, 1>
    }
    gpu.return
  }
}
