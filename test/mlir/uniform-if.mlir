// A barrier may sit inside an scf.if whose condition is workgroup-uniform
// (a function argument, or a comparison of gpu.block_id with a constant):
// every wave takes the same arm. The pass places it right before the
// consumer, also inside the arm; where only the producer is in an arm,
// after the producer in the arm. The checker accepts all of these
// placements.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// The checker alone accepts the output and does not flag the barriers in
// the uniform branches as divergent.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' -o /dev/null

gpu.module @m {
  // Producer and consumer both in the then-arm of a uniform if: the barrier
  // goes in the arm, between them.
  // CHECK-LABEL: gpu.func @inside
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: scf.if
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: }
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @inside(%g: memref<256xf32, 1>, %flag: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.if %flag {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }

  // Producer before the if, consumer in the then-arm; the condition is
  // uniform through gpu.block_id. The barrier goes inside the arm (it runs
  // only when the arm does), none before the if, none in the else-arm.
  // CHECK-LABEL: gpu.func @into
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: arith.cmpi
  // CHECK-NEXT: scf.if
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @into(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %cond = arith.cmpi ult, %bid, %c4 : index
    %r = scf.if %cond -> f32 {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      scf.yield %v : f32
    } else {
      scf.yield %x : f32
    }
    memref.store %r, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // Producer in the then-arm, consumer after the if: the greedy puts the
  // barrier right before the consumer, after the if, and the placement's
  // additions move it into the arm, after the store, where it runs only on
  // the path that needs it (an arm weighs half: placement.c, path_weight).
  // CHECK-LABEL: gpu.func @out_of
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: scf.if
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: }
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @out_of(%g: memref<256xf32, 1>, %flag: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.if %flag {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
