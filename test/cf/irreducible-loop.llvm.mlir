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

// irreducible-loop (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// irreducible-loop.cf.mlir). A cycle ^A <-> ^B entered at either block
// (two headers: irreducible), all conditions uniform (kernel arguments and a
// counter that starts at a constant and steps by 1). ^A stores a[tid], ^B
// reads a[tid+1].
//
//   ^bb0 --flag--> ^A(0)      ^bb0 --!flag--> ^B(0)
//   ^A(i): store;  i < n ? ^B(i) : ^exit
//   ^B(i): load;   i+1 < n ? ^A(i+1) : ^exit
//
// Hazards: RAW store(^A) -> load(^B) along ^A -> ^B; WAR load(^B) ->
// store(^A) along ^B -> ^A. No single position lies on both paths (the
// store and the load are each on the other's path), so:
//
// EXPECTED: 2 barriers, both inside the cycle, none before it or in ^exit:
//   - RAW: in ^A after the store (before the cond_br) or in ^B before the
//     load (^B also runs on the !flag entry: one extra execution there; a
//     barrier at the end of ^A also runs on the ^A -> ^exit path);
//   - WAR: in ^B after the load or in ^A before the store.
// Each trip around the cycle (^A then ^B) executes 2 barriers. Uniform:
// no error. The checker must accept the result. (No structured equivalent.)
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @irreducible(%g: !llvm.ptr<1>, %n: i32, %flag: i1) attributes {rocdl.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %c1 : i32
    llvm.cond_br %flag, ^A(%c0 : i32), ^B(%c0 : i32)
  ^A(%i: i32):
    %gi = llvm.getelementptr %g[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %gi : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // (expected barrier) (RAW; or at the start of ^B)
    %more = llvm.icmp "ult" %i, %n : i32
    llvm.cond_br %more, ^B(%i : i32), ^exit
  ^B(%j: i32):
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    // (expected barrier) (WAR; or at the start of ^A)
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %v, %gp : f32, !llvm.ptr<1>
    %j1 = llvm.add %j, %c1 : i32
    %again = llvm.icmp "ult" %j1, %n : i32
    llvm.cond_br %again, ^A(%j1 : i32), ^exit
  ^exit:
    llvm.return
  }
}
