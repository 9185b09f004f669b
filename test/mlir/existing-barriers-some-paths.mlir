// An existing barrier counts only on the paths that cross it: one in a
// single arm of a uniform if, and one in a loop that may run zero times, do
// not order a store before them with a load after them. The pass keeps them
// and adds one barrier right before the load.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

// CHECK-LABEL: gpu.func @some_paths
// CHECK: memref.store {{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: scf.if
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: }
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @some_paths(%g: memref<64xf32, 1>, %flag: i1, %n: index)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    scf.if %flag {
      amdgpu.lds_barrier
    }
    scf.for %i = %c0 to %n step %c1 {
      amdgpu.lds_barrier
    }
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}
