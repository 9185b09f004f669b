// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | mlir-opt --convert-amdgpu-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir | llc -march=amdgcn -mcpu=gfx942 | FileCheck %s --check-prefix=ISA
// CHECK-COUNT-1: amdgpu.lds_barrier
// SPLIT-COUNT-1: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait
// ISA-COUNT-1: {{^[[:space:]]+s_barrier$}}
// ISA-NOT: {{^[[:space:]]+s_barrier$}}

// divergent-consumer-arm (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// divergent-consumer-arm.cf.mlir). A store to LDS before a thread-id
// cond_br; only the lanes of one arm read a neighbour's element.
//
// ^then is divergent: no barrier may go there. The only legal place is in
// ^bb0 after the store, before the branch.
//
// EXPECTED: 1 barrier, in ^bb0 between the LDS store and the llvm.cond_br
// (after the store; before the branch), executed once by every lane.
// Nothing in ^then or ^join. Structured equivalent:
// structured/divergent-consumer-arm.scf.mlir (barrier right before scf.if).
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @divergent_consumer_arm(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %gp : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %low = llvm.icmp "ult" %tid, %c32 : i32
    // (expected barrier) (anywhere after the store in ^bb0)
    llvm.cond_br %low, ^then, ^join
  ^then:
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %gp : f32, !llvm.ptr<1>
    llvm.br ^join
  ^join:
    llvm.return
  }
}
