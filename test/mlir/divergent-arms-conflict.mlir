// Lanes that take different ways of a divergent branch run both arms at
// once (other waves, or the other half of this one), and every position
// between the two arms is inside the branch: a store in one arm and a load
// of the same LDS in the other cannot be ordered. The barrier pass reports
// it at one op, with a note at the other, and inserts nothing; the
// checker rejects it too. A
// uniform condition is fine: every wave takes one arm.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -split-input-file -verify-diagnostics
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %S/Inputs/uniform-arms.mlir | FileCheck %s --check-prefix=UNIFORM

// VERIFY: error: amdsync-verify: RAW hazard between 'memref.store'
// VERIFY: note: amdsync-verify: the other access of this hazard, in the other way of the branch
// UNIFORM-NOT: amdgpu.lds_barrier
// UNIFORM: gpu.return

gpu.module @m {
  gpu.func @arms(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c32 : index
    scf.if %low {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      // expected-error @+1 {{lanes that take different ways of a branch that may diverge run them at once}}
      memref.store %x, %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    } else {
      // expected-note @+1 {{amdsync: the other access of this hazard, in the other way of the branch}}
      %v = memref.load %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}

// -----

// A switch on the thread id: its case and its default run at once.
gpu.module @m2 {
  gpu.func @switch_arms(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %sel = arith.index_cast %tid : index to i32
    scf.index_switch %tid
    case 0 {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      // expected-note @+1 {{amdsync: the other access of this hazard, in the other way of the branch}}
      memref.store %x, %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      scf.yield
    }
    default {
      // expected-error @+1 {{lanes that take different ways of a branch that may diverge run them at once}}
      %v = memref.load %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      scf.yield
    }
    gpu.return
  }
}
