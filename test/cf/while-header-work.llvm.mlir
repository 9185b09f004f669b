// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | mlir-opt --convert-amdgpu-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir | llc -march=amdgcn -mcpu=gfx942 | FileCheck %s --check-prefix=ISA
// CHECK-COUNT-3: amdgpu.lds_barrier
// SPLIT-COUNT-3: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait
// ISA-COUNT-3: {{^[[:space:]]+s_barrier$}}
// ISA-NOT: {{^[[:space:]]+s_barrier$}}

// while-header-work (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// while-header-work.cf.mlir). A while loop whose header does LDS work
// before the exit test: ^h(%i) stores a[tid] = f(i), then tests i < n
// (uniform); ^body reads a[tid+1]; after the loop ^exit reads a[tid+1] once
// more (the value the last header stored).
//
// The header runs n+1 times, the body n times, ^exit once. Hazards:
//   RAW store(^h) -> load(^body)  (path ^h -> ^body)
//   RAW store(^h) -> load(^exit)  (path ^h -> ^exit)
//   WAR load(^body) -> store(^h)  (path ^body -> ^h, loop-carried)
//
// EXPECTED: 2n+1 barriers executed (the minimum), no error. What the
// structured pass does for the scf.while equivalent
// (structured/while-header-work.scf.mlir), 3 static barriers:
//   ^body right before its LDS load (n), ^body at its end after the load
//   (n, loop-carried WAR), ^exit right before its LDS load (1).
// Equally good: 2 static barriers, ^h after the store before the exit test
// (n+1: covers both RAWs) and ^body after its load (n). Not acceptable
// (not minimal): a barrier in ^h before the store plus one after it (2n+2).
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @while_header_work(%g: !llvm.ptr<1>, %n: i32) attributes {rocdl.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %c1 : i32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.br ^h(%c0 : i32)
  ^h(%i: i32):
    %f = llvm.sitofp %i : i32 to f32
    llvm.store %f, %s : f32, !llvm.ptr<3>
    %more = llvm.icmp "ult" %i, %n : i32
    llvm.cond_br %more, ^body, ^exit
  ^body:
    // (expected barrier) (RAW from ^h)
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    %gi = llvm.getelementptr %g[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %v, %gi : f32, !llvm.ptr<1>
    %i1 = llvm.add %i, %c1 : i32
    // (expected barrier) (loop-carried WAR)
    llvm.br ^h(%i1 : i32)
  ^exit:
    // (expected barrier) (RAW from the last ^h)
    %w = llvm.load %l : !llvm.ptr<3> -> f32
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %w, %gp : f32, !llvm.ptr<1>
    llvm.return
  }
}
