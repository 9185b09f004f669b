// The `amdsync` pipeline takes every option its passes take and forwards
// each to all three passes; an option that does not parse, or a value that
// smuggles another option into the passes, fails the pipeline (mlir-opt
// exits non-zero and nothing is inserted), as it does for a single pass.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 summary=true waw-hazards=true strategy=minimize remarks=true})' %s 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target="gfx942 bogus=1"})' %s 2>&1 | FileCheck %s --check-prefix=SMUGGLED
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 bogus=1})' %s 2>&1 | FileCheck %s --check-prefix=BOGUS-PIPE
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 bogus=1},amdsync-verify)' %s 2>&1 | FileCheck %s --check-prefix=BOGUS
// A boolean that is not one: the option, the value, what it takes (on
// 359b8e9 an empty `error:` line after llvm::cl's own complaint).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 waw-hazards=maybe})' %s 2>&1 | FileCheck %s --check-prefix=BOOL-PASS
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 remarks=2})' %s 2>&1 | FileCheck %s --check-prefix=BOOL-PIPE
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{summary=yes})' %s 2>&1 | FileCheck %s --check-prefix=BOOL-VERIFY
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 waw-hazards remarks=1 summary=False})' %s 2>&1 | FileCheck %s --check-prefix=BOOL-OK
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target="gfx942 bogus=1"},amdsync-verify)' %s 2>&1 | FileCheck %s --check-prefix=SMUGGLED
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 strategy=bogus})' %s 2>&1 | FileCheck %s --check-prefix=STRATEGY

// waw-hazards reached the barrier pass (a barrier between the two stores,
// whose second index, a loaded offset, is not known: without the option
// they are no hazard, NOWAW) and the checker (which accepts it); remarks
// reached the barrier pass; summary reached all three passes.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s 2>&1 | FileCheck %s --check-prefix=NOWAW
// NOWAW-NOT: amdgpu.lds_barrier
// ALL-DAG: remark: amdsync: barrier orders WAW hazard on workgroup attribution #0
// ALL-DAG: remark: amdsync-lds-barriers: 1 function(s), 1 hazard window(s), 0 already ordered; inserted 1 barrier(s)
// ALL-DAG: remark: amdsync-waitcnt: 1 function(s)
// ALL-DAG: remark: amdsync-verify: 1 function(s), 0 violation(s)
// ALL: gpu.func @two_stores
// ALL: memref.store
// ALL-NEXT: arith.addi
// ALL-NEXT: amdgpu.lds_barrier
// ALL-NEXT: memref.store
// ALL-NOT: amdgpu.lds_barrier
// ALL: gpu.return

// SMUGGLED: error: amdsync{{(-lds-barriers)?}}: option 'target': unknown target 'gfx942 bogus=1'
// SMUGGLED-NOT: amdgpu.lds_barrier

// BOGUS: error: amdsync-lds-barriers: unknown option 'bogus'; options: target, strategy, existing, waw-hazards, summary, remarks
// BOGUS-PIPE: error: amdsync: unknown option 'bogus'; options: target, strategy, existing, waw-hazards, summary, remarks
// BOGUS-PIPE-NOT: amdgpu.lds_barrier
// BOGUS-NOT: amdgpu.lds_barrier

// STRATEGY: error: amdsync: option 'strategy' takes minimize or disjoint, not 'bogus'
// STRATEGY-NOT: amdgpu.lds_barrier

// BOOL-PASS: error: amdsync-lds-barriers: option 'waw-hazards' takes true or false, not 'maybe'
// BOOL-PASS-NOT: amdgpu.lds_barrier
// BOOL-PIPE: error: amdsync: option 'remarks' takes true or false, not '2'
// BOOL-PIPE-NOT: amdgpu.lds_barrier
// BOOL-VERIFY: error: amdsync-verify: option 'summary' takes true or false, not 'yes'
// BOOL-OK-NOT: error
// BOOL-OK: remark: amdsync: barrier orders WAW hazard
// BOOL-OK: amdgpu.lds_barrier
gpu.module @m {
  gpu.func @two_stores(%x: f32, %off: memref<1xindex, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %k = memref.load %off[%c0] : memref<1xindex, 1>
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %k : index
    memref.store %x, %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
