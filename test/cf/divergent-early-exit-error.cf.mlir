// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// ERR: error: amdsync: cannot order
// BARE: error: amdsync-verify:

// divergent-early-exit-error (cf form). `if (threadIdx.x >= m) return;`
// then a store / cross-lane load through LDS.
//
// The exit test depends on the thread id: lanes (and whole waves) leave at
// the branch, so ^work is control dependent on a divergent branch and the
// only join is the (virtual) function exit. Every position between the
// store and the load is in divergent control flow: a barrier there could
// hang (amdsync's rule: s_barrier only in workgroup-uniform control flow).
//
// EXPECTED: ERROR, no output. The barrier pass reports the RAW hazard at
// both ops ("cannot order RAW hazard ... every position between
// 'memref.store' ... and 'memref.load' ... is in control flow that may
// diverge" at the load, "... no barrier may be placed between them outside
// divergent control flow" at the store), as it does for the structured
// equivalent structured/divergent-early-exit-error.scf.mlir. 0 barriers.
gpu.module @m {
  gpu.func @divergent_early_exit(%g: memref<256xf32, 1>, %m: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %out = arith.cmpi uge, %tid, %m : index
    cf.cond_br %out, ^exit, ^work
  ^work:
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    // error here (store)
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // error here (load)
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  ^exit:
    gpu.return
  }
}
