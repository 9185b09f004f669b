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

// divergent-skip-then-join (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// divergent-skip-then-join.cf.mlir). `if (threadIdx.x < m) a[tid] = x;`
// then, after the join, every lane reads a neighbour's element.
//
// ^store is divergent (thread-id condition); ^join post-dominates the branch
// and is uniform again.
//
// EXPECTED: 1 barrier, in ^join right before the LDS load (after the join,
// never in ^store, never on the ^bb0 -> ^join edge alone). Executed once by
// every lane. Structured equivalent: structured/divergent-skip-then-join.scf.mlir
// (the current pass puts the barrier right after the scf.if).
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @divergent_skip_then_join(%g: !llvm.ptr<1>, %m: i32) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %gp : !llvm.ptr<1> -> f32
    %in = llvm.icmp "ult" %tid, %m : i32
    llvm.cond_br %in, ^store, ^join
  ^store:
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    llvm.br ^join
  ^join:
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // (expected barrier)
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %gp : f32, !llvm.ptr<1>
    llvm.return
  }
}
