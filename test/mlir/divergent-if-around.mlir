// A hazard that crosses the boundary of a divergent scf.if (its condition
// depends on the thread id, or on a loaded value) is ordered by a barrier
// outside the if, never inside it: lane 0 publishes a value that every lane
// reads after the if (barrier right after the if), and a store before the
// if is read inside a branch on a loaded value (barrier right before the if).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @publish
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: scf.if
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: }
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @publish(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %is0 = arith.cmpi eq, %tid, %c0 : index
    scf.if %is0 {
      %x = memref.load %g[%c0] : memref<256xf32, 1>
      memref.store %x, %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %v = memref.load %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @consume_inside
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: arith.cmpf
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: scf.if
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @consume_inside(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %v0 = memref.load %g[%c0] : memref<256xf32, 1>
    %pos = arith.cmpf ogt, %v0, %z : f32
    scf.if %pos {
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}
