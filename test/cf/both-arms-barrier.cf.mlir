// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait

// both-arms-barrier (cf form). A store before a uniform if/else (kernel
// argument %flag) whose arms both already hold a gpu.barrier; a cross-lane
// load after the join.
//
// Every path from the store to the load crosses one of the existing
// barriers, so the hazard is already ordered.
//
// EXPECTED: nothing inserted (output == input), no error; amdsync-verify
// accepts the input as is. (With a thread-id condition the existing
// barriers would sit in divergent blocks: an error, like
// existing-barrier-errors.mlir.) Structured equivalent:
// structured/both-arms-barrier.scf.mlir.
gpu.module @m {
  gpu.func @both_arms_barrier(%g: memref<256xf32, 1>, %flag: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    cf.cond_br %flag, ^then, ^else
  ^then:
    %y = arith.addf %x, %x : f32
    gpu.barrier
    memref.store %y, %g[%tid] : memref<256xf32, 1>
    cf.br ^join
  ^else:
    gpu.barrier
    cf.br ^join
  ^join:
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%t1] : memref<256xf32, 1>
    gpu.return
  }
}
