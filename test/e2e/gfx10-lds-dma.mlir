// LDS DMA on gfx1030 (`amdgpu.gather_to_lds`, `global_load_dword ... lds`
// in the ISA) completes at vmcnt, as on GFX9: every chip with vmcnt
// (GFX9 to GFX11) counts it there, and the waits are in the IR. llc-22
// would add the same waits on gfx1030 (before the barrier, from the
// release fence, and before a same-wave ds_read), but not on gfx942
// (docs/targets.md); with them in the IR, the execution oracle, which
// runs the IR, sees the transfer complete before the other waves read.
// Found by scripts/fuzz.sh (seed 1, iteration 59: gfx9-lds-dma.mlir
// retargeted to gfx1030), where the passes left the wait to llc and the
// oracle reported the read as early.
// @counted: an existing `memory_counter_wait load(0) store(1)` is
// vmcnt(1) on gfx1030 (upstream sums load and store into vmcnt before
// GFX12, as on GFX9): it does not complete the transfer, and amdsync adds
// vmcnt(0). It credited load(0) alone before (found by scripts/fuzz.sh,
// seed 1, iteration 21: existing-wait-spellings.mlir retargeted).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1030})' %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %lower-to-isa gfx1030 < %t.mlir | FileCheck %s --check-prefix=ISA
// RUN: %lower-to-llvm gfx1030 < %t.mlir > %t.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1030>' %t.ll -disable-output
// RUN: %amdsync-exec --schedules=4 --target=gfx1030 %t.ll | FileCheck %s --check-prefix=EXEC
// Without the wait, the checker and the oracle reject it.
// RUN: grep -v 'rocdl.s.waitcnt' %t.mlir | not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1030})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWAIT
// The checker without a chip counts the DMA too (its placeholder target
// has vmcnt with every count at 0).
// RUN: grep -v 'rocdl.s.waitcnt' %t.mlir | not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWAIT
// GFX11 and GFX12 have no LDS DMA (llc-22 cannot select it for gfx1100 or
// gfx1201): the passes refuse it at the op, not order it as a plain access.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODMA12
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-waitcnt{target=gfx1100})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODMA11
// NODMA12: error: amdsync: LDS DMA on gfx1201 (GFX12), which has none: only GFX9 and GFX10 load into LDS this way, and llc cannot select it here
// NODMA11: error: amdsync: LDS DMA on gfx1100 (GFX11), which has none

// vmcnt(0) on gfx1030 (expcnt and lgkmcnt at their maxima) before the
// barrier that publishes the transfer.
// CHECK-LABEL: gpu.func @publish
// CHECK: amdgpu.gather_to_lds
// CHECK-NEXT: arith.addi
// CHECK-NEXT: rocdl.s.waitcnt 16240
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-LABEL: gpu.func @one_wave
// CHECK: amdgpu.gather_to_lds
// CHECK: rocdl.s.waitcnt 16240
// CHECK-NEXT: memref.load
// CHECK-LABEL: gpu.func @counted
// CHECK: amdgpu.gather_to_lds
// CHECK-NEXT: amdgpu.memory_counter_wait load(0) store(1)
// CHECK-NEXT: rocdl.s.waitcnt 16240
// CHECK-NEXT: amdgpu.lds_barrier

// ISA-LABEL: publish:
// ISA: global_load_dword {{.*}} lds
// ISA: s_waitcnt vmcnt(0)
// ISA-NEXT: s_barrier
// ISA: ds_read_b32
// ISA-LABEL: one_wave:
// ISA: global_load_dword {{.*}} lds
// ISA: s_waitcnt vmcnt(0)
// ISA: ds_read_b32

// EXEC: publish: clean
// EXEC: one_wave: clean
// EXEC: counted: clean

// NOWAIT: error: amdsync-verify: this access may run before the asynchronous transfer 'amdgpu.gather_to_lds'

gpu.module @m {
  gpu.func @publish(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @one_wave(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @counted(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    amdgpu.memory_counter_wait load(0) store(1)
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
}
