// A split barrier's loop is peeled only when the signal then overlaps work
// (placement.c, placeSignal; docs/design.md 4, rule 4): here the middle
// loop's RAW pair (the store at the end of its body, the inner loop's read
// in the next iteration) could move its signal to the end of the previous
// iteration, right after the store, where only the back edge follows. A
// review of kill on conflict found it peeled there (a signal before the
// loop, a wait after it: one completion more per loop entry for nothing);
// the signal stays at the top of the iteration, before its wait, as the
// gfx942 barrier does. (e2e/gemm-loop.mlir and e2e/nested-and-branch.mlir
// keep their peels: compute and a global store follow their signals.)
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// In the ISA no signal stands before the outer loop and no wait after it;
// each pair before the LDS access it orders (llc drops the inner loop's load,
// whose value is unused).
// RUN: %lower-to-isa gfx1201 < %t.mlir | FileCheck %s --check-prefix=ISA --implicit-check-not=s_barrier
// ISA-LABEL: r7:
// ISA:       .LBB0_5:
// ISA:       s_barrier_signal -1
// ISA:       s_barrier_wait -1
// ISA:       ds_store_b32
// ISA:       .LBB0_7:
// ISA:       s_barrier_signal -1
// ISA:       s_barrier_wait -1
// ISA:       .LBB0_12:
// ISA-NEXT:  s_endpgm
// RUN: %lower-to-llvm gfx1201 < %t.mlir > %t.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.ll -disable-output
// RUN: %amdsync-exec %t.ll --target=gfx1201 --block=256 --waw=off --args=0,1024,1,2,1,0 | FileCheck %s --check-prefix=EXEC
// RUN: %amdsync-exec %t.ll --target=gfx1201 --block=256 --waw=off --args=0,1024,1,3,0,1 | FileCheck %s --check-prefix=EXEC-ZERO
// EXEC: amdsync-exec: r7: clean barriers=8 wave-barriers=0
// EXEC-ZERO: amdsync-exec: r7: clean barriers=18 wave-barriers=0
// CHECK-LABEL: gpu.func @r7
// CHECK:       scf.for
// CHECK-NOT:   rocdl.s.barrier
// CHECK:       scf.for
// CHECK-NEXT:  llvm.fence syncscope("workgroup") release
// CHECK-NEXT:  rocdl.s.barrier.signal
// CHECK-NEXT:  rocdl.s.barrier.wait
// CHECK:       scf.for
// CHECK:       rocdl.s.barrier.signal
// CHECK-NEXT:  rocdl.s.barrier.wait
// CHECK:       memref.store
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.return
gpu.module @m {
  gpu.func @r7(%g: memref<1024xf32, 1>, %n: index, %m: index, %flag: i1)
      workgroup(%a: memref<1024xf32, #gpu.address_space<workgroup>>, %b: memref<1024xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %t32 = arith.addi %tid, %c32 : index
    %t64 = arith.addi %tid, %c64 : index
    %t128 = arith.addi %tid, %c128 : index
    %one = arith.constant 1.0 : f32
    scf.for %v1 = %c0 to %n step %c1 {
      scf.for %v2 = %c0 to %n step %c1 {
        scf.for %v4 = %c0 to %m step %c1 {
          %v5 = memref.load %a[%tid] : memref<1024xf32, #gpu.address_space<workgroup>>
        }
        memref.store %one, %a[%t64] : memref<1024xf32, #gpu.address_space<workgroup>>
      }
    }
    gpu.return
  }
}
