// affine.load reads LDS and affine.store writes it, like memref.load and
// memref.store: two affine.loads of one buffer (read vs read) need no
// barrier, in straight line or in an affine.for; an affine.store followed by
// an affine.load of another lane's element needs one, right before the load.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @reads_only
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @reads_only(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %x = affine.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %y = affine.load %a[%tid + 1] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %x, %y : f32
    affine.for %k = 0 to 4 {
      %z = affine.load %a[%k] : memref<256xf32, #gpu.address_space<workgroup>>
      %w = arith.addf %s, %z : f32
      memref.store %w, %g[%k] : memref<256xf32, 1>
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @store_then_load
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: affine.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: affine.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @store_then_load(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    affine.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %v = affine.load %a[%tid + 1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
