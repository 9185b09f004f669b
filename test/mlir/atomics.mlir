// Atomics act as both read and write, but atomic vs atomic is not a hazard:
// a histogram of memref.atomic_rmw (and memref.generic_atomic_rmw) updates to
// one LDS buffer needs no barrier among them. An atomic vs a plain access is
// a hazard: a plain load of the totals after the atomics needs a barrier
// right before it (RAW), and atomics after a plain load of the same buffer
// need one right before the first atomic (WAR).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @atomic_atomic
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @atomic_atomic(%g: memref<256xf32, 1>)
      workgroup(%h: memref<16xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %one = arith.constant 1.0 : f32
    %tid = gpu.thread_id x
    %bin = arith.remui %tid, %c16 : index
    %t1 = arith.addi %tid, %c1 : index
    %bin2 = arith.remui %t1, %c16 : index
    %o1 = memref.atomic_rmw addf %one, %h[%bin] : (f32, memref<16xf32, #gpu.address_space<workgroup>>) -> f32
    %o2 = memref.atomic_rmw addf %one, %h[%bin2] : (f32, memref<16xf32, #gpu.address_space<workgroup>>) -> f32
    %o3 = memref.generic_atomic_rmw %h[%bin] : memref<16xf32, #gpu.address_space<workgroup>> {
    ^bb0(%cur: f32):
      %n = arith.maximumf %cur, %one : f32
      memref.atomic_yield %n : f32
    }
    %s = arith.addf %o1, %o2 : f32
    %s2 = arith.addf %s, %o3 : f32
    memref.store %s2, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @atomic_then_load
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.atomic_rmw addf
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.generic_atomic_rmw
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.atomic_yield
  // CHECK-NEXT: }
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<16xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @atomic_then_load(%g: memref<256xf32, 1>)
      workgroup(%h: memref<16xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %one = arith.constant 1.0 : f32
    %tid = gpu.thread_id x
    %bin = arith.remui %tid, %c16 : index
    %o1 = memref.atomic_rmw addf %one, %h[%bin] : (f32, memref<16xf32, #gpu.address_space<workgroup>>) -> f32
    %o2 = memref.generic_atomic_rmw %h[%c0] : memref<16xf32, #gpu.address_space<workgroup>> {
    ^bb0(%cur: f32):
      %n = arith.maximumf %cur, %one : f32
      memref.atomic_yield %n : f32
    }
    %v = memref.load %h[%bin] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @load_then_atomic
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.load {{.*}} : memref<16xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.atomic_rmw addf
  // CHECK-NEXT: memref.atomic_rmw addf
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @load_then_atomic(%g: memref<256xf32, 1>)
      workgroup(%h: memref<16xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %one = arith.constant 1.0 : f32
    %tid = gpu.thread_id x
    %bin = arith.remui %tid, %c16 : index
    %v = memref.load %h[%bin] : memref<16xf32, #gpu.address_space<workgroup>>
    %o1 = memref.atomic_rmw addf %one, %h[%bin] : (f32, memref<16xf32, #gpu.address_space<workgroup>>) -> f32
    %o2 = memref.atomic_rmw addf %v, %h[%c1] : (f32, memref<16xf32, #gpu.address_space<workgroup>>) -> f32
    %s = arith.addf %o1, %o2 : f32
    memref.store %s, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
