// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK: memref.store {{.*}}workgroup
// CHECK: amdgpu.lds_barrier
// CHECK: memref.load {{.*}}workgroup
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT: memref.store {{.*}}workgroup
// SPLIT: rocdl.s.barrier.wait
// SPLIT: memref.load {{.*}}workgroup
// SPLIT-NOT: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered RAW hazard

// counted-loop-exit-on-true (cf form). A loop shaped like a counted one
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
gpu.module @m {
  gpu.func @counted_loop_exit_on_true(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : i8
    %c1 = arith.constant 1 : i8
    %k1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %k1 : index
    %y = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %y, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    cf.br ^h(%c0 : i8)
  ^h(%i: i8):
    %done = arith.cmpi slt, %i, %c0 : i8
    cf.cond_br %done, ^exit, ^body
  ^body:
    %i1 = arith.addi %i, %c1 : i8
    cf.br ^h(%i1 : i8)
  ^exit:
    // (expected barrier) (RAW from the preheader)
    %w = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
