// Upstream's lowering of gpu.all_reduce (-test-gpu-rewrite, then
// convert-scf-to-cf), accepted on gfx942 and gfx1201. The lowering writes
// each wave's partial sum to a workgroup buffer (lanes whose id is a
// multiple of 32), then, between its two gpu.barriers, lanes 0..7 load
// buf[lane], reduce across lanes and store buf[0]: lane 1 loads what lane 0
// then overwrites (WAR). All those lanes lie in wave 0 on either target
// (the block's y and z extents are 1, so the flat id is tid.x), so the pair
// needs no s_barrier, only a wave-level ordering point that both lanes
// pass: the pass puts it after the load, in the load's own block, which
// dominates the store's and runs once (the function has no cycle). Checked
// here, again on the LLVM side after lowering, with the LLVM side placing
// on its own, by the execution oracle, and a second run inserts nothing.
//
// RUN: mlir-opt --test-gpu-rewrite %s | mlir-opt --convert-scf-to-cf -o %t.low.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.low.mlir -o %t.942.mlir
// RUN: FileCheck %s < %t.942.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.942.mlir | diff - %t.942.mlir
// RUN: %lower-to-llvm gfx942 < %t.942.mlir > %t.942.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
// RUN: %amdsync-exec %t.942.ll --target=gfx942 --block=256 --args=2.0 --waw=off --schedules=4 | FileCheck %s --check-prefix=EXEC
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %t.low.mlir -o %t.1201.mlir
// RUN: FileCheck %s < %t.1201.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %t.1201.mlir | diff - %t.1201.mlir
// RUN: %lower-to-llvm gfx1201 < %t.1201.mlir > %t.1201.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.1201.ll -disable-output
// RUN: %amdsync-exec %t.1201.ll --target=gfx1201 --block=256 --args=2.0 --waw=off --schedules=4 | FileCheck %s --check-prefix=EXEC
// In the ISA the partial sums' load comes before the point and the store
// of the total after it, each between the lowering's two barriers.
// RUN: %lower-to-isa gfx942 < %t.942.mlir | FileCheck %s --check-prefix=ISA9 --implicit-check-not=s_barrier
// RUN: %lower-to-isa gfx1201 < %t.1201.mlir | FileCheck %s --check-prefix=ISA12 --implicit-check-not=s_barrier_signal
// The LLVM side on the lowered code, on its own: the same point.
// RUN: %lower-to-llvm gfx942 < %t.low.mlir > %t.low.942.ll
// RUN: %opt-amdsync -passes='amdsync<target=gfx942>,amdsync-verify<target=gfx942>' %t.low.942.ll -S | awk -f %S/../llvm/Inputs/barrier-count.awk | FileCheck %s --check-prefix=LLVM
// RUN: %lower-to-llvm gfx1201 < %t.low.mlir > %t.low.1201.ll
// RUN: %opt-amdsync -passes='amdsync<target=gfx1201>,amdsync-verify<target=gfx1201>' %t.low.1201.ll -S | awk -f %S/../llvm/Inputs/barrier-count.awk | FileCheck %s --check-prefix=LLVM
// With the block's size unknown (no known_block_size), the flat id is not
// tid.x alone and lanes 0..7 are not shown to lie in one wave: refused.
// RUN: sed 's/ attributes {known_block_size = array<i32: 256, 1, 1>}//' %t.low.mlir > %t.nosize.mlir
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.nosize.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSIZE
//
// CHECK-LABEL: gpu.func @reduce
// CHECK:       gpu.barrier
// CHECK-NOT:   gpu.barrier
// CHECK:       memref.load
// CHECK-NOT:   memref.store
// CHECK:       llvm.fence syncscope("wavefront") release
// CHECK-NEXT:  llvm.call_intrinsic "llvm.amdgcn.wave.barrier"
// CHECK-NEXT:  llvm.fence syncscope("wavefront") acquire
// CHECK-NEXT:  cf.cond_br
// CHECK-NOT:   wave.barrier
// CHECK:       memref.store
// CHECK-NEXT:  cf.br
// CHECK-NOT:   wave.barrier
// CHECK:       gpu.barrier
// CHECK-NOT:   barrier
// CHECK:       gpu.return
//
// EXEC: amdsync-exec: reduce: clean barriers=2 wave-barriers=1
// ISA9-LABEL: reduce:
// ISA9:       ds_write_b32
// ISA9:       s_barrier
// ISA9:       ds_read_b32 [[V:v[0-9]+]],
// ISA9-NOT:   ds_write
// ISA9:       ; wave barrier
// ISA9:       ds_write_b32 v{{[0-9]+}}, [[V]]
// ISA9:       s_barrier
// ISA9:       ds_read_b32
// ISA9:       s_endpgm
// ISA12-LABEL: reduce:
// ISA12:       ds_store_b32
// ISA12:       s_barrier_signal -1
// ISA12:       s_barrier_wait -1
// ISA12:       ds_load_b32 [[W:v[0-9]+]],
// ISA12-NOT:   ds_store
// ISA12:       ; wave barrier
// ISA12:       ds_store_b32 v{{[0-9]+}}, [[W]]
// ISA12:       s_barrier_signal -1
// ISA12:       s_barrier_wait -1
// ISA12:       ds_load_b32
// ISA12:       s_endpgm
// LLVM: @reduce 2 0 0 1
// NOSIZE: error: amdsync: cannot order WAR hazard

gpu.module @m {
  gpu.func @reduce(%x: f32, %out: memref<1xf32, 1>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %r = gpu.all_reduce add %x uniform {} : (f32) -> (f32)
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xf32, 1>
    gpu.return
  }
}
