// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | mlir-opt --convert-amdgpu-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir | llc -march=amdgcn -mcpu=gfx942 | FileCheck %s --check-prefix=ISA
// CHECK: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: amdgpu.lds_barrier
// CHECK: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT: llvm.store {{.*}}!llvm.ptr<3>
// SPLIT: rocdl.s.barrier.wait
// SPLIT: llvm.load {{.*}}!llvm.ptr<3>
// SPLIT-NOT: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered RAW hazard
// ISA-COUNT-1: {{^[[:space:]]+s_barrier$}}
// ISA-NOT: {{^[[:space:]]+s_barrier$}}

// counted-loop-exit-on-true (llvm.func form: llvm dialect, !llvm.ptr<3> LDS
// global, rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// counted-loop-exit-on-true.cf.mlir). A loop shaped like a counted one
// whose test leaves on true: ^h(%i: i8) tests i < 0 and branches to ^exit
// when it holds, to ^body (i + 1, back to ^h) when not. From i = 0 the test
// fails 128 times; i wraps to -128 and the loop leaves. The preheader
// stores a[tid], ^exit reads a[tid+1]: RAW store(preheader) -> load(^exit).
//
// The count of `i < 0` from 0 (none) is the count of a loop whose true
// successor is its body; here the true successor is the exit (it does not
// reach the latch), so no count is known and no edge may go.
//
// EXPECTED: 1 barrier between the store and the load (in the preheader or
// in ^exit: both run once). Regression: the count 0 dropped ^h -> ^exit,
// ^exit became unreachable in the model, nothing was inserted and
// amdsync-verify called the bare input clean.
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @counted_loop_exit_on_true(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %c0 = llvm.mlir.constant(0 : i8) : i8
    %c1 = llvm.mlir.constant(1 : i8) : i8
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %gt = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %y = llvm.load %gt : !llvm.ptr<1> -> f32
    llvm.store %y, %s : f32, !llvm.ptr<3>
    llvm.br ^h(%c0 : i8)
  ^h(%i: i8):
    %done = llvm.icmp "slt" %i, %c0 : i8
    llvm.cond_br %done, ^exit, ^body
  ^body:
    %i1 = llvm.add %i, %c1 : i8
    llvm.br ^h(%i1 : i8)
  ^exit:
    // (expected barrier) (RAW from the preheader)
    %w = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %w, %gt : f32, !llvm.ptr<1>
    llvm.return
  }
}
