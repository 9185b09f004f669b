// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK-COUNT-1: amdgpu.lds_barrier
// SPLIT-COUNT-1: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait

// divergent-consumer-arm (cf form). A store to LDS before a thread-id
// cond_br; only the lanes of one arm read a neighbour's element.
//
// ^then is divergent: no barrier may go there. The only legal place is in
// ^bb0 after the store, before the branch.
//
// EXPECTED: 1 barrier, in ^bb0 between the LDS store and the cf.cond_br
// (after the store; before the branch), executed once by every lane.
// Nothing in ^then or ^join. Structured equivalent:
// structured/divergent-consumer-arm.scf.mlir (barrier right before scf.if).
gpu.module @m {
  gpu.func @divergent_consumer_arm(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %low = arith.cmpi ult, %tid, %c32 : index
    // (expected barrier) (anywhere after the store in ^bb0)
    cf.cond_br %low, ^then, ^join
  ^then:
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    cf.br ^join
  ^join:
    gpu.return
  }
}
