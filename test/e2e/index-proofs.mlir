// The index proofs on the MLIR side (docs/design.md, 2b): memref indices
// over gpu.thread_id give each LDS access its offset, `known_block_size`
// the workgroup, and the conditions of scf.if and cf.cond_br (arith.cmpi of
// the thread id) the lanes that run each arm. A tree reduction unrolled
// with constant strides, each step under `tid < s`, gets a barrier between
// steps and none inside a step or after the last; written with cf.cond_br
// it gets the same. On gfx942 (64 lanes a wave) the step under `tid < 64`
// and the one under `tid < 32` exchange data within wave 0 only: a
// wave-level ordering point orders them, not an s_barrier, and the ISA
// keeps the first step's ds_write before the second's ds_read. On gfx1201
// (32 lanes a wave) lanes 32..63 are wave 1: a barrier. Each output is checked here, lowered to LLVM IR and
// checked again by the LLVM side (which builds its forms from the lowered
// GEPs on its own), run by the execution oracle, and compiled to ISA.
//
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.942.mlir
// RUN: FileCheck %s < %t.942.mlir
// RUN: %lower-to-llvm gfx942 < %t.942.mlir > %t.942.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
// RUN: %amdsync-exec %t.942.ll --kernel=reduce_if --target=gfx942 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC-IF
// RUN: %amdsync-exec %t.942.ll --kernel=reduce_cf --target=gfx942 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC-CF
// RUN: %lower-to-isa gfx942 < %t.942.mlir | FileCheck %s --check-prefix=ISA
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o %t.1201.mlir
// RUN: FileCheck %s --check-prefix=GFX12 < %t.1201.mlir
// RUN: %lower-to-llvm gfx1201 < %t.1201.mlir > %t.1201.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.1201.ll -disable-output
// RUN: %amdsync-exec %t.1201.ll --kernel=reduce_if --target=gfx1201 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC-IF12
// Refused: one lane too many in the first step (lanes 0 and 128 meet).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %S/Inputs/index-off-by-one.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
//
// CHECK-LABEL: gpu.func @reduce_if
// CHECK:       memref.store
// CHECK:       amdgpu.lds_barrier
// CHECK-NEXT:  scf.if
// CHECK:       amdgpu.lds_barrier
// CHECK-NEXT:  scf.if
// CHECK:       llvm.fence syncscope("wavefront") release
// CHECK-NEXT:  llvm.call_intrinsic "llvm.amdgcn.wave.barrier"
// CHECK-NEXT:  llvm.fence syncscope("wavefront") acquire
// CHECK-NEXT:  scf.if
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK-NOT:   wave.barrier
// CHECK:       gpu.return
// Lanes in [32, 64) (arith.andi of two compares) store t[tid]; the others
// load t[tid + 64]: the arms' bytes never meet, nothing is inserted.
// CHECK-LABEL: gpu.func @guard_andi
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK:       gpu.return
// CHECK-LABEL: gpu.func @reduce_cf
// CHECK-COUNT-2: amdgpu.lds_barrier
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK:       gpu.return
//
// EXEC-IF: amdsync-exec: reduce_if: clean barriers=2 wave-barriers=4
// EXEC-IF12: amdsync-exec: reduce_if: clean barriers=3 wave-barriers=0
// EXEC-CF: amdsync-exec: reduce_cf: clean barriers=2
//
// ISA-LABEL: reduce_if:
// ISA-COUNT-2: s_barrier
// ISA-NOT:     s_barrier
// ISA:         ds_write_b32 [[A:v[0-9]+]],
// ISA-NOT:     ds_read
// ISA:         ; wave barrier
// ISA-NOT:     s_barrier
// ISA:         ds_read2_b32 v[{{[0-9]+:[0-9]+}}], [[A]] offset1:32
// ISA-NOT:     s_barrier
// ISA:         s_endpgm
//
// GFX12-LABEL: gpu.func @reduce_if
// GFX12-COUNT-3: rocdl.s.barrier.wait
// GFX12-NOT:   wave.barrier
// GFX12:       gpu.return
//
// ERR: error: amdsync: cannot order

gpu.module @m {
  gpu.func @reduce_if(%in: memref<256xf32, 1>, %out: memref<1xf32, 1>)
      workgroup(%t: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %x = memref.load %in[%tid] : memref<256xf32, 1>
    memref.store %x, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %in128 = arith.cmpi ult, %tid, %c128 : index
    scf.if %in128 {
      %j = arith.addi %tid, %c128 : index
      %a = memref.load %t[%j] : memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.load %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %r = arith.addf %a, %b : f32
      memref.store %r, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %in64 = arith.cmpi ult, %tid, %c64 : index
    scf.if %in64 {
      %j = arith.addi %tid, %c64 : index
      %a = memref.load %t[%j] : memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.load %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %r = arith.addf %a, %b : f32
      memref.store %r, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %in32 = arith.cmpi ult, %tid, %c32 : index
    scf.if %in32 {
      %j = arith.addi %tid, %c32 : index
      %a = memref.load %t[%j] : memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.load %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %r = arith.addf %a, %b : f32
      memref.store %r, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %lane0 = arith.cmpi eq, %tid, %c0 : index
    scf.if %lane0 {
      %v = memref.load %t[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%c0] : memref<1xf32, 1>
    }
    gpu.return
  }

  gpu.func @guard_andi(%x: f32, %out: memref<256xf32, 1>)
      workgroup(%t: memref<512xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %lo = arith.cmpi uge, %tid, %c32 : index
    %hi = arith.cmpi ult, %tid, %c64 : index
    %in = arith.andi %lo, %hi : i1
    scf.if %in {
      memref.store %x, %t[%tid] : memref<512xf32, #gpu.address_space<workgroup>>
    } else {
      %j = arith.addi %tid, %c64 : index
      %v = memref.load %t[%j] : memref<512xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }

  gpu.func @reduce_cf(%in: memref<256xf32, 1>, %out: memref<1xf32, 1>)
      workgroup(%t: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %x = memref.load %in[%tid] : memref<256xf32, 1>
    memref.store %x, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %in128 = arith.cmpi ult, %tid, %c128 : index
    cf.cond_br %in128, ^s128, ^j128
  ^s128:
    %j1 = arith.addi %tid, %c128 : index
    %a1 = memref.load %t[%j1] : memref<256xf32, #gpu.address_space<workgroup>>
    %b1 = memref.load %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %r1 = arith.addf %a1, %b1 : f32
    memref.store %r1, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    cf.br ^j128
  ^j128:
    // Lanes at 64 and up skip the step (the negated guard on the other
    // edge, tid >= 64, is what the join does not inherit).
    %ge64 = arith.cmpi uge, %tid, %c64 : index
    cf.cond_br %ge64, ^j64, ^s64
  ^s64:
    %j2 = arith.addi %tid, %c64 : index
    %a2 = memref.load %t[%j2] : memref<256xf32, #gpu.address_space<workgroup>>
    %b2 = memref.load %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %r2 = arith.addf %a2, %b2 : f32
    memref.store %r2, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    cf.br ^j64
  ^j64:
    %lane0 = arith.cmpi eq, %tid, %c0 : index
    cf.cond_br %lane0, ^last, ^end
  ^last:
    %v = memref.load %t[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%c0] : memref<1xf32, 1>
    cf.br ^end
  ^end:
    gpu.return
  }
}
