// GFX9 LDS DMA (amdgpu.gather_to_lds: global_load_lds_dword on gfx942 and
// gfx950): the transfer writes LDS and completes at vmcnt, which the
// backend does not track for the LDS it writes (the control run: without
// amdsync's waits, the same-wave ds_read follows the DMA with no vmcnt
// wait at all). amdsync models each DMA on vmcnt and counts, for the
// largest safe count, only the DMAs issued after the one a wait is for
// (other vector loads may be turned into scalar loads or merged by llc, so
// counting them could over-count); docs/targets.md has what the backend
// adds at a barrier.
//  - @dma: the five-op kernel with its own rocdl.s.waitcnt 0 and
//    amdgpu.lds_barrier: credited on every GFX9 chip, nothing is added;
//  - @single_tile: the publish wait vmcnt(0), then the barrier, then the read
//    (the barrier's release fence would force vmcnt(0) anyway);
//  - @same_wave (one wave): no s_barrier; vmcnt(1) before the read of the
//    first tile (the second DMA may still be in flight), vmcnt(0) before
//    the read of the second: the narrow wait survives to the ISA;
//  - @double_buffered: two barriers per iteration, each after vmcnt(0) (the
//    DMA it publishes is the newest one).
// Every output goes through the whole pipeline twice with identical output
// (the checker runs in it) and down to ISA.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx90a})' %S/../mlir/Inputs/gfx9-dma-five-ops.mlir -o /dev/null
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %S/../mlir/Inputs/gfx9-dma-five-ops.mlir -o /dev/null
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx950})' %S/../mlir/Inputs/gfx9-dma-five-ops.mlir -o /dev/null
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.942.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.942.mlir | diff - %t.942.mlir
// RUN: FileCheck %s --check-prefix=MLIR < %t.942.mlir
// RUN: %lower-to-isa gfx942 < %t.942.mlir | FileCheck %s --check-prefix=ISA
// Cross-check (brief §5): the same output lowered to LLVM IR passes the
// LLVM IR front end's independent checker.
// RUN: %lower-to-llvm gfx942 < %t.942.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx950})' %s -o %t.950.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx950})' %t.950.mlir | diff - %t.950.mlir
// RUN: %lower-to-isa gfx950 < %t.950.mlir | FileCheck %s --check-prefix=ISA
// RUN: %lower-to-llvm gfx950 < %t.950.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx950>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s | %lower-to-isa gfx942 | FileCheck %s --check-prefix=CONTROL

// MLIR-LABEL: gpu.func @dma
// MLIR: amdgpu.gather_to_lds
// MLIR-NEXT: rocdl.s.waitcnt 0
// MLIR-NEXT: amdgpu.lds_barrier
// MLIR-NOT: rocdl.s.waitcnt
// MLIR-NOT: amdgpu.lds_barrier
// MLIR-LABEL: gpu.func @single_tile

// ISA-LABEL: dma:
// ISA: global_load_lds_dword
// ISA-NEXT: s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NOT: s_barrier
// ISA: ds_read_b32
// ISA-LABEL: single_tile:
// ISA: global_load_lds_dword
// ISA-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_read_b32
// ISA-NOT: s_barrier
// ISA-LABEL: same_wave:
// ISA-NOT: s_barrier
// ISA: global_load_lds_dword
// ISA: global_load_lds_dword
// ISA-NEXT: ; wave barrier
// ISA-NEXT: s_waitcnt vmcnt(1)
// ISA-NEXT: ds_read_b32
// ISA-NEXT: s_waitcnt vmcnt(0)
// ISA-NEXT: ds_read_b32
// ISA-NOT: s_barrier
// ISA-LABEL: double_buffered:
// ISA: global_load_lds_dword
// ISA: .LBB{{[0-9_]+}}:
// ISA: s_waitcnt vmcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA: global_load_lds_dword
// ISA: ds_read_b32
// ISA: s_waitcnt vmcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NEXT: global_load_lds_dword
// ISA-NEXT: ds_read_b32
// ISA-NOT: s_barrier
// ISA: s_endpgm

// CONTROL-LABEL: same_wave:
// CONTROL: global_load_lds_dword
// CONTROL-NOT: vmcnt
// CONTROL: ds_read
gpu.module @m {
  gpu.func @dma(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    rocdl.s.waitcnt 0
    amdgpu.lds_barrier
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @single_tile(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @same_wave(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>, %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    %g1 = arith.addi %tid, %c64 : index
    amdgpu.gather_to_lds %g[%g1], %b[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %w = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %v, %w : f32
    memref.store %s, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @double_buffered(%g: memref<65536xf32, #gpu.address_space<global>>,
                            %out: memref<65536xf32, #gpu.address_space<global>>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %tid = gpu.thread_id x
    %zero = arith.constant 0.0 : f32
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<65536xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    %acc = scf.for %k = %c0 to %n step %c2 iter_args(%s = %zero) -> (f32) {
      %base = arith.muli %k, %c256 : index
      %i1 = arith.addi %base, %c256 : index
      %gi1 = arith.addi %i1, %tid : index
      amdgpu.gather_to_lds %g[%gi1], %b[%c0] : f32, memref<65536xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
      %x = memref.load %g[%tid] : memref<65536xf32, #gpu.address_space<global>>
      %t1 = arith.addi %tid, %c1 : index
      %va = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %s1 = arith.addf %s, %va : f32
      %s2 = arith.addf %s1, %x : f32
      %i2 = arith.addi %base, %c512 : index
      %gi2 = arith.addi %i2, %tid : index
      amdgpu.gather_to_lds %g[%gi2], %a[%c0] : f32, memref<65536xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
      %vb = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %s3 = arith.addf %s2, %vb : f32
      scf.yield %s3 : f32
    }
    memref.store %acc, %out[%tid] : memref<65536xf32, #gpu.address_space<global>>
    gpu.return
  }
}

// Execution oracle (128 lanes; @same_wave its 64): every DMA is waited for
// before its data is read, in its wave and in the other.
// RUN: %lower-to-llvm gfx942 < %t.942.mlir | %amdsync-exec - --waw=off --target=gfx942 --kernel=dma --block=128 --args=0,1024,1,0,1024,1 | FileCheck %s --check-prefix=EXEC-DMA
// EXEC-DMA: amdsync-exec: dma: clean barriers=1
// RUN: %lower-to-llvm gfx942 < %t.942.mlir | %amdsync-exec - --waw=off --target=gfx942 --kernel=single_tile --block=128 --args=0,1024,1,0,1024,1 | FileCheck %s --check-prefix=EXEC-TILE
// EXEC-TILE: amdsync-exec: single_tile: clean barriers=1
// RUN: %lower-to-llvm gfx942 < %t.942.mlir | %amdsync-exec - --waw=off --target=gfx942 --kernel=same_wave --args=0,1024,1,0,1024,1 | FileCheck %s --check-prefix=EXEC-SAME
// EXEC-SAME: amdsync-exec: same_wave: clean barriers=0 wave-barriers=1
// RUN: %lower-to-llvm gfx942 < %t.942.mlir | %amdsync-exec - --waw=off --target=gfx942 --kernel=double_buffered --block=128 --args=0,1024,1,0,1024,1,4 | FileCheck %s --check-prefix=EXEC-DOUBLE
// EXEC-DOUBLE: amdsync-exec: double_buffered: clean barriers=4
// Unsynchronized, the single tile's read comes before its wave's DMA
// completes.
// RUN: %lower-to-llvm gfx942 < %s | not %amdsync-exec - --waw=off --target=gfx942 --kernel=single_tile --block=128 --args=0,1024,1,0,1024,1 | FileCheck %s --check-prefix=EXEC-NOWAIT
// EXEC-NOWAIT: async-before-wait: single_tile: read at
