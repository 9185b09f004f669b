// A barrier written alone, in each spelling (the rocdl op, the intrinsic
// through llvm.call_intrinsic and through llvm.call), orders no LDS access:
// without a workgroup release fence before it, llc lets the ds_write still
// be in flight at the s_barrier (the control run: no s_waitcnt lgkmcnt(0) between
// them), the bug class of brief §2. The checker rejects each one; the
// barrier pass completes it with its fences instead of adding a second
// barrier, and the ISA then waits for the store before the barrier.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REJECT
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s | FileCheck %s --check-prefix=MLIR
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.once.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.once.mlir | diff - %t.once.mlir
// RUN: %lower-to-isa gfx942 < %t.once.mlir | FileCheck %s --check-prefix=GFX9
// Cross-check (brief §5): the same output lowered to LLVM IR passes the
// LLVM IR front end's independent checker.
// RUN: %lower-to-llvm gfx942 < %t.once.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output
// RUN: %lower-to-isa gfx942 < %s | FileCheck %s --check-prefix=CONTROL

// REJECT: error: amdsync-verify: barrier without workgroup-scope fences: no release fence before it and acquire fence after it; it orders no LDS access
// REJECT-NEXT: rocdl.s.barrier
// REJECT: error: amdsync-verify: barrier without workgroup-scope fences
// REJECT-NEXT: llvm.call_intrinsic "llvm.amdgcn.s.barrier"
// REJECT: error: amdsync-verify: barrier without workgroup-scope fences
// REJECT-NEXT: llvm.call @llvm.amdgcn.s.barrier

// MLIR-LABEL: gpu.func @bare_op
// MLIR: memref.store
// MLIR-NEXT: llvm.fence syncscope("workgroup") release {llvm.mmra = #mmra_tag}
// MLIR-NEXT: rocdl.s.barrier
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire {llvm.mmra = #mmra_tag}
// MLIR-NOT: amdgpu.lds_barrier
// MLIR-LABEL: gpu.func @bare_call_intrinsic
// MLIR: memref.store
// MLIR-NEXT: llvm.fence syncscope("workgroup") release
// MLIR-NEXT: llvm.call_intrinsic "llvm.amdgcn.s.barrier"()
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR-NOT: amdgpu.lds_barrier
// MLIR-LABEL: gpu.func @bare_call
// MLIR: memref.store
// MLIR-NEXT: llvm.fence syncscope("workgroup") release
// MLIR-NEXT: llvm.call @llvm.amdgcn.s.barrier()
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR-NOT: amdgpu.lds_barrier
// MLIR-NOT: llvm.fence

// GFX9-LABEL: bare_op:
// GFX9: ds_write_b32
// GFX9-NEXT: s_waitcnt lgkmcnt(0)
// GFX9-NEXT: s_barrier
// GFX9-NEXT: ds_read_b32
// GFX9-LABEL: bare_call_intrinsic:
// GFX9: ds_write_b32
// GFX9-NEXT: s_waitcnt lgkmcnt(0)
// GFX9-NEXT: s_barrier
// GFX9-NEXT: ds_read_b32
// GFX9-LABEL: bare_call:
// GFX9: ds_write_b32
// GFX9-NEXT: s_waitcnt lgkmcnt(0)
// GFX9-NEXT: s_barrier
// GFX9-NEXT: ds_read_b32

// CONTROL-LABEL: bare_op:
// CONTROL: ds_write_b32
// CONTROL-NEXT: s_barrier

gpu.module @m {
  llvm.func @llvm.amdgcn.s.barrier()
  gpu.func @bare_op(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    rocdl.s.barrier
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
  gpu.func @bare_call_intrinsic(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.call_intrinsic "llvm.amdgcn.s.barrier"() : () -> ()
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
  gpu.func @bare_call(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.call @llvm.amdgcn.s.barrier() : () -> ()
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// Execution oracle: the bare barriers order no LDS (races), the completed
// ones do (63 lanes: lane l reads slot l + 1).
// RUN: %lower-to-llvm gfx942 < %s | not %amdsync-exec - --waw=off --target=gfx942 --block=63 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC-BARE
// EXEC-BARE: race: bare_op:
// EXEC-BARE: race: bare_call_intrinsic:
// EXEC-BARE: race: bare_call:
// RUN: %lower-to-llvm gfx942 < %t.once.mlir | %amdsync-exec - --waw=off --target=gfx942 --block=63 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: bare_op: clean barriers=1
// EXEC: amdsync-exec: bare_call_intrinsic: clean barriers=1
// EXEC: amdsync-exec: bare_call: clean barriers=1
