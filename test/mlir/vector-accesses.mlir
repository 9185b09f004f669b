// Vector accesses to LDS are accesses like memref.load/store:
// vector.transfer_write then vector.transfer_read of one buffer need a
// barrier right before the read (RAW); vector.maskedstore then
// vector.maskedload of another buffer need one right before the masked
// load, and that barrier also orders the earlier transfer_write with the
// vector.gather of the first buffer, which follows: no third barrier.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s

// CHECK-LABEL: gpu.func @vec
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: vector.transfer_write
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: vector.transfer_read
// CHECK-NEXT: vector.maskedstore
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: vector.maskedload
// CHECK-NEXT: vector.gather
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @vec(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<16x16xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %pad = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %mask = vector.constant_mask [2] : vector<4xi1>
    %idx = arith.constant dense<[0, 2, 4, 6]> : vector<4xi32>
    %x = vector.load %g[%tid] : memref<256xf32, 1>, vector<4xf32>
    vector.transfer_write %x, %a[%tid] {in_bounds = [true]} : vector<4xf32>, memref<256xf32, #gpu.address_space<workgroup>>
    %r1 = vector.transfer_read %a[%c4], %pad {in_bounds = [true]} : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.maskedstore %b[%tid, %c0], %mask, %r1 : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xi1>, vector<4xf32>
    %r2 = vector.maskedload %b[%c0, %tid], %mask, %x : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    %r3 = vector.gather %a[%c0][%idx], %mask, %x : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    %s = arith.addf %r2, %r3 : vector<4xf32>
    vector.store %s, %g[%tid] : memref<256xf32, 1>, vector<4xf32>
    gpu.return
  }
}
