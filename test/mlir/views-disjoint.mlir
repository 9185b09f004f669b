// Views of one LDS buffer at constant, provably disjoint byte ranges do not
// alias: a store through one and a load through the other need no barrier.
// Covered: two memref.subview halves (adjacent: [0,128) and [128,256)
// elements), two rows of a 2-D buffer, and two memref.view of an i8 buffer at
// constant byte shifts 0 and 512 (512 bytes of f32 each).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// Control: the same stores and loads through one view do need a barrier, so
// the absence above is the disjointness proof, not a missed access.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s --check-prefix=CONTROL

gpu.module @m {
  // CHECK-LABEL: gpu.func @halves
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @halves(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %lo = memref.subview %a[0] [128] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %hi = memref.subview %a[128] [128] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[1], offset: 128>, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %lo[%tid] : memref<128xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %v = memref.load %hi[%tid] : memref<128xf32, strided<[1], offset: 128>, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @rows
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @rows(%g: memref<256xf32, 1>)
      workgroup(%a: memref<4x64xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %r1 = memref.subview %a[1, 0] [1, 64] [1, 1] : memref<4x64xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
    %r2 = memref.subview %a[2, 0] [1, 64] [1, 1] : memref<4x64xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[1], offset: 128>, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %r1[%tid] : memref<64xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
    %v = memref.load %r2[%tid] : memref<64xf32, strided<[1], offset: 128>, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @byte_views
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @byte_views(%g: memref<256xf32, 1>)
      workgroup(%buf: memref<1024xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %tid = gpu.thread_id x
    %p = memref.view %buf[%c0][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
    %q = memref.view %buf[%c512][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %p[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
    %v = memref.load %q[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CONTROL-LABEL: gpu.func @control
  // CONTROL: memref.store
  // CONTROL-NEXT: amdgpu.lds_barrier
  // CONTROL-NEXT: memref.load
  // CONTROL-NOT: amdgpu.lds_barrier
  // CONTROL: gpu.return
  gpu.func @control(%g: memref<256xf32, 1>)
      workgroup(%buf: memref<1024xi8, #gpu.address_space<workgroup>>) kernel {
    %c512 = arith.constant 512 : index
    %tid = gpu.thread_id x
    %q = memref.view %buf[%c512][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %q[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
    %v = memref.load %q[%tid] : memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
