// Loop-carried RAW: the loop body reads other lanes' elements before it
// overwrites its own, so the read of iteration i+1 depends on the store of
// iteration i. Two windows, both in the body: the forward WAR (load, then
// store of the same iteration) gets a barrier right before the store, and the
// loop-carried RAW gets one at the top of the body, right before the load.
// That top barrier also orders the store before the loop with the first
// iteration's load, so no barrier goes before the loop, and nothing after it.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// The input without barriers is racy: the checker names the carried RAW.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

// CHECK-LABEL: gpu.func @carried_raw
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.for
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.addf
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return

// RACY-DAG: error: amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'
// RACY-DAG: error: amdsync-verify: unordered WAR hazard on workgroup attribution #0
gpu.module @m {
  gpu.func @carried_raw(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
