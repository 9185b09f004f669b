// strategy=minimize on a split target places each signal directly before
// its wait (the monolithic shape, no overlap); the default on gfx1201 is
// disjoint (signal right after the producer). A bad strategy is an error.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201 strategy=minimize},amdsync-verify)' %s | FileCheck %s --check-prefix=MIN
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=DIS
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201 strategy=disjoint},amdsync-verify)' %s | FileCheck %s --check-prefix=DIS
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201 strategy=fastest})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// disjoint on a monolithic target is the same as minimize.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 strategy=disjoint},amdsync-verify)' %s | FileCheck %s --check-prefix=MONO

// MIN-LABEL: gpu.func @k
// MIN: memref.store {{.*}}workgroup
// MIN-NEXT: memref.load {{.*}} : memref<64xf32, 1>
// MIN-NEXT: arith.addi
// MIN-NEXT: llvm.fence syncscope("workgroup") release
// MIN-NEXT: rocdl.s.barrier.signal id = -1
// MIN-NEXT: rocdl.s.barrier.wait id = -1
// MIN-NEXT: llvm.fence syncscope("workgroup") acquire
// MIN-NEXT: memref.load {{.*}}workgroup
// MIN-NOT: rocdl.s.barrier

// DIS-LABEL: gpu.func @k
// DIS: memref.store {{.*}}workgroup
// DIS-NEXT: llvm.fence syncscope("workgroup") release
// DIS-NEXT: rocdl.s.barrier.signal id = -1
// DIS-NEXT: memref.load {{.*}} : memref<64xf32, 1>
// DIS-NEXT: arith.addi
// DIS-NEXT: rocdl.s.barrier.wait id = -1
// DIS-NEXT: llvm.fence syncscope("workgroup") acquire
// DIS-NEXT: memref.load {{.*}}workgroup
// DIS-NOT: rocdl.s.barrier

// BAD: error: amdsync-lds-barriers: option 'strategy' takes minimize or disjoint, not 'fastest'

// MONO-LABEL: gpu.func @k
// MONO-NOT: rocdl.s.barrier
// MONO: arith.addi
// MONO-NEXT: amdgpu.lds_barrier
// MONO-NEXT: memref.load {{.*}}workgroup
gpu.module @m {
  gpu.func @k(%g: memref<64xf32, 1>, %x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    %y = memref.load %g[%tid] : memref<64xf32, 1>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
