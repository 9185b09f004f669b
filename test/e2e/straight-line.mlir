// Straight line, every target: LDS store; independent global loads, stores
// and arithmetic; LDS load of another lane's element. One barrier orders
// the RAW hazard.
//  - GFX9 and GFX11 (monolithic) put the barrier before the load; llc may hoist the
//    independent global work above the store, never a ds_ op across it.
//  - GFX12 (gfx1201, gfx1250) splits it: the signal directly after the store (with
//    s_wait_dscnt 0 from the release fence), the wait directly before the
//    load, the independent global work between them.
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
// The MLIR shape on gfx1201: signal right after the store, wait right
// before the load, with their fences.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=MLIR12

// GFX9-LABEL: straight:
// GFX9: ds_write_b32
// GFX9-NEXT: s_waitcnt lgkmcnt(0)
// GFX9-NEXT: s_barrier
// GFX9-NEXT: ds_read_b32
// GFX9-NOT: s_barrier
// GFX9: s_endpgm

// GFX11-LABEL: straight:
// GFX11: ds_store_b32
// GFX11-NEXT: s_waitcnt lgkmcnt(0)
// GFX11-NEXT: s_barrier
// GFX11-NEXT: ds_load_b32
// GFX11-NOT: s_barrier
// GFX11: s_endpgm

// GFX12-LABEL: straight:
// GFX12: ds_store_b32
// GFX12-NEXT: s_wait_dscnt 0x0
// GFX12-NEXT: s_barrier_signal -1
// GFX12-NOT: ds_
// GFX12: s_load_b32
// GFX12-NOT: ds_
// GFX12: global_store_b32
// GFX12-NEXT: s_barrier_wait -1
// GFX12-NOT: global_
// GFX12: ds_load_b32
// GFX12-NOT: s_barrier
// GFX12: s_endpgm

// MLIR12-LABEL: gpu.func @straight
// MLIR12: memref.store {{.*}}#gpu.address_space<workgroup>>
// MLIR12-NEXT: llvm.fence syncscope("workgroup") release
// MLIR12-NEXT: rocdl.s.barrier.signal id = -1
// MLIR12-NEXT: memref.load {{.*}} : memref<1024xf32, 1>
// MLIR12-NEXT: arith.mulf
// MLIR12-NEXT: memref.store {{.*}} : memref<1024xf32, 1>
// MLIR12-NEXT: arith.addi
// MLIR12-NEXT: rocdl.s.barrier.wait id = -1
// MLIR12-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR12-NEXT: memref.load {{.*}}#gpu.address_space<workgroup>>
// MLIR12-NOT: rocdl.s.barrier
// MLIR12: gpu.return
gpu.module @m {
  gpu.func @straight(%g: memref<1024xf32, 1>, %h: memref<1024xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<1024xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %y = memref.load %g[%c7] : memref<1024xf32, 1>
    %z = arith.mulf %y, %y : f32
    memref.store %z, %h[%tid] : memref<1024xf32, 1>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %h[%t1] : memref<1024xf32, 1>
    gpu.return
  }
}

// Execution oracle (128 lanes): clean on every generation.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s | %lower-to-llvm gfx942 | %amdsync-exec - --waw=off --target=gfx942 --block=128 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1100})' %s | %lower-to-llvm gfx1100 | %amdsync-exec - --waw=off --target=gfx1100 --block=128 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s | %lower-to-llvm gfx1201 | %amdsync-exec - --waw=off --target=gfx1201 --block=128 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | %lower-to-llvm gfx1250 | %amdsync-exec - --waw=off --target=gfx1250 --block=128 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: straight: clean barriers=1 wave-barriers=0 schedules=8
