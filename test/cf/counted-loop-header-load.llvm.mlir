// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | mlir-opt --convert-amdgpu-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir | llc -march=amdgcn -mcpu=gfx942 | FileCheck %s --check-prefix=ISA
// CHECK: llvm.store {{.*}}!llvm.ptr<3>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.br
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-COUNT-1: rocdl.s.barrier.wait
// SPLIT-NOT: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered RAW hazard
// ISA-COUNT-2: {{^[[:space:]]+s_barrier$}}
// ISA-NOT: {{^[[:space:]]+s_barrier$}}

// counted-loop-header-load (llvm.func form: llvm dialect, !llvm.ptr<3> LDS
// global, rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// counted-loop-header-load.cf.mlir). A counted loop (i = 0; i < 2; ++i:
// two trips) whose header holds an LDS load before its exit test: the
// preheader stores a[tid], ^h(%i) loads a[tid+1] and tests i < 2, ^body
// holds a rocdl.barrier already (BAR) and steps, ^exit returns.
//
// The header runs 3 times, the first time right after the preheader's
// store: RAW store(preheader) -> load(^h) on the path preheader -> ^h,
// which crosses no barrier (later runs of ^h come through BAR). The count
// being known must not let the model skip the header's first run: the
// preheader may enter the body directly only when the header holds no ops.
//
// EXPECTED: 1 barrier inserted, in the preheader after the store (1
// execution; one at the top of ^h would run 3 times). Regression: the
// preheader entered ^body directly, the first run of the load vanished
// from the model, only paths through BAR were left, nothing was inserted
// and amdsync-verify called the bare input clean.
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @counted_loop_header_load(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %c1 : i32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %gt = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %y = llvm.load %gt : !llvm.ptr<1> -> f32
    llvm.store %y, %s : f32, !llvm.ptr<3>
    // (expected barrier) (RAW into the header's first run)
    llvm.br ^h(%c0 : i32)
  ^h(%i: i32):
    %w = llvm.load %l : !llvm.ptr<3> -> f32
    %gi = llvm.getelementptr %g[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %w, %gi : f32, !llvm.ptr<1>
    %more = llvm.icmp "slt" %i, %c2 : i32
    llvm.cond_br %more, ^body, ^exit
  ^body:
    rocdl.barrier
    %i1 = llvm.add %i, %c1 : i32
    llvm.br ^h(%i1 : i32)
  ^exit:
    llvm.return
  }
}
