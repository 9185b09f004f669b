// A tiled GEMM main loop: each iteration stores a tile of A and B into LDS,
// then every lane reads other lanes' elements. Two barriers per iteration:
// one RAW barrier before the first LDS read, one loop-carried WAR barrier
// before the next iteration's LDS stores.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

// CHECK-LABEL: gpu.func @gemm
// CHECK: scf.for
// CHECK-NEXT: memref.load {{.*}} : memref<1024xf32, 1>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.load
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.yield
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @gemm(%g: memref<1024xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %acc0 = arith.constant 0.0 : f32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (f32) {
      %x = memref.load %g[%k] : memref<1024xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %x, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %va = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %vb = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %p = arith.mulf %va, %vb : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %g[%tid] : memref<1024xf32, 1>
    gpu.return
  }
}
