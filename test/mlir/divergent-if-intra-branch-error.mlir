// A hazard whose producer and consumer are both inside one divergent
// scf.if cannot be ordered: every position between them is in divergent
// control flow, where a barrier could hang. The pass reports it at the load
// with a note at the store
// and fails instead of inserting a barrier there or emitting racy code.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -verify-diagnostics
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null
// RUN: not %amdsync-opt --target=gfx942 %s 2>&1 | FileCheck %s

// CHECK-DAG: error: amdsync: cannot order RAW hazard on workgroup attribution #0: every position
// CHECK-DAG: note: amdsync: cannot order RAW hazard on workgroup attribution #0: this access
// CHECK-NOT: amdgpu.lds_barrier
gpu.module @m {
  gpu.func @intra(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c32 : index
    scf.if %low {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      // expected-note @+1 {{amdsync: cannot order RAW hazard on workgroup attribution #0: this access conflicts with 'memref.load'}}
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      // expected-error @+1 {{amdsync: cannot order RAW hazard on workgroup attribution #0: every position between 'memref.store'}}
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}
