// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK: memref.store {{.*}}workgroup
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: cf.br
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-COUNT-1: rocdl.s.barrier.wait
// SPLIT-NOT: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered RAW hazard

// counted-loop-header-load (cf form). A counted loop (i = 0; i < 2; ++i:
// two trips) whose header holds an LDS load before its exit test: the
// preheader stores a[tid], ^h(%i) loads a[tid+1] and tests i < 2, ^body
// holds a gpu.barrier already (BAR) and steps, ^exit returns.
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
gpu.module @m {
  gpu.func @counted_loop_header_load(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %y = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %y, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // (expected barrier) (RAW into the header's first run)
    cf.br ^h(%c0 : index)
  ^h(%i: index):
    %w = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %g[%i] : memref<256xf32, 1>
    %more = arith.cmpi slt, %i, %c2 : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    gpu.barrier
    %i1 = arith.addi %i, %c1 : index
    cf.br ^h(%i1 : index)
  ^exit:
    gpu.return
  }
}
