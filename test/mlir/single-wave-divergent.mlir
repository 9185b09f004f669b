// In a workgroup that fits one wave, ordering points are free compiler-level
// points that no wave waits at, so one may stand inside divergent control
// flow: a 6-lane workgroup exchanging data through LDS inside a branch on
// the thread id gets its wave-level ordering point inside the branch (with
// several waves this is an error: see divergent-if-intra-branch-error.mlir).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s

// CHECK-LABEL: gpu.func @six_lanes
// CHECK: scf.if
// CHECK: memref.store {{.*}} : memref<8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.addi
// CHECK-NEXT: llvm.fence syncscope("wavefront") release
// CHECK-NEXT: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
// CHECK-NEXT: llvm.fence syncscope("wavefront") acquire
// CHECK-NEXT: memref.load {{.*}} : memref<8xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @six_lanes(%g: memref<256xf32, 1>)
      workgroup(%a: memref<8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 6, 1, 1>} {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c3 : index
    scf.if %low {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<8xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}
