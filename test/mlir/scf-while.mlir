// scf.while. With a workgroup-uniform condition (gpu.block_id compared with
// a function argument) barriers may go inside the loop. The `after` region
// runs once per iteration, the `before` region once more than that, so a
// barrier that can sit in either goes in `after`, right before its consumer.
// With a thread-dependent condition the body's hazards cannot be ordered:
// an error at both ops of each, and no output.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -split-input-file -verify-diagnostics | FileCheck %s

// The forward RAW barrier goes right before the LDS load; the loop-carried
// WAR barrier (this iteration's load vs the next iteration's store) right
// before the LDS store in `after`, not at the end of `before` (which would
// also run on the exiting check). Nothing before or after the loop.
// CHECK-LABEL: gpu.func @uniform_while
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.while
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: scf.condition
// CHECK-NEXT: } do {
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @uniform_while(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.while : () -> () {
      %more = arith.cmpi ult, %bid, %n : index
      scf.condition(%more)
    } do {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      scf.yield
    }
    gpu.return
  }
}

// -----

// A store after the loop adds a WAR window from the last iteration's load,
// through the exiting check, to that store. The greedy stabs it after the
// loop (once) and the loop-carried WAR window before the store in `after`
// (n times); one barrier at the end of `after` stabs both (the load of
// every iteration, the last one's included, passes it before the exit)
// and replaces the two (placement.c, removeRedundant's additions): 2n
// barriers executed, with the RAW one, where 2n+1 were before.
// CHECK-LABEL: gpu.func @store_after_while
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.while
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: scf.condition
// CHECK-NEXT: } do {
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: arith.constant
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @store_after_while(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.while : () -> () {
      %more = arith.cmpi ult, %bid, %n : index
      scf.condition(%more)
    } do {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      scf.yield
    }
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The loop condition depends on the thread id: lanes leave the loop at
// different iterations, so no barrier may go in it, and both the RAW and the
// loop-carried WAR hazard of the body are errors.
// CHECK-NOT: gpu.func @divergent_while
gpu.module @m {
  gpu.func @divergent_while(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.while : () -> () {
      %more = arith.cmpi ult, %tid, %n : index
      scf.condition(%more)
    } do {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      // expected-note @+2 {{amdsync: cannot order RAW hazard on workgroup attribution #0: this access conflicts with 'memref.load'}}
      // expected-error @+1 {{amdsync: cannot order WAR hazard on workgroup attribution #0: every position between 'memref.load'}}
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      // expected-error @+2 {{amdsync: cannot order RAW hazard on workgroup attribution #0: every position between 'memref.store'}}
      // expected-note @+1 {{amdsync: cannot order WAR hazard on workgroup attribution #0: this access conflicts with 'memref.store'}}
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      scf.yield
    }
    gpu.return
  }
}
