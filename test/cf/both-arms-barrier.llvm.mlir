// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | mlir-opt --convert-amdgpu-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir | llc -march=amdgcn -mcpu=gfx942 | FileCheck %s --check-prefix=ISA
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait
// ISA-COUNT-2: {{^[[:space:]]+s_barrier$}}
// ISA-NOT: {{^[[:space:]]+s_barrier$}}

// both-arms-barrier (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// both-arms-barrier.cf.mlir). A store before a uniform if/else (kernel
// argument %flag) whose arms both already hold a rocdl.barrier; a cross-lane
// load after the join.
//
// Every path from the store to the load crosses one of the existing
// barriers, so the hazard is already ordered.
//
// EXPECTED: nothing inserted (output == input), no error; amdsync-verify
// accepts the input as is. (With a thread-id condition the existing
// barriers would sit in divergent blocks: an error, like
// existing-barrier-errors.mlir.) Structured equivalent:
// structured/both-arms-barrier.scf.mlir.
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @both_arms_barrier(%g: !llvm.ptr<1>, %flag: i1) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %gp : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    llvm.cond_br %flag, ^then, ^else
  ^then:
    %y = llvm.fadd %x, %x : f32
    rocdl.barrier
    llvm.store %y, %gp : f32, !llvm.ptr<1>
    llvm.br ^join
  ^else:
    rocdl.barrier
    llvm.br ^join
  ^join:
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    %gq = llvm.getelementptr %g[%t1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %v, %gq : f32, !llvm.ptr<1>
    llvm.return
  }
}
