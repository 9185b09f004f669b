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

// early-exit-uniform (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// early-exit-uniform.cf.mlir). `if (blockIdx.x >= n) return;` then a
// store / cross-lane load through LDS.
//
// The exit test compares rocdl.workgroup.id.x with a kernel argument: uniform, every
// wave of a workgroup goes the same way. ^exit and ^work both return (two
// returns: the post-dominator tree needs a virtual exit).
//
// EXPECTED: 1 barrier, in ^work between the LDS store and the LDS load
// (right before the load). Executed once by workgroups with
// blockIdx.x < n, never by the others. Nothing in ^bb0 or ^exit.
// amdsync-verify must accept the result. Structured equivalent:
// structured/early-exit-uniform.scf.mlir (scf.if around the work).
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @early_exit_uniform(%g: !llvm.ptr<1>, %n: i32) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %bid = rocdl.workgroup.id.x : i32
    %out = llvm.icmp "uge" %bid, %n : i32
    llvm.cond_br %out, ^exit, ^work
  ^work:
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %gp : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // (expected barrier)
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %gp : f32, !llvm.ptr<1>
    llvm.return
  ^exit:
    llvm.return
  }
}
