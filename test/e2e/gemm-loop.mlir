// A tiled GEMM main loop on every target: per iteration, stores of the A
// and B tiles into LDS, then reads of other lanes' elements and compute.
//  - Monolithic targets: two s_barrier per iteration (the loop-carried WAR
//    one before the stores, the RAW one between stores and loads), none
//    outside the loop.
//  - On GFX12, two signal/wait pairs per iteration. The WAR pair's signal sits
//    after the loads, so the compute overlaps it; a signal is peeled before
//    the loop and a wait after it, so signal and wait alternate on entry,
//    on every iteration and on exit.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx90a},amdsync-verify)' %s | %lower-to-isa gfx90a | FileCheck %s --check-prefixes=GFX9
// Cross-check (brief §5): the same output lowered to LLVM IR passes the
// LLVM IR front end's independent checker.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx90a},amdsync-verify)' %s | %lower-to-llvm gfx90a | %opt-amdsync -passes='amdsync-verify<target=gfx90a>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | %lower-to-isa gfx942 | FileCheck %s --check-prefixes=GFX9
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | %lower-to-llvm gfx942 | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx950},amdsync-verify)' %s | %lower-to-isa gfx950 | FileCheck %s --check-prefixes=GFX9
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx950},amdsync-verify)' %s | %lower-to-llvm gfx950 | %opt-amdsync -passes='amdsync-verify<target=gfx950>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1100},amdsync-verify)' %s | %lower-to-isa gfx1100 | FileCheck %s --check-prefixes=GFX11
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1100},amdsync-verify)' %s | %lower-to-llvm gfx1100 | %opt-amdsync -passes='amdsync-verify<target=gfx1100>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | %lower-to-isa gfx1201 | FileCheck %s --check-prefixes=GFX12
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | %lower-to-llvm gfx1201 | %opt-amdsync -passes='amdsync-verify<target=gfx1201>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1250},amdsync-verify)' %s | %lower-to-isa gfx1250 | FileCheck %s --check-prefixes=GFX12
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1250},amdsync-verify)' %s | %lower-to-llvm gfx1250 | %opt-amdsync -passes='amdsync-verify<target=gfx1250>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=MLIR12

// GFX9-LABEL: gemm:
// GFX9-NOT: s_barrier
// GFX9: .LBB0_{{[0-9]+}}:
// GFX9-NOT: ds_
// GFX9: s_barrier
// GFX9-NEXT: ds_write2st64_b32
// GFX9-NEXT: s_waitcnt lgkmcnt(0)
// GFX9-NEXT: s_barrier
// GFX9-NEXT: ds_read2st64_b32
// GFX9-NOT: s_barrier
// GFX9: s_endpgm

// GFX11-LABEL: gemm:
// GFX11-NOT: s_barrier
// GFX11: .LBB0_{{[0-9]+}}:
// GFX11-NOT: ds_
// GFX11: s_barrier
// GFX11-NEXT: ds_store_2addr_stride64_b32
// GFX11-NEXT: s_waitcnt lgkmcnt(0)
// GFX11-NEXT: s_barrier
// GFX11-NEXT: ds_load_2addr_stride64_b32
// GFX11-NOT: s_barrier
// GFX11: s_endpgm

// GFX12-LABEL: gemm:
// GFX12-NOT: s_barrier_wait
// GFX12: s_barrier_signal -1
// GFX12-NOT: s_barrier
// GFX12: Loop Header
// GFX12-NOT: ds_
// GFX12: s_barrier_wait -1
// GFX12-NOT: s_barrier
// GFX12: ds_store_2addr_stride64_b32
// GFX12-NEXT: s_wait_dscnt 0x0
// GFX12-NEXT: s_barrier_signal -1
// GFX12-NEXT: s_barrier_wait -1
// GFX12-NEXT: ds_load_2addr_stride64_b32
// GFX12-NEXT: s_wait_dscnt 0x0
// GFX12-NOT: s_barrier
// GFX12: v_mul_f32
// GFX12-NOT: s_barrier
// GFX12: v_add_f32
// GFX12-NEXT: s_barrier_signal -1
// GFX12-NOT: s_barrier
// GFX12: s_barrier_wait -1
// GFX12-NEXT: global_store_b32
// GFX12-NOT: s_barrier
// GFX12: s_endpgm

// MLIR12-LABEL: gpu.func @gemm
// MLIR12: llvm.fence syncscope("workgroup") release
// MLIR12-NEXT: rocdl.s.barrier.signal id = -1
// MLIR12-NEXT: scf.for
// MLIR12-NEXT: memref.load {{.*}} : memref<1024xf32, 1>
// MLIR12-NEXT: rocdl.s.barrier.wait id = -1
// MLIR12-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR12-NEXT: memref.store
// MLIR12-NEXT: memref.store
// MLIR12-NEXT: llvm.fence syncscope("workgroup") release
// MLIR12-NEXT: rocdl.s.barrier.signal id = -1
// MLIR12-NEXT: arith.addi
// MLIR12-NEXT: rocdl.s.barrier.wait id = -1
// MLIR12-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR12-NEXT: memref.load
// MLIR12-NEXT: memref.load
// MLIR12-NEXT: llvm.fence syncscope("workgroup") release
// MLIR12-NEXT: rocdl.s.barrier.signal id = -1
// MLIR12-NEXT: arith.mulf
// MLIR12-NEXT: arith.addf
// MLIR12-NEXT: scf.yield
// MLIR12-NEXT: }
// MLIR12-NEXT: rocdl.s.barrier.wait id = -1
// MLIR12-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR12-NOT: rocdl.s.barrier
// MLIR12: gpu.return
gpu.module @m {
  gpu.func @gemm(%g: memref<1024xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %acc0 = arith.constant 0.0 : f32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (f32) {
      %x = memref.load %g[%k] : memref<1024xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %x, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %va = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %vb = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %p = arith.mulf %va, %vb : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %g[%tid] : memref<1024xf32, 1>
    gpu.return
  }
}

// Execution oracle (128 lanes, 4 iterations): clean, two barriers per
// iteration (GFX9), and on GFX12 the peeled signal's phase too.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s | %lower-to-llvm gfx942 | %amdsync-exec - --waw=off --target=gfx942 --block=128 --args=0,1024,1,4 | FileCheck %s --check-prefix=EXEC942
// EXEC942: amdsync-exec: gemm: clean barriers=8 wave-barriers=0 schedules=8
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s | %lower-to-llvm gfx1201 | %amdsync-exec - --waw=off --target=gfx1201 --block=128 --args=0,1024,1,4 | FileCheck %s --check-prefix=EXEC1201
// EXEC1201: amdsync-exec: gemm: clean barriers=9 wave-barriers=0 schedules=8
// Unsynchronized, it races.
// RUN: %lower-to-llvm gfx942 < %s | not %amdsync-exec - --waw=off --target=gfx942 --block=128 --args=0,1024,1,4 | FileCheck %s --check-prefix=EXEC-RACE
// EXEC-RACE: race: gemm:
