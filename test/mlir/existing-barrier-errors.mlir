// The barrier pass refuses existing synchronization no placement can make
// correct: a barrier inside a branch on the thread id (waves that skip it
// never arrive), and split barriers on a chip that has none (gfx942). The
// checker agrees on the first.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -split-input-file -verify-diagnostics
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY

// VERIFY: error: amdsync-verify: barrier in control flow that may diverge

gpu.module @m {
  gpu.func @divergent_barrier(%g: memref<256xf32, 1>) kernel {
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c32 : index
    // expected-note @+1 {{lanes may go different ways here: this branch decides by the thread id}}
    scf.if %low {
      // expected-error @+1 {{amdsync: existing barrier in control flow that may diverge within the workgroup}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @split_on_gfx9(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{amdsync: split barrier signal on gfx942, which has no split barriers}}
    rocdl.s.barrier.signal id = -1
    // expected-error @+1 {{amdsync: split barrier wait on gfx942, which has no split barriers}}
    rocdl.s.barrier.wait id = -1
    gpu.return
  }
}
