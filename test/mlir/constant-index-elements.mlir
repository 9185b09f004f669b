// memref.load/store with all-constant indices touch exactly one element:
// store a[0] then load a[1] need no barrier (also for 2-byte elements, and
// for 2-D indices m[1, 0] vs m[0, 63]). The same element does need one:
// store a[0] then load a[0]; store m[1, 0] then load element 0 of a subview
// starting at element 64 (which is m[1, 0]); and a store at a constant
// index vs a load at a dynamic one.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @different_elements
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @different_elements(%g: memref<256xf32, 1>, %x: f32, %y: f16)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf16, #gpu.address_space<workgroup>>,
                %m: memref<4x64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c63 = arith.constant 63 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    %v = memref.load %a[%c1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %y, %b[%c0] : memref<256xf16, #gpu.address_space<workgroup>>
    %w = memref.load %b[%c1] : memref<256xf16, #gpu.address_space<workgroup>>
    memref.store %x, %m[%c1, %c0] : memref<4x64xf32, #gpu.address_space<workgroup>>
    %u = memref.load %m[%c0, %c63] : memref<4x64xf32, #gpu.address_space<workgroup>>
    %we = arith.extf %w : f16 to f32
    %s = arith.addf %v, %we : f32
    %s2 = arith.addf %s, %u : f32
    memref.store %s2, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @same_element
  // CHECK: memref.store %{{.*}}, %{{.*}}[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load %{{.*}}[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @same_element(%g: memref<256xf32, 1>, %x: f32)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    %v = memref.load %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // Element 64 of the buffer: m[1, 0] directly, and row[0] of the subview
  // that starts at element 64.
  // CHECK-LABEL: gpu.func @same_element_through_view
  // CHECK: memref.store %{{.*}}, %{{.*}}[%c1, %c0] : memref<4x64xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load %{{.*}}[%c0] : memref<64xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @same_element_through_view(%g: memref<256xf32, 1>, %x: f32)
      workgroup(%m: memref<4x64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %row = memref.subview %m[1, 0] [1, 64] [1, 1] : memref<4x64xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
    memref.store %x, %m[%c1, %c0] : memref<4x64xf32, #gpu.address_space<workgroup>>
    %v = memref.load %row[%c0] : memref<64xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @constant_vs_dynamic
  // CHECK: memref.store %{{.*}}, %{{.*}}[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load %{{.*}}[%thread_id_x] : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @constant_vs_dynamic(%g: memref<256xf32, 1>, %x: f32)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
