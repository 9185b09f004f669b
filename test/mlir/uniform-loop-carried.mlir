// Uniformity is a fixpoint over SSA values, block arguments, iter_args,
// scf.while arguments and region results: a merged value is uniform when
// all its incoming values are uniform and the merge is not controlled by a
// divergent condition. A counter that starts uniform and steps by a uniform
// amount stays uniform, so a counted scf.while gets its barriers inside the
// loop exactly like the equivalent scf.for.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=SPLIT

// i = 0; while (i < n) { ...; i++ } with a kernel argument n.
// CHECK-LABEL: gpu.func @counted_while
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.while
// CHECK: scf.condition
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: arith.addi
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// SPLIT-LABEL: gpu.func @counted_while
// SPLIT: } do {
// SPLIT: rocdl.s.barrier.wait
// SPLIT: rocdl.s.barrier.wait
// SPLIT: scf.yield
gpu.module @m {
  gpu.func @counted_while(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %r = scf.while (%i = %c0) : (index) -> index {
      %more = arith.cmpi ult, %i, %n : index
      scf.condition(%more) %i : index
    } do {
    ^bb0(%j: index):
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
    gpu.return
  }
}

// -----

// The same loop as an scf.for: the same barriers.
// CHECK-LABEL: gpu.func @counted_for
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.for
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: }
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// SPLIT-LABEL: gpu.func @counted_for
gpu.module @m {
  gpu.func @counted_for(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for %j = %c0 to %n step %c1 {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}

// -----

// A uniform iter_arg of an scf.for (a flag toggled every iteration) and the
// result of a uniform scf.if drive an scf.if around a hazard: both uniform,
// so the barrier goes inside the branch, right before the consumer.
// CHECK-LABEL: gpu.func @carried_flag
// CHECK: scf.for
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: scf.if
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// SPLIT-LABEL: gpu.func @carried_flag
gpu.module @m {
  gpu.func @carried_flag(%g: memref<256xf32, 1>, %n: index, %b: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %start = scf.if %b -> i1 {
      scf.yield %true : i1
    } else {
      scf.yield %b : i1
    }
    %last = scf.for %j = %c0 to %n step %c1 iter_args(%flag = %start) -> (i1) {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      scf.if %flag {
        %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %v, %g[%tid] : memref<256xf32, 1>
      }
      %other = arith.xori %flag, %true : i1
      scf.yield %other : i1
    }
    gpu.return
  }
}

// -----

// The counter starts at the thread id: divergent, so the loop's hazards
// cannot be ordered inside it.
// CHECK-NOT: gpu.func @divergent_start
// SPLIT-NOT: gpu.func @divergent_start
gpu.module @m {
  gpu.func @divergent_start(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %r = scf.while (%i = %tid) : (index) -> index {
      %more = arith.cmpi ult, %i, %n : index
      scf.condition(%more) %i : index
    } do {
    ^bb0(%j: index):
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      // expected-note @+2 {{amdsync: cannot order RAW hazard}}
      // expected-error @+1 {{amdsync: cannot order WAR hazard}}
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      // expected-error @+2 {{amdsync: cannot order RAW hazard}}
      // expected-note @+1 {{amdsync: cannot order WAR hazard}}
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
    gpu.return
  }
}

// -----

// The counter starts uniform but steps by a loaded (divergent) amount.
// CHECK-NOT: gpu.func @divergent_step
// SPLIT-NOT: gpu.func @divergent_step
gpu.module @m {
  gpu.func @divergent_step(%g: memref<256xf32, 1>, %s: memref<256xindex, 1>,
                           %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %step = memref.load %s[%tid] : memref<256xindex, 1>
    %r = scf.while (%i = %c0) : (index) -> index {
      %more = arith.cmpi ult, %i, %n : index
      scf.condition(%more) %i : index
    } do {
    ^bb0(%j: index):
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      // expected-note @+2 {{amdsync: cannot order RAW hazard}}
      // expected-error @+1 {{amdsync: cannot order WAR hazard}}
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      // expected-error @+2 {{amdsync: cannot order RAW hazard}}
      // expected-note @+1 {{amdsync: cannot order WAR hazard}}
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      %next = arith.addi %j, %step : index
      scf.yield %next : index
    }
    gpu.return
  }
}

// -----

// The result of an scf.if on the thread id merges two uniform constants
// under a divergent condition: divergent. The branch on it gets no barrier
// inside; the barrier goes before it.
// CHECK-LABEL: gpu.func @merged_under_divergence
// CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.if
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// SPLIT-LABEL: gpu.func @merged_under_divergence
gpu.module @m {
  gpu.func @merged_under_divergence(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %true = arith.constant true
    %false = arith.constant false
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %low = arith.cmpi ult, %tid, %c32 : index
    %p = scf.if %low -> i1 {
      scf.yield %true : i1
    } else {
      scf.yield %false : i1
    }
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.if %p {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}
