// Two LDS buffers whose RAW windows overlap: store A, store B, then load B,
// load A. Window A spans (store A, load A), window B spans (store B, load B);
// one barrier in their intersection, right before the first load, orders
// both. Exactly one barrier is inserted.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

// CHECK-LABEL: gpu.func @share
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store %{{.*}}, %[[A:.*]][%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %{{.*}}, %[[B:.*]][%{{.*}}] : memref<128xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load %[[B]][%{{.*}}] : memref<128xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.extf
// CHECK-NEXT: memref.load %[[A]][%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @share(%g: memref<256xf32, 1>, %h: memref<256xf16, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<128xf16, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %y = memref.load %h[%tid] : memref<256xf16, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %y, %b[%tid] : memref<128xf16, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %vb = memref.load %b[%t1] : memref<128xf16, #gpu.address_space<workgroup>>
    %vbf = arith.extf %vb : f16 to f32
    %va = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %va, %vbf : f32
    memref.store %s, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
