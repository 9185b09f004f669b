// One-wave workgroups: a wave-level ordering point in a divergent branch is
// passed only by the lanes the branch lets in, so it orders a pair of
// accesses only when both lanes pass it: both accesses in the same
// execution of the branch's block, the point between them. A store before
// the branch and another lane's load inside it get their point before the
// branch; a red-black sweep (`if ((tid + i) % 2 == 0)` in a loop, where the
// writer of one iteration skips the branch in the next) gets one outside
// the branch for the pair across iterations. On 359b8e9 the pass put the
// points inside the branches and the checker accepted them
// (Inputs/single-wave-points-359b8e9.mlir, that output: rejected on both
// sides now, and a race under the execution oracle).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.mlir | FileCheck %s
// RUN: %lower-to-llvm gfx942 < %t.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %S/Inputs/single-wave-points-359b8e9.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: %lower-to-llvm gfx942 < %S/Inputs/single-wave-points-359b8e9.mlir | not %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY-LLVM

// VERIFY: single-wave-points-359b8e9.mlir:11:7: note: amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'
// VERIFY: single-wave-points-359b8e9.mlir:{{[0-9]+}}:11: note: amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'
// VERIFY-LLVM: error: in function 'store_before_branch': amdsync-verify: unordered RAW hazard
// VERIFY-LLVM: error: in function 'red_black': amdsync-verify: unordered RAW hazard

// The execution oracle agrees: races in the 359b8e9 output, none in today's.
// RUN: %lower-to-llvm gfx942 < %S/Inputs/single-wave-points-359b8e9.mlir | not %amdsync-exec - --target=gfx942 --block=64 --args=0,256,1,8 --waw=off | FileCheck %s --check-prefix=EXEC-OLD
// RUN: %lower-to-llvm gfx942 < %t.mlir | %amdsync-exec - --target=gfx942 --block=64 --args=0,256,1,8 --waw=off | FileCheck %s --check-prefix=EXEC
// EXEC-OLD: amdsync-exec: store_before_branch: race
// EXEC-OLD: amdsync-exec: red_black: race
// EXEC: amdsync-exec: store_before_branch: clean barriers=0 wave-barriers=1
// EXEC: amdsync-exec: red_black: clean barriers=0 wave-barriers=16

// CHECK-LABEL: gpu.func @store_before_branch
// CHECK: memref.store %{{.*}} : memref<65xf32, #gpu.address_space<workgroup>>
// CHECK: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"
// CHECK: scf.if
// CHECK-NOT: wave.barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @red_black
// CHECK: scf.for
// CHECK: llvm.fence syncscope("wavefront") release
// CHECK-NEXT: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"
// CHECK-NEXT: llvm.fence syncscope("wavefront") acquire
// CHECK-NEXT: scf.if
gpu.module @m {
  gpu.func @store_before_branch(%g: memref<256xf32, 1>, %x: f32)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    %low = arith.cmpi ult, %tid, %c3 : index
    scf.if %low {
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
  gpu.func @red_black(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %n step %c1 {
      %s = arith.addi %tid, %i : index
      %p = arith.andi %s, %c1 : index
      %even = arith.cmpi eq, %p, %c0 : index
      scf.if %even {
        %t1 = arith.addi %tid, %c1 : index
        %r = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
        %x = arith.addf %r, %r : f32
        memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
      }
    }
    gpu.return
  }
}
