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

// switch-uniform (llvm.func form: llvm dialect, !llvm.ptr<3> LDS global,
// rocdl.workitem.id.x, rocdl.kernel; same CFG and block names as
// switch-uniform.cf.mlir). llvm.switch on a uniform selector (a kernel
// argument). case 0 stores a[tid]; case 1 stores a[tid] and reads a[tid+1];
// case 2 and the default touch no LDS; the join reads a[tid+1].
//
// Hazards: RAW store(case 0) -> load(^join); RAW store(case 1) -> load(case
// 1); RAW store(case 1) -> load(^join) (ordered by the case 1 barrier, which
// lies on that path). Read/read: none.
//
// EXPECTED: 2 barriers, no error:
//   - in ^c1 between its store and its load (runs when sel == 1);
//   - for case 0: either at the end of ^c0 after the store (runs only when
//     sel == 0: the dynamically cheapest, 1 barrier on every path) or in
//     ^join before the load (runs on every path: 2 on the sel == 1 path,
//     1 on the sel == 2/default paths that need none). The structured pass
//     on the scf.index_switch equivalent (structured/switch-uniform.scf.mlir)
//     chooses the join (the latest of equal-cost gaps), see README.
// No barrier before the switch, none in ^c2 / ^def.
// Translates to LLVM IR: mlir-translate-22 --mlir-to-llvmir.
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @switch_uniform(%g: !llvm.ptr<1>, %sel: i32) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %lds = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %c1 : i32
    %gp = llvm.getelementptr %g[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %gq = llvm.getelementptr %g[%t1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %s = llvm.getelementptr %lds[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %l = llvm.getelementptr %lds[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %x = llvm.load %gp : !llvm.ptr<1> -> f32
    llvm.switch %sel : i32, ^def [
      0: ^c0,
      1: ^c1,
      2: ^c2
    ]
  ^c0:
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // (expected barrier) (optimal; or at the start of ^join, as the structured pass does)
    llvm.br ^join
  ^c1:
    %y = llvm.fadd %x, %x : f32
    llvm.store %y, %s : f32, !llvm.ptr<3>
    // (expected barrier)
    %w = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %w, %gq : f32, !llvm.ptr<1>
    llvm.br ^join
  ^c2:
    %z = llvm.fmul %x, %x : f32
    llvm.store %z, %gp : f32, !llvm.ptr<1>
    llvm.br ^join
  ^def:
    llvm.br ^join
  ^join:
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %gp : f32, !llvm.ptr<1>
    llvm.return
  }
}
