// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// ERR: error: amdsync: cannot order
// BARE: error: amdsync-verify:

// divergent-arms-conflict (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// divergent-arms-conflict.cf.mlir). A thread-id cond_br: ^then stores
// a[0], ^else reads a[0]. Lanes that go different ways run both arms at
// once; every position between the two accesses is inside the branch.
//
// EXPECTED: ERROR at both ops ("lanes that take different ways of a branch
// that may diverge run them at once"), nothing inserted, as for
// divergent-arms-conflict.mlir (scf.if form). amdsync-verify on the input
// must reject it too (RAW hazard between 'llvm.store' and 'llvm.load').
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @divergent_arms_conflict(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %low = llvm.icmp "ult" %tid, %c32 : i32
    llvm.cond_br %low, ^then, ^else
  ^then:
    %x = llvm.load %gp : !llvm.ptr<1> -> f32
    // error here
    llvm.store %x, %lds : f32, !llvm.ptr<3>
    llvm.br ^join
  ^else:
    // error here
    %v = llvm.load %lds : !llvm.ptr<3> -> f32
    llvm.store %v, %gp : f32, !llvm.ptr<1>
    llvm.br ^join
  ^join:
    llvm.return
  }
}
