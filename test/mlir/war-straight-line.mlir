// Straight-line WAR: a lane loads another lane's element of LDS, then
// overwrites its own element. The store must wait until every lane has done
// its load: one barrier, immediately before the store (the consumer).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// Without the barrier the checker reports the WAR hazard at both accesses.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

// CHECK-LABEL: gpu.func @war
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[W:.*]] = arith.addf %[[V]], %[[V]] : f32
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store %[[W]], %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return

// RACY: error: amdsync-verify: unordered WAR hazard on workgroup attribution #0
// RACY: note: amdsync-verify: unordered WAR hazard on workgroup attribution #0
// RACY-NOT: error:
gpu.module @m {
  gpu.func @war(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %w = arith.addf %v, %v : f32
    memref.store %w, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
