// The picture of a split-barrier loop on gfx1201 (issue 23, 4): a loop of
// four trips whose every iteration stores a tile and reads a neighbour's
// element, so each iteration needs a RAW pair and the next iteration's
// stores a loop-carried WAR pair. The picture shows the loop with its trips,
// the lane of the tile, the windows, each signal and wait with the count
// the placement weighs (4 in the loop, 1 peeled outside it) and the pairs'
// brackets; rsvg-convert renders it (test/tools/check-svg.sh).
// RUN: %amdsync-opt --target=gfx1201 --picture=%t.svg %s > /dev/null
// RUN: sh %S/../tools/check-svg.sh %t.tiles.svg
// RUN: FileCheck %s < %t.tiles.svg
// The mlir-opt plugin draws the same bytes.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201 picture=%t-plugin.svg})' %s -o /dev/null
// RUN: cmp %t.tiles.svg %t-plugin.tiles.svg

// CHECK: <title>amdsync: @tiles</title>
// CHECK: amdsync: @tiles on gfx1201
// CHECK: 2 split signal/wait pair(s)
// CHECK: loop (b{{[0-9]+}}): 4 trip(s)
// CHECK: workgroup attribution #0
// CHECK: WAR loop-carried
// CHECK: RAW
// CHECK-DAG: >wait ×4<
// CHECK-DAG: >signal ×4<
// CHECK-DAG: >peeled signal ×1<
// CHECK-DAG: stroke="#c03060" stroke-width="1.5"
// CHECK: </svg>
gpu.module @m {
  gpu.func @tiles(%g: memref<1024xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %acc0 = arith.constant 0.0 : f32
    %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (f32) {
      %x = memref.load %g[%k] : memref<1024xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }
    memref.store %r, %g[%tid] : memref<1024xf32, 1>
    gpu.return
  }
}
