// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// ERR: error: amdsync: cannot order
// BARE: error: amdsync-verify:

// divergent-early-exit-error (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// divergent-early-exit-error.cf.mlir). `if (threadIdx.x >= m) return;`
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
// 'llvm.store' ... and 'llvm.load' ... is in control flow that may
// diverge" at the load, "... no barrier may be placed between them outside
// divergent control flow" at the store), as it does for the structured
// equivalent structured/divergent-early-exit-error.scf.mlir. 0 barriers.
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @divergent_early_exit(%g: !llvm.ptr<1>, %m: i32) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %out = llvm.icmp "uge" %tid, %m : i32
    llvm.cond_br %out, ^exit, ^work
  ^work:
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %gp : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // error here (store)
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // error here (load)
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %gp : f32, !llvm.ptr<1>
    llvm.return
  ^exit:
    llvm.return
  }
}
