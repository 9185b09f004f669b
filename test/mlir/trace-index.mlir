// AMDSYNC_TRACE=index on the MLIR side (issue 21, first brick; the
// analysis does not use these forms yet): each memref.load/store on LDS as
// a byte offset into its resource, a linear form over the thread ids, from
// gpu.thread_id through arith's add, sub, mul and shl by constants and
// index_cast/extsi, in the memref's strided layout (a padded 16x17 tile:
// 68 bytes per row). A kernel argument in the index is not a form yet.
// RUN: env AMDSYNC_TRACE=index %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// The barrier pass's output passes the checker, and the LLVM IR side's.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -o %t.mlir
// RUN: %lower-to-llvm gfx942 < %t.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output

// CHECK: index: 'memref.store' at {{.*}}: 4 byte(s) at workgroup attribution #0 + 4*tid.x{{$}}
// CHECK-NEXT: index: 'memref.load' at {{.*}}: 4 byte(s) at workgroup attribution #0 + 4*tid.x + 4{{$}}
// CHECK-NEXT: index: 'memref.store' at {{.*}}: 4 byte(s) at workgroup attribution #1 + 4*tid.x + 68*tid.y{{$}}
// CHECK-NEXT: index: 'memref.load' at {{.*}}: 4 byte(s) at workgroup attribution #0 + 8*tid.x{{$}}
// CHECK-NEXT: index: 'memref.store' at {{.*}}: 4 byte(s) at @g + 4*tid.x{{$}}
// CHECK-NEXT: index: 'memref.load' at {{.*}}: at unknown
// CHECK-NOT: index:
// NONE-NOT: amdsync-trace

gpu.module @m {
  memref.global "private" @g : memref<64xi32, #gpu.address_space<workgroup>>
  gpu.func @k(%n: index, %out: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %t: memref<16x17xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : i32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %x = memref.load %out[%tx] : memref<256xf32, 1>
    memref.store %x, %a[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tx, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %t[%ty, %tx] : memref<16x17xf32, #gpu.address_space<workgroup>>
    %i = arith.index_cast %tx : index to i32
    %i2 = arith.muli %i, %c2 : i32
    %j = arith.index_cast %i2 : i32 to index
    %w = memref.load %a[%j] : memref<256xf32, #gpu.address_space<workgroup>>
    %gm = memref.get_global @g : memref<64xi32, #gpu.address_space<workgroup>>
    %ci = arith.constant 3 : i32
    memref.store %ci, %gm[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
    %m = arith.addi %tx, %n : index
    %u = memref.load %a[%m] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %w, %u : f32
    memref.store %s, %out[%tx] : memref<256xf32, 1>
    gpu.return
  }
}
