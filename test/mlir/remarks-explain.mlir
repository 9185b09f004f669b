// Explanations (issue 23, 1): besides the `passed` remark of each barrier,
// MLIR's remark framework gets an `analysis` remark per pair of accesses
// that conflict by their kinds and buffer but that an index proof keeps
// apart (no barrier), named for the rule (thread-private, disjoint,
// listed), at the second access. They go to the remark engine only
// (remarks=true prints the barriers' remarks, as before) and cost nothing
// without it: the output is the same with and without them.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s --remarks-filter=amdsync --remark-format=yaml --remarks-output-file=%t.yaml -o %t.with.mlir
// RUN: FileCheck %s < %t.yaml
// RUN: llvm-remarkutil count --parser=yaml --group-by=total --count-by=remark-name %t.yaml | FileCheck %s --check-prefix=COUNT
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.without.mlir
// RUN: diff %t.with.mlir %t.without.mlir
// amdsync-opt --stats counts the same pairs by their proof (one remark each).
// RUN: %amdsync-opt --target=gfx942 --stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: 3 amdsync-lds-barriers - Read-after-write windows to order
// STATS: 12 amdsync-lds-barriers - Pairs kept apart by the thread-private proof
// STATS: 1 amdsync-lds-barriers - Pairs kept apart by the disjoint-ranges proof
// RUN: grep -c '^--- !Analysis' %t.yaml | FileCheck %s --check-prefix=ANALYSES
// ANALYSES: 13
// Never a pair that is a hazard: the 128-step's store and the 64-step's
// read of the other half (line 53 to line 59) get a barrier, not a remark.
// RUN: FileCheck %s --check-prefix=NOT < %t.yaml
// NOT-NOT: no barrier for RAW pair on workgroup attribution #0 between ''memref.store'' at loc({{.*}}:53:7) and ''memref.load'' at loc({{.*}}:59:12)
// NOT-NOT: no barrier for RAW pair on workgroup attribution #0 between ''memref.store'' at loc({{.*}}:46:5) and ''memref.load'' at loc({{.*}}:51:12)

// CHECK:      --- !Analysis
// CHECK-NEXT: Pass:            amdsync
// CHECK-NEXT: Name:            thread-private
// CHECK-NEXT: DebugLoc:        { File: '{{.*}}remarks-explain.mlir',
// CHECK: Line: 50
// CHECK: Column: 12 }
// CHECK:        - Remark:          'amdsync: no barrier for RAW pair on workgroup attribution #0 between ''memref.store'' at loc({{.*}}:46:5) and ''memref.load'' at loc({{.*}}:50:12): thread-private: every thread touches only bytes no other thread touches at either access (its own slot)'
// CHECK:      --- !Analysis
// CHECK:      Name:            disjoint
// CHECK:        - Remark:          'amdsync: no barrier for RAW pair on workgroup attribution #0 between ''memref.store'' at loc({{.*}}:82:7) and ''memref.load'' at loc({{.*}}:86:10): disjoint: the bytes the two touch, over every thread that runs them, never meet (disjoint ranges)'
// COUNT: Total,{{ *}}[[#]]
gpu.module @m {
  gpu.func @tree(%in: memref<256xf32>, %out: memref<1xf32>)
      workgroup(%buf: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %v = memref.load %in[%tid] : memref<256xf32>
    memref.store %v, %buf[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %lo128 = arith.cmpi ult, %tid, %c128 : index
    scf.if %lo128 {
      %h = arith.addi %tid, %c128 : index
      %a = memref.load %buf[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.load %buf[%h] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %a, %b : f32
      memref.store %s, %buf[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %lo64 = arith.cmpi ult, %tid, %c64 : index
    scf.if %lo64 {
      %h = arith.addi %tid, %c64 : index
      %a = memref.load %buf[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.load %buf[%h] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %a, %b : f32
      memref.store %s, %buf[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %r = memref.load %buf[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%c0] : memref<1xf32>
    }
    gpu.return
  }

  // The lower quarter written, the upper half read at twice the lane: two
  // different functions of the lane (not thread-private), whose bytes
  // never meet under the guards.
  gpu.func @halves(%out: memref<256xf32>, %x: f32)
      workgroup(%buf: memref<512xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c64 : index
    scf.if %low {
      memref.store %x, %buf[%tid] : memref<512xf32, #gpu.address_space<workgroup>>
    }
    %t2 = arith.addi %tid, %tid : index
    %i = arith.addi %t2, %c256 : index
    %r = memref.load %buf[%i] : memref<512xf32, #gpu.address_space<workgroup>>
    memref.store %r, %out[%tid] : memref<256xf32>
    gpu.return
  }
}
