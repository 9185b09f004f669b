// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK-LABEL: ^bb3:
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: memref.store {{.*}}workgroup
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}}workgroup
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-LABEL: ^bb3:
// SPLIT: rocdl.s.barrier.wait
// SPLIT: memref.store {{.*}}workgroup
// SPLIT: rocdl.s.barrier.wait
// SPLIT: memref.load {{.*}}workgroup
// SPLIT-NOT: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered RAW hazard

// nested-counted-headers-body (cf form). The kernel of
// nested-counted-headers.cf.mlir with the hazard inside the inner body: two
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
// unreachable in the model (see nested-counted-headers.cf.mlir), nothing was
// inserted and amdsync-verify called the bare input clean.
gpu.module @m {
  gpu.func @nested_counted_headers_body(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    cf.br ^oh(%c0 : index)
  ^oh(%j: index):
    %omore = arith.cmpi slt, %j, %c1 : index
    cf.cond_br %omore, ^ih(%c0 : index), ^exit
  ^ih(%i: index):
    %imore = arith.cmpi slt, %i, %c1 : index
    cf.cond_br %imore, ^ib, ^ol
  ^ib:
    %y = memref.load %g[%tid] : memref<256xf32, 1>
    // (expected barrier) (conservative: the outer back edge)
    memref.store %y, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // (expected barrier) (RAW)
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
