// A loop fills LDS with unrolled stores a[128*i + tid] in a workgroup of
// 128 lanes: no two lanes write one element (the index proofs keep the
// iterations' stores apart), so no write/write hazard among them; the read
// after the loop needs one barrier, placed after the loop, not inside it.
// The same fill without a stated workgroup size: test/e2e/waw-indexed.mlir.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s

// CHECK-LABEL: gpu.func @fill
// CHECK: scf.for
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return

gpu.module @m {
  gpu.func @fill(%g: memref<1024xf32, 1>)
      workgroup(%a: memref<512xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %c4 step %c1 {
      %off = arith.muli %i, %c128 : index
      %idx = arith.addi %off, %tid : index
      %x = memref.load %g[%idx] : memref<1024xf32, 1>
      memref.store %x, %a[%idx] : memref<512xf32, #gpu.address_space<workgroup>>
    }
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<512xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<1024xf32, 1>
    gpu.return
  }
}
