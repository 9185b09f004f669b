// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | mlir-opt --convert-amdgpu-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir | llc -march=amdgcn -mcpu=gfx942 | FileCheck %s --check-prefix=ISA
// CHECK-LABEL: ^bb3:
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}}!llvm.ptr<3>
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-LABEL: ^bb3:
// SPLIT: rocdl.s.barrier.wait
// SPLIT: llvm.store {{.*}}!llvm.ptr<3>
// SPLIT: rocdl.s.barrier.wait
// SPLIT: llvm.load {{.*}}!llvm.ptr<3>
// SPLIT-NOT: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered RAW hazard
// ISA-COUNT-2: {{^[[:space:]]+s_barrier$}}
// ISA-NOT: {{^[[:space:]]+s_barrier$}}

// nested-counted-headers-body (llvm.func form: llvm dialect, !llvm.ptr<3> LDS
// global, rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// nested-counted-headers-body.cf.mlir). The kernel of
// nested-counted-headers.llvm.mlir with the hazard inside the inner body: two
// counted loops of one trip each (j = 0; j < 1 and i = 0; i < 1), the outer
// header ^oh(%j) branching straight into the inner header ^ih(%i) (the outer
// loop's body is the inner loop's header); ^ib stores a[tid], then reads
// a[tid+1]: RAW store(^ib) -> load(^ib) in the one iteration.
//
// EXPECTED: 2 barriers in ^ib: before the load (the RAW), and before the
// store. The second orders nothing that runs (the body runs once in all),
// but the outer loop keeps its back edge in the model: its count (1) is
// stated on ^oh only, since ^ih is no body its preheader may enter
// directly. The LLVM IR front end gives the same 2. Regression: ^ib was
// unreachable in the model (see nested-counted-headers.llvm.mlir), nothing was
// inserted and amdsync-verify called the bare input clean.
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @nested_counted_headers_body(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %c1 : i32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %gt = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.br ^oh(%c0 : i32)
  ^oh(%j: i32):
    %omore = llvm.icmp "slt" %j, %c1 : i32
    llvm.cond_br %omore, ^ih(%c0 : i32), ^exit
  ^ih(%i: i32):
    %imore = llvm.icmp "slt" %i, %c1 : i32
    llvm.cond_br %imore, ^ib, ^ol
  ^ib:
    %y = llvm.load %gt : !llvm.ptr<1> -> f32
    // (expected barrier) (conservative: the outer back edge)
    llvm.store %y, %s : f32, !llvm.ptr<3>
    // (expected barrier) (RAW)
    %w = llvm.load %l : !llvm.ptr<3> -> f32
    %gi = llvm.getelementptr %g[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %w, %gi : f32, !llvm.ptr<1>
    %i1 = llvm.add %i, %c1 : i32
    llvm.br ^ih(%i1 : i32)
  ^ol:
    %j1 = llvm.add %j, %c1 : i32
    llvm.br ^oh(%j1 : i32)
  ^exit:
    llvm.return
  }
}
