// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK-COUNT-2: amdgpu.lds_barrier
// SPLIT-COUNT-2: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait

// switch-uniform (cf form). cf.switch on a uniform selector (a kernel
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
gpu.module @m {
  gpu.func @switch_uniform(%g: memref<256xf32, 1>, %sel: i32)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    cf.switch %sel : i32, [
      default: ^def,
      0: ^c0,
      1: ^c1,
      2: ^c2
    ]
  ^c0:
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // (expected barrier) (optimal; or at the start of ^join, as the structured pass does)
    cf.br ^join
  ^c1:
    %y = arith.addf %x, %x : f32
    memref.store %y, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // (expected barrier)
    %w = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %g[%t1] : memref<256xf32, 1>
    cf.br ^join
  ^c2:
    %z = arith.mulf %x, %x : f32
    memref.store %z, %g[%tid] : memref<256xf32, 1>
    cf.br ^join
  ^def:
    cf.br ^join
  ^join:
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
