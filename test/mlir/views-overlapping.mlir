// Views of one LDS buffer that may overlap alias: a store through one and a
// load through the other need a barrier right before the load. Covered:
// subviews [0,128) and [64,192), subviews [0,128) and [127,255) (one shared
// element: the disjointness check is not off by one), a subview at a
// dynamic offset, a memref.view at a dynamic byte shift, and a
// memref.collapse_shape / expand_shape pair of the whole buffer.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @half_overlap
  // CHECK: memref.store {{.*}} : memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<128xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @half_overlap(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %lo = memref.subview %a[0] [128] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %mid = memref.subview %a[64] [128] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %lo[%tid] : memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %v = memref.load %mid[%tid] : memref<128xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @one_element_overlap
  // CHECK: memref.store {{.*}} : memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<128xf32, strided<[1], offset: 127>, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @one_element_overlap(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %lo = memref.subview %a[0] [128] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %hi = memref.subview %a[127] [128] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[1], offset: 127>, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %lo[%tid] : memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %v = memref.load %hi[%tid] : memref<128xf32, strided<[1], offset: 127>, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @dynamic_subview
  // CHECK: memref.store {{.*}} : memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<128xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @dynamic_subview(%g: memref<256xf32, 1>, %off: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %lo = memref.subview %a[0] [128] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %dyn = memref.subview %a[%off] [128] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %lo[%tid] : memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %v = memref.load %dyn[%tid] : memref<128xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @dynamic_view
  // CHECK: memref.store {{.*}} : memref<128xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<128xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @dynamic_view(%g: memref<256xf32, 1>, %shift: index)
      workgroup(%buf: memref<1024xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %p = memref.view %buf[%c0][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
    %q = memref.view %buf[%shift][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %p[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
    %v = memref.load %q[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @reshapes
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<4x64xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @reshapes(%g: memref<256xf32, 1>)
      workgroup(%a: memref<4x64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %flat = memref.collapse_shape %a [[0, 1]] : memref<4x64xf32, #gpu.address_space<workgroup>> into memref<256xf32, #gpu.address_space<workgroup>>
    %back = memref.expand_shape %flat [[0, 1]] output_shape [4, 64] : memref<256xf32, #gpu.address_space<workgroup>> into memref<4x64xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %flat[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %v = memref.load %back[%c1, %tid] : memref<4x64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
