// Distinct allocations never alias: a store to one workgroup attribution
// and a load from another need no barrier, and neither do a store to one
// memref.alloc and a load from another. A store and a load of the same
// memref.alloc do (control: the analysis does see memref.alloc accesses).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

// CHECK-LABEL: gpu.func @attributions
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @attributions(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

// CHECK-LABEL: gpu.func @allocs
// CHECK: %[[P:.*]] = memref.alloc() : memref<64xf32, 3>
// CHECK-NEXT: %[[Q:.*]] = memref.alloc() : memref<64xf32, 3>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store %{{.*}}, %[[P]][
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.load %[[Q]][
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
  gpu.func @allocs(%g: memref<64xf32, 1>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %p = memref.alloc() : memref<64xf32, 3>
    %q = memref.alloc() : memref<64xf32, 3>
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    memref.store %x, %p[%tid] : memref<64xf32, 3>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %q[%t1] : memref<64xf32, 3>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }

// CHECK-LABEL: gpu.func @same_alloc
// CHECK: %[[P:.*]] = memref.alloc() : memref<64xf32, 3>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store %{{.*}}, %[[P]][
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load %[[P]][
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
  gpu.func @same_alloc(%g: memref<64xf32, 1>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %p = memref.alloc() : memref<64xf32, 3>
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    memref.store %x, %p[%tid] : memref<64xf32, 3>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %p[%t1] : memref<64xf32, 3>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}
