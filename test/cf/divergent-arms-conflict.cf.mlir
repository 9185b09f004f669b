// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// ERR: error: amdsync: cannot order
// BARE: error: amdsync-verify:

// divergent-arms-conflict (cf form). A thread-id cond_br: ^then stores
// a[0], ^else reads a[0]. Lanes that go different ways run both arms at
// once; every position between the two accesses is inside the branch.
//
// EXPECTED: ERROR at both ops ("lanes that take different ways of a branch
// that may diverge run them at once"), nothing inserted, as for
// divergent-arms-conflict.mlir (scf.if form). amdsync-verify on the input
// must reject it too (RAW hazard between 'memref.store' and 'memref.load').
gpu.module @m {
  gpu.func @divergent_arms_conflict(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c32 : index
    cf.cond_br %low, ^then, ^else
  ^then:
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    // error here
    memref.store %x, %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    cf.br ^join
  ^else:
    // error here
    %v = memref.load %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    cf.br ^join
  ^join:
    gpu.return
  }
}
