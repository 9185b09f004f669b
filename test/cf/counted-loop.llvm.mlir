// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | mlir-opt --convert-amdgpu-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir | llc -march=amdgcn -mcpu=gfx942 | FileCheck %s --check-prefix=ISA
// CHECK-COUNT-2: amdgpu.lds_barrier
// SPLIT-COUNT-2: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait
// ISA-COUNT-2: {{^[[:space:]]+s_barrier$}}
// ISA-NOT: {{^[[:space:]]+s_barrier$}}

// counted-loop (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// counted-loop.cf.mlir). The gemm-loop.mlir kernel written with cf blocks:
// header ^h(%i) tests i < n (n a kernel argument: uniform; i starts at a
// constant and steps by a constant: uniform), body stores a[tid] and b[tid]
// then reads a[tid+1] and b[tid+1], back edge with i+1.
//
// EXPECTED: exactly what the scf.for form gets (gemm-loop.mlir,
// structured/counted-loop.scf.mlir): 2 barriers, both in ^body, none in ^h
// (it runs n+1 times), none before or after the loop:
//   - loop-carried WAR (last iteration's loads -> this iteration's stores):
//     right before the first LDS store;
//   - RAW (stores -> loads): right before the first LDS load.
// 2 per iteration, 2n executed.
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds_a() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @lds_b() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @counted_loop(%g: !llvm.ptr<1>, %n: i32) attributes {rocdl.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %zero = llvm.mlir.constant(0.0 : f32) : f32
    %a = llvm.mlir.addressof @lds_a : !llvm.ptr<3>
    %b = llvm.mlir.addressof @lds_b : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    llvm.br ^h(%c0, %zero : i32, f32)
  ^h(%i: i32, %acc: f32):
    %more = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %more, ^body, ^exit
  ^body:
    %gi = llvm.getelementptr %g[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %gi : !llvm.ptr<1> -> f32
    %sa = llvm.getelementptr %a[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %sb = llvm.getelementptr %b[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // (expected barrier) (WAR, loop-carried)
    llvm.store %x, %sa : f32, !llvm.ptr<3>
    llvm.store %x, %sb : f32, !llvm.ptr<3>
    %t1 = llvm.add %tid, %c1 : i32
    %la = llvm.getelementptr %a[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %lb = llvm.getelementptr %b[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // (expected barrier) (RAW)
    %va = llvm.load %la : !llvm.ptr<3> -> f32
    %vb = llvm.load %lb : !llvm.ptr<3> -> f32
    %p = llvm.fmul %va, %vb : f32
    %s = llvm.fadd %acc, %p : f32
    %i1 = llvm.add %i, %c1 : i32
    llvm.br ^h(%i1, %s : i32, f32)
  ^exit:
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %acc, %gp : f32, !llvm.ptr<1>
    llvm.return
  }
}
