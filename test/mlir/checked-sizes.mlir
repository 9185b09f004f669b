// Workgroup sizes and byte ranges computed from the IR's constants use
// checked arithmetic: a product or offset that does not fit is unknown (the
// conservative answer), never a wrapped number.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

// known_block_size 64 x 536903681 x 536838145 is 2^64 + 64 lanes: not one
// wave of 64 (the product wrapped to 64 and the pass placed a free
// wave-level ordering point instead of a barrier). Non-positive sizes are
// unknown too.
// CHECK-LABEL: gpu.func @wrapped_block_size
// CHECK-NOT: wave.barrier
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-LABEL: gpu.func @negative_block_size
// CHECK-NOT: wave.barrier
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load

// A view whose last byte lies past 2^63: its range [2^63 - 8, 2^64 + 4)
// wrapped to [2^63 - 8, 4), which overlaps nothing, not even itself, so the
// store and the load through it got no barrier. Unknown now: a barrier.
// CHECK-LABEL: gpu.func @wrapped_range
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @m {
  gpu.func @wrapped_block_size(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 536903681, 536838145>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  gpu.func @negative_block_size(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {rocdl.reqd_work_group_size = array<i32: -1, -64, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  gpu.func @wrapped_range(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %w = memref.reinterpret_cast %a to offset: [2305843009213693950], sizes: [2], strides: [2305843009213693954]
        : memref<256xf32, #gpu.address_space<workgroup>>
          to memref<2xf32, strided<[2305843009213693954], offset: 2305843009213693950>, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %w[%tid] : memref<2xf32, strided<[2305843009213693954], offset: 2305843009213693950>, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %w[%t1] : memref<2xf32, strided<[2305843009213693954], offset: 2305843009213693950>, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
