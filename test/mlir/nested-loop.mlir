// Nested loops (a one-dimensional workgroup: each lane stores its own
// element): the inner loop only stores to LDS; the outer body then
// reads. The RAW barrier goes outside the inner loop (it would execute 8x
// more inside), and the loop-carried WAR barrier at the top of the outer
// body, before the inner loop.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s

// CHECK-LABEL: gpu.func @nested
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.for
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: }
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @nested(%g: memref<1024xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %x = memref.load %g[%j] : memref<1024xf32, 1>
        memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%i] : memref<1024xf32, 1>
    }
    gpu.return
  }
}
