// LDS globals: two memref.get_global of the same memref.global name one
// buffer (they alias: a store through one and a load through the other need
// a barrier); memref.get_global of two different globals never alias (no
// barrier).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  memref.global "private" @lds_a : memref<256xf32, #gpu.address_space<workgroup>>
  memref.global "private" @lds_b : memref<256xf32, #gpu.address_space<workgroup>>

  // CHECK-LABEL: gpu.func @same_global
  // CHECK: %[[A1:.*]] = memref.get_global @lds_a
  // CHECK-NEXT: %[[A2:.*]] = memref.get_global @lds_a
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store %{{.*}}, %[[A1]][
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load %[[A2]][
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @same_global(%g: memref<256xf32, 1>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %a1 = memref.get_global @lds_a : memref<256xf32, #gpu.address_space<workgroup>>
    %a2 = memref.get_global @lds_a : memref<256xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a1[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a2[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @different_globals
  // CHECK: %[[A:.*]] = memref.get_global @lds_a
  // CHECK-NEXT: %[[B:.*]] = memref.get_global @lds_b
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store %{{.*}}, %[[A]][
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.load %[[B]][
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @different_globals(%g: memref<256xf32, 1>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %a = memref.get_global @lds_a : memref<256xf32, #gpu.address_space<workgroup>>
    %b = memref.get_global @lds_b : memref<256xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
