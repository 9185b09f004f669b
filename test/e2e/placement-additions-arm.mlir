// Placement additions (placement.c, removeRedundant) must not put a
// barrier on a path that needed none. A review found the first version of
// the additions trading this kernel's barrier in the `if` arm and the one
// after its loop for one before the `if`, run on every iteration: 20
// barriers for (n, flag) = (10, 0) where 11 ran before. An addition now
// stays only when every path from it passes a gap it freed before coming
// back to it or leaving (or when it moves barriers out of a loop); here
// the placement is the greedy's, as before the sitting: 11 for (10, 0),
// 21 for (10, 1), 1 for (0, 0).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -o %t.942.mlir
// RUN: FileCheck %s < %t.942.mlir
// RUN: %lower-to-llvm gfx942 < %t.942.mlir > %t.942.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
// In the ISA each barrier stands before the LDS access it orders, and
// none elsewhere.
// RUN: %lower-to-isa gfx942 < %t.942.mlir | FileCheck %s --check-prefix=ISA --implicit-check-not=s_barrier
// RUN: %amdsync-exec %t.942.ll --target=gfx942 --block=256 --waw=off --args=0,1024,1,10,0 | FileCheck %s --check-prefix=EXEC-SKIP
// RUN: %amdsync-exec %t.942.ll --target=gfx942 --block=256 --waw=off --args=0,1024,1,10,1 | FileCheck %s --check-prefix=EXEC-ARM
// RUN: %amdsync-exec %t.942.ll --target=gfx942 --block=256 --waw=off --args=0,1024,1,0,0 | FileCheck %s --check-prefix=EXEC-ZERO
// EXEC-SKIP: amdsync-exec: add2: clean barriers=11 wave-barriers=0
// EXEC-ARM: amdsync-exec: add2: clean barriers=21 wave-barriers=0
// EXEC-ZERO: amdsync-exec: add2: clean barriers=1 wave-barriers=0
// ISA-LABEL: add2:
// ISA:       .LBB0_3:
// ISA:       s_barrier
// ISA:       ds_write_b32
// ISA:       s_barrier
// ISA:       ds_read_b32
// ISA:       ds_write_b32
// ISA:       .LBB0_6:
// ISA:       s_barrier
// ISA:       ds_read_b32
// ISA:       s_endpgm
// CHECK-LABEL: gpu.func @add2
// CHECK:       scf.for
// CHECK-NEXT:  amdgpu.lds_barrier
// CHECK-NEXT:  memref.store
// CHECK-NEXT:  scf.if
// CHECK-NEXT:  amdgpu.lds_barrier
// CHECK:       memref.store {{.*}} : memref<1024xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  amdgpu.lds_barrier
// CHECK-NEXT:  memref.load
gpu.module @m {
  gpu.func @add2(%g: memref<1024xf32, 1>, %n: index, %flag: i1)
      workgroup(%a: memref<1024xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %n step %c1 {
      memref.store %one, %a[%tid] : memref<1024xf32, #gpu.address_space<workgroup>>
      scf.if %flag {
        %x = memref.load %a[%t1] : memref<1024xf32, #gpu.address_space<workgroup>>
        memref.store %x, %g[%tid] : memref<1024xf32, 1>
        memref.store %one, %a[%t1] : memref<1024xf32, #gpu.address_space<workgroup>>
      }
    }
    %y = memref.load %a[%t1] : memref<1024xf32, #gpu.address_space<workgroup>>
    memref.store %y, %g[%tid] : memref<1024xf32, 1>
    gpu.return
  }
}
