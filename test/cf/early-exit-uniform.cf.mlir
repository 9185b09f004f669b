// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK-COUNT-1: amdgpu.lds_barrier
// SPLIT-COUNT-1: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait

// early-exit-uniform (cf form). `if (blockIdx.x >= n) return;` then a
// store / cross-lane load through LDS.
//
// The exit test compares gpu.block_id with a kernel argument: uniform, every
// wave of a workgroup goes the same way. ^exit and ^work both return (two
// returns: the post-dominator tree needs a virtual exit).
//
// EXPECTED: 1 barrier, in ^work between the LDS store and the LDS load
// (right before the load). Executed once by workgroups with
// blockIdx.x < n, never by the others. Nothing in ^bb0 or ^exit.
// amdsync-verify must accept the result. Structured equivalent:
// structured/early-exit-uniform.scf.mlir (scf.if around the work).
gpu.module @m {
  gpu.func @early_exit_uniform(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %out = arith.cmpi uge, %bid, %n : index
    cf.cond_br %out, ^exit, ^work
  ^work:
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // (expected barrier)
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  ^exit:
    gpu.return
  }
}
