// An op the analysis does not know that takes an LDS operand (memref.copy
// into LDS, linalg.fill of LDS) reads and writes that buffer: a load of
// other lanes' elements before the copy needs a barrier right before the
// copy (WAR), a load after it one right before the load (RAW). Unknown is
// never "no access", but it stays confined to the buffer it was given: a
// copy into B does not conflict with loads of A.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @copy_in
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.copy
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @copy_in(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %old = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.copy %g, %a : memref<256xf32, 1> to memref<256xf32, #gpu.address_space<workgroup>>
    %new = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %old, %new : f32
    memref.store %s, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @copy_other_buffer
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @copy_other_buffer(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %old = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.copy %g, %b : memref<256xf32, 1> to memref<256xf32, #gpu.address_space<workgroup>>
    %new = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %old, %new : f32
    memref.store %s, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @fill
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: linalg.fill
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @fill(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    linalg.fill ins(%zero : f32) outs(%a : memref<256xf32, #gpu.address_space<workgroup>>)
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
