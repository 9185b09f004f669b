// Nested loops and a uniform branch, lowered to ISA for every target.
// FileCheck runs with --implicit-check-not=s_barrier: every barrier
// instruction in the ISA is one listed here, in this order among the
// blocks and ds_ instructions.
//  - @nested: the inner loop only fills LDS (a[128*j + tid], 128 lanes: no
//    element twice, no write/write hazard); its RAW barrier is outside the
//    inner loop (before the read), the loop-carried WAR barrier at the top
//    of the outer body. On GFX12 the top signal is peeled: it moves into
//    the previous iteration, right after the read, so the global store
//    overlaps it (docs/design.md 4, rule 4), with a signal before the loop
//    and a wait after it: 9 barrier completions for 4 iterations where the
//    monolithic targets execute 8, the peel's one more per loop entry.
//    Before, a window from the inner loop's store to the next iteration's
//    read held the signal at the top; that window is gone (the store
//    leaves the pending set at the read of its own iteration, which
//    conflicts with it: kill on conflict, docs/design.md 2), and it ordered
//    nothing the read's own window does not.
//  - @branch: a uniform scf.if with a hazard inside the then-arm (barrier
//    inside the arm) and a hazard from both arms to after the if: the
//    then-arm's barrier orders its store with the read after the if too,
//    and the else-arm gets its own after its store (the placement's
//    additions move the barrier after the if into the arm that needs it):
//    one barrier on either path, where the then-path ran two.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx90a},amdsync-verify)' %s | %lower-to-isa gfx90a | FileCheck %s --check-prefix=GFX9 --implicit-check-not=s_barrier
// Cross-check (brief §5): the same output lowered to LLVM IR passes the
// LLVM IR front end's independent checker.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx90a},amdsync-verify)' %s | %lower-to-llvm gfx90a | %opt-amdsync -passes='amdsync-verify<target=gfx90a>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | %lower-to-isa gfx942 | FileCheck %s --check-prefix=GFX9 --implicit-check-not=s_barrier
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | %lower-to-llvm gfx942 | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx950},amdsync-verify)' %s | %lower-to-isa gfx950 | FileCheck %s --check-prefix=GFX9 --implicit-check-not=s_barrier
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx950},amdsync-verify)' %s | %lower-to-llvm gfx950 | %opt-amdsync -passes='amdsync-verify<target=gfx950>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1100},amdsync-verify)' %s | %lower-to-isa gfx1100 | FileCheck %s --check-prefix=GFX11 --implicit-check-not=s_barrier
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1100},amdsync-verify)' %s | %lower-to-llvm gfx1100 | %opt-amdsync -passes='amdsync-verify<target=gfx1100>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | %lower-to-isa gfx1201 | FileCheck %s --check-prefix=GFX12 --implicit-check-not=s_barrier
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | %lower-to-llvm gfx1201 | %opt-amdsync -passes='amdsync-verify<target=gfx1201>' -disable-output
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1250},amdsync-verify)' %s | %lower-to-isa gfx1250 | FileCheck %s --check-prefix=GFX12 --implicit-check-not=s_barrier
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1250},amdsync-verify)' %s | %lower-to-llvm gfx1250 | %opt-amdsync -passes='amdsync-verify<target=gfx1250>' -disable-output

// GFX9-LABEL: nested:
// GFX9: .LBB0_1:
// GFX9: s_barrier
// GFX9: ds_read_b32
// GFX9: .LBB0_2:
// GFX9: .LBB0_3:
// GFX9: s_barrier
// GFX9: .LBB0_5:
// GFX9: ds_write_b32
// GFX9: .LBB0_6:
// GFX9: .LBB0_8:
// GFX9: s_endpgm
// GFX9-LABEL: branch:
// GFX9: ds_write_b32
// GFX9: s_barrier
// GFX9: .LBB1_2:
// GFX9: ds_write_b32
// GFX9: s_barrier
// GFX9: ds_read_b32
// GFX9: .LBB1_4:
// GFX9: ds_read_b32
// GFX9: s_endpgm

// GFX11-LABEL: nested:
// GFX11: .LBB0_1:
// GFX11: s_barrier
// GFX11: ds_load_b32
// GFX11: .LBB0_2:
// GFX11: .LBB0_3:
// GFX11: s_barrier
// GFX11: .LBB0_5:
// GFX11: .LBB0_6:
// GFX11: ds_store_b32
// GFX11: .LBB0_8:
// GFX11: s_endpgm
// GFX11-LABEL: branch:
// GFX11: ds_store_b32
// GFX11: s_barrier
// GFX11: .LBB1_2:
// GFX11: ds_store_b32
// GFX11: s_barrier
// GFX11: ds_load_b32
// GFX11: .LBB1_4:
// GFX11: ds_load_b32
// GFX11: s_endpgm

// GFX12-LABEL: nested:
// GFX12: s_barrier_signal -1
// GFX12: .LBB0_1:
// GFX12: s_barrier_signal -1
// GFX12: s_barrier_wait -1
// GFX12: ds_load_b32
// GFX12: s_barrier_signal -1
// GFX12: .LBB0_2:
// GFX12: .LBB0_3:
// GFX12: s_barrier_wait -1
// GFX12: .LBB0_5:
// GFX12: .LBB0_6:
// GFX12: ds_store_b32
// GFX12: .LBB0_8:
// GFX12: s_barrier_wait -1
// GFX12: s_endpgm
// GFX12-LABEL: branch:
// GFX12: ds_store_b32
// GFX12: s_barrier_signal -1
// GFX12: s_barrier_wait -1
// GFX12: .LBB1_2:
// GFX12: ds_store_b32
// GFX12: s_barrier_signal -1
// GFX12: s_barrier_wait -1
// GFX12: ds_load_b32
// GFX12: .LBB1_4:
// GFX12: ds_load_b32
// GFX12: s_endpgm

gpu.module @m {
  gpu.func @nested(%g: memref<1024xf32, 1>, %n: index)
      workgroup(%a: memref<512xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %off = arith.muli %j, %c128 : index
        %idx = arith.addi %off, %tid : index
        %x = memref.load %g[%idx] : memref<1024xf32, 1>
        memref.store %x, %a[%idx] : memref<512xf32, #gpu.address_space<workgroup>>
      }
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<512xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%i] : memref<1024xf32, 1>
    }
    gpu.return
  }
  gpu.func @branch(%g: memref<1024xf32, 1>, %flag: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<1024xf32, 1>
    scf.if %flag {
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%t1] : memref<1024xf32, 1>
    } else {
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %t2 = arith.addi %tid, %c2 : index
    %w = memref.load %a[%t2] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %g[%t2] : memref<1024xf32, 1>
    gpu.return
  }
}

// Execution oracle (128 lanes): clean, with the barrier counts the loops
// give. The branch is uniform (its condition a kernel argument): both ways.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s | %lower-to-llvm gfx942 > %t.exec942.ll
// RUN: %amdsync-exec %t.exec942.ll --waw=off --target=gfx942 --block=128 --args=0,1024,1,4 | FileCheck %s --check-prefix=EXEC942
// EXEC942: amdsync-exec: nested: clean barriers=8 wave-barriers=0
// EXEC942: amdsync-exec: branch: clean barriers=1 wave-barriers=0
// RUN: %amdsync-exec %t.exec942.ll --waw=off --target=gfx942 --block=128 --args=0,1024,1,0 | FileCheck %s --check-prefix=EXEC942-ELSE
// EXEC942-ELSE: amdsync-exec: branch: clean
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s | %lower-to-llvm gfx1201 | %amdsync-exec - --waw=off --target=gfx1201 --block=128 --args=0,1024,1,4 | FileCheck %s --check-prefix=EXEC1201
// EXEC1201: amdsync-exec: nested: clean barriers=9 wave-barriers=0
// EXEC1201: amdsync-exec: branch: clean barriers=1 wave-barriers=0
