// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK-COUNT-1: amdgpu.lds_barrier
// SPLIT-COUNT-1: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait

// divergent-skip-then-join (cf form). `if (threadIdx.x < m) a[tid] = x;`
// then, after the join, every lane reads a neighbour's element.
//
// ^store is divergent (thread-id condition); ^join post-dominates the branch
// and is uniform again.
//
// EXPECTED: 1 barrier, in ^join right before the LDS load (after the join,
// never in ^store, never on the ^bb0 -> ^join edge alone). Executed once by
// every lane. Structured equivalent: structured/divergent-skip-then-join.scf.mlir
// (the current pass puts the barrier right after the scf.if).
gpu.module @m {
  gpu.func @divergent_skip_then_join(%g: memref<256xf32, 1>, %m: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %in = arith.cmpi ult, %tid, %m : index
    cf.cond_br %in, ^store, ^join
  ^store:
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    cf.br ^join
  ^join:
    %t1 = arith.addi %tid, %c1 : index
    // (expected barrier)
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
