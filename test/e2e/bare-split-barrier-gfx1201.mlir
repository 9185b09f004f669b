// Split barriers written alone on gfx1201, in each spelling (the rocdl ops,
// llvm.call_intrinsic and llvm.call of the intrinsics): a signal without a
// release fence before it lets the ds_store still be in flight at
// s_barrier_signal (the control run: no s_wait_dscnt between them), a wait
// without an acquire fence after it lets a later ds_load move above it.
// The checker rejects each; the barrier pass recognizes every spelling (it
// adds no signal or wait of its own: a second signal before the wait would
// be undefined) and completes each with its fence.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1201})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REJECT
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o %t.once.mlir
// RUN: FileCheck %s --check-prefix=MLIR < %t.once.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %t.once.mlir | diff - %t.once.mlir
// RUN: %lower-to-isa gfx1201 < %t.once.mlir | FileCheck %s --check-prefix=GFX12
// Cross-check (brief §5): the same output lowered to LLVM IR passes the
// LLVM IR front end's independent checker.
// RUN: %lower-to-llvm gfx1201 < %t.once.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx1201>' -disable-output
// RUN: %lower-to-isa gfx1201 < %s | FileCheck %s --check-prefix=CONTROL

// REJECT: error: amdsync-verify: split barrier signal without workgroup-scope fences: no release fence before it; it orders no LDS access
// REJECT-NEXT: rocdl.s.barrier.signal id = -1
// REJECT: error: amdsync-verify: split barrier wait without workgroup-scope fences: no acquire fence after it
// REJECT-NEXT: rocdl.s.barrier.wait id = -1
// REJECT: error: amdsync-verify: split barrier signal without
// REJECT-NEXT: llvm.call_intrinsic "llvm.amdgcn.s.barrier.signal"
// REJECT: error: amdsync-verify: split barrier wait without
// REJECT-NEXT: llvm.call_intrinsic "llvm.amdgcn.s.barrier.wait"
// REJECT: error: amdsync-verify: split barrier signal without
// REJECT-NEXT: llvm.call @llvm.amdgcn.s.barrier.signal
// REJECT: error: amdsync-verify: split barrier wait without
// REJECT-NEXT: llvm.call @llvm.amdgcn.s.barrier.wait

// MLIR-LABEL: gpu.func @split_op
// MLIR: memref.store
// MLIR-NEXT: llvm.fence syncscope("workgroup") release {llvm.mmra = #mmra_tag}
// MLIR-NEXT: rocdl.s.barrier.signal id = -1
// MLIR-NEXT: rocdl.s.barrier.wait id = -1
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire {llvm.mmra = #mmra_tag}
// MLIR: memref.load
// MLIR-LABEL: gpu.func @split_call_intrinsic
// MLIR: memref.store
// MLIR-NEXT: llvm.fence syncscope("workgroup") release
// MLIR-NEXT: llvm.call_intrinsic "llvm.amdgcn.s.barrier.signal"
// MLIR-NEXT: llvm.call_intrinsic "llvm.amdgcn.s.barrier.wait"
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR: memref.load
// MLIR-LABEL: gpu.func @split_call
// MLIR: memref.store
// MLIR-NEXT: llvm.fence syncscope("workgroup") release
// MLIR-NEXT: llvm.call @llvm.amdgcn.s.barrier.signal
// MLIR-NEXT: llvm.call @llvm.amdgcn.s.barrier.wait
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR: memref.load
// MLIR-NOT: rocdl.s.barrier

// GFX12-LABEL: split_op:
// GFX12: ds_store_b32
// GFX12-NEXT: s_wait_dscnt 0x0
// GFX12-NEXT: s_barrier_signal -1
// GFX12-NEXT: s_barrier_wait -1
// GFX12-NEXT: ds_load_b32
// GFX12-LABEL: split_call_intrinsic:
// GFX12: ds_store_b32
// GFX12-NEXT: s_wait_dscnt 0x0
// GFX12-NEXT: s_barrier_signal -1
// GFX12-NEXT: s_barrier_wait -1
// GFX12-NEXT: ds_load_b32
// GFX12-LABEL: split_call:
// GFX12: ds_store_b32
// GFX12-NEXT: s_wait_dscnt 0x0
// GFX12-NEXT: s_barrier_signal -1
// GFX12-NEXT: s_barrier_wait -1
// GFX12-NEXT: ds_load_b32

// CONTROL-LABEL: split_op:
// CONTROL: ds_store_b32
// CONTROL-NEXT: s_barrier_signal -1

gpu.module @m {
  llvm.func @llvm.amdgcn.s.barrier.signal(i32)
  llvm.func @llvm.amdgcn.s.barrier.wait(i16)
  gpu.func @split_op(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    rocdl.s.barrier.signal id = -1
    rocdl.s.barrier.wait id = -1
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
  gpu.func @split_call_intrinsic(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %m1 = llvm.mlir.constant(-1 : i32) : i32
    %m16 = llvm.mlir.constant(-1 : i16) : i16
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.call_intrinsic "llvm.amdgcn.s.barrier.signal"(%m1) : (i32) -> ()
    llvm.call_intrinsic "llvm.amdgcn.s.barrier.wait"(%m16) : (i16) -> ()
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
  gpu.func @split_call(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %m1 = llvm.mlir.constant(-1 : i32) : i32
    %m16 = llvm.mlir.constant(-1 : i16) : i16
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.call @llvm.amdgcn.s.barrier.signal(%m1) : (i32) -> ()
    llvm.call @llvm.amdgcn.s.barrier.wait(%m16) : (i16) -> ()
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// Execution oracle (63 lanes, two waves): the bare split barriers order no
// LDS, the completed ones do.
// RUN: %lower-to-llvm gfx1201 < %s | not %amdsync-exec - --waw=off --target=gfx1201 --block=63 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC-BARE
// EXEC-BARE: race: split_op:
// EXEC-BARE: race: split_call_intrinsic:
// EXEC-BARE: race: split_call:
// RUN: %lower-to-llvm gfx1201 < %t.once.mlir | %amdsync-exec - --waw=off --target=gfx1201 --block=63 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: split_op: clean barriers=1
// EXEC: amdsync-exec: split_call_intrinsic: clean barriers=1
// EXEC: amdsync-exec: split_call: clean barriers=1
