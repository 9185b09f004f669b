// scf.for induction variables as symbols of index forms on the MLIR side
// (docs/design.md, 2b): a loop whose bounds and step are the same in every
// lane gives its induction variable a symbol, defined at the block each
// iteration enters, of range [lower bound, last value] where the bounds
// are constants. One iteration's accesses share its value; across
// iterations the thread-private proof measures the distance between the
// iterations' tiles. Each output is lowered to LLVM IR and checked there
// (the LLVM side reads the lowered loop's counting phi on its own), run by
// the execution oracle, and a second run inserts nothing.
//
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.942.mlir
// RUN: FileCheck %s < %t.942.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.942.mlir | diff - %t.942.mlir
// RUN: %lower-to-llvm gfx942 < %t.942.mlir > %t.942.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
// RUN: %amdsync-exec %t.942.ll --target=gfx942 --block=256 --args=1.0 --schedules=4 | FileCheck %s --check-prefix=EXEC
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o %t.1201.mlir
// RUN: %lower-to-llvm gfx1201 < %t.1201.mlir > %t.1201.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.1201.ll -disable-output
// RUN: %amdsync-exec %t.1201.ll --target=gfx1201 --block=256 --args=1.0 --schedules=4 | FileCheck %s --check-prefix=EXEC12
// The ISA has no s_barrier in @tiles, one inside @overlap's loop before
// its ds_read, one after @tail's loop before the read of the last tile.
// RUN: %lower-to-isa gfx942 < %t.942.mlir | FileCheck %s --check-prefix=ISA --implicit-check-not=s_barrier
// The kernels as written (no barrier), judged by the checker: the tiles
// are clean (no error before the overlapping tiles'), the overlapping
// tiles and the tail's read are not.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKER
//
// Tiles of 1,024 bytes, one per iteration, each lane adding into its own
// element: nothing to order.
// CHECK-LABEL: gpu.func @tiles
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK:       gpu.return
// Tiles 512 bytes apart: lane t + 128 of one iteration and lane t of the
// next share an element: one barrier in the loop.
// CHECK-LABEL: gpu.func @overlap
// CHECK:       scf.for
// CHECK:       amdgpu.lds_barrier
// CHECK-NEXT:  memref.load
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK:       gpu.return
// Lane t + 1 reads after the loop what lane t wrote in the last iteration
// (the symbol's range must reach it): a barrier after the loop.
// CHECK-LABEL: gpu.func @tail
// CHECK:       scf.for
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK:       }
// CHECK-NEXT:  arith.addi
// CHECK-NEXT:  amdgpu.lds_barrier
// CHECK-NEXT:  memref.load
// CHECK:       gpu.return
//
// ISA-LABEL: tiles:
// ISA:       ds_read_b32
// ISA:       ds_write_b32
// ISA:       s_endpgm
// ISA-LABEL: overlap:
// ISA:       Loop: Header
// ISA-NOT:   ds_
// ISA:       s_barrier
// ISA-NEXT:  ds_read_b32
// ISA:       ds_write_b32
// ISA:       s_endpgm
// ISA-LABEL: tail:
// ISA:       ds_write_b32
// ISA:       s_cbranch_vccz
// ISA:       s_barrier
// ISA-NEXT:  ds_read_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:3076
// ISA:       s_endpgm
//
// EXEC: amdsync-exec: tiles: clean barriers=0
// EXEC: amdsync-exec: overlap: clean barriers=4
// EXEC: amdsync-exec: tail: clean barriers=1
// EXEC12: amdsync-exec: tiles: clean barriers=0
// EXEC12: amdsync-exec: overlap: clean
// EXEC12: amdsync-exec: tail: clean barriers=1
//
// CHECKER-NOT: error:

gpu.module @m {
  gpu.func @tiles(%x: f32)
      workgroup(%t: memref<1024xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %c4 step %c1 {
      %base = arith.muli %i, %c256 : index
      %j = arith.addi %base, %tid : index
      %v = memref.load %t[%j] : memref<1024xf32, #gpu.address_space<workgroup>>
      %w = arith.addf %v, %x : f32
      memref.store %w, %t[%j] : memref<1024xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
  gpu.func @overlap(%x: f32)
      workgroup(%t: memref<1024xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %c4 step %c1 {
      %base = arith.muli %i, %c128 : index
      %j = arith.addi %base, %tid : index
      // CHECKER: :[[#@LINE+1]]:12: error: amdsync-verify: unordered RAW
      %v = memref.load %t[%j] : memref<1024xf32, #gpu.address_space<workgroup>>
      %w = arith.addf %v, %x : f32
      memref.store %w, %t[%j] : memref<1024xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
  gpu.func @tail(%x: f32, %out: memref<256xf32, 1>)
      workgroup(%t: memref<2048xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %c769 = arith.constant 769 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %c4 step %c1 {
      %base = arith.muli %i, %c256 : index
      %j = arith.addi %base, %tid : index
      memref.store %x, %t[%j] : memref<2048xf32, #gpu.address_space<workgroup>>
    }
    %k = arith.addi %tid, %c769 : index
    // CHECKER: :[[#@LINE+1]]:10: error: amdsync-verify: unordered RAW
    %r = memref.load %t[%k] : memref<2048xf32, #gpu.address_space<workgroup>>
    memref.store %r, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
