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

// nested-counted-headers (cf form). Two counted loops of one trip each
// (j = 0; j < 1 and i = 0; i < 1), the outer header branching straight
// into the inner header: ^oh(%j) tests j < 1 and enters ^ih(%c0), so the
// outer loop's body is the inner loop's header. The preheader stores a[tid];
// the inner body ^ib reads a[tid+1] once: RAW store(preheader) -> load(^ib).
//
// The outer loop cannot let its preheader enter its body (^ih) directly:
// ^ih is also entered from its own latch and heads a counted loop; only
// the count is stated on ^oh. The inner loop may (^ih holds no ops).
//
// EXPECTED: 1 barrier between the store and the load (in the preheader or
// at the top of ^ib: both run once). Regression: the two refinements
// combined (outer: preheader -> ^ih, ^oh -> ^ih dropped; inner: ^oh -> ^ib,
// ^ih -> ^ib dropped) left ^ib unreachable in the model: nothing was
// inserted and amdsync-verify called the bare input clean.
gpu.module @m {
  gpu.func @nested_counted_headers(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %y = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %y, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    cf.br ^oh(%c0 : index)
  ^oh(%j: index):
    %omore = arith.cmpi slt, %j, %c1 : index
    cf.cond_br %omore, ^ih(%c0 : index), ^exit
  ^ih(%i: index):
    %imore = arith.cmpi slt, %i, %c1 : index
    cf.cond_br %imore, ^ib, ^ol
  ^ib:
    // (expected barrier) (RAW from the preheader)
    %w = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %g[%i] : memref<256xf32, 1>
    %i1 = arith.addi %i, %c1 : index
    cf.br ^ih(%i1 : index)
  ^ol:
    %j1 = arith.addi %j, %c1 : index
    cf.br ^oh(%j1 : index)
  ^exit:
    gpu.return
  }
}
