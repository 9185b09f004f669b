// The gfx1250 async load written as the intrinsic, through
// llvm.call_intrinsic and through llvm.call, is the same transfer as
// rocdl.global.load.async.to.lds.b32 (async-publish-gfx1250.mlir): the
// barrier pass publishes it with s_wait_asynccnt 0 before the signal, and
// the ISA waits for the transfer before ds_load. Without the wait the
// checker rejects the output.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s -o %t.out.mlir
// RUN: FileCheck %s --check-prefix=MLIR < %t.out.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %t.out.mlir | diff - %t.out.mlir
// RUN: %lower-to-isa gfx1250 < %t.out.mlir | FileCheck %s --check-prefix=ISA
// Cross-check (brief §5): the same output lowered to LLVM IR passes the
// LLVM IR front end's independent checker.
// RUN: %lower-to-llvm gfx1250 < %t.out.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx1250>' -disable-output
// RUN: grep -v 'rocdl.s.wait.asynccnt' %t.out.mlir | not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1250})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWAIT

// MLIR-LABEL: llvm.func @publish_call_intrinsic
// MLIR: llvm.call_intrinsic "llvm.amdgcn.global.load.async.to.lds.b32"
// MLIR-NEXT: rocdl.s.wait.asynccnt 0
// MLIR-NEXT: llvm.fence syncscope("workgroup") release
// MLIR-NEXT: rocdl.s.barrier.signal id = -1
// MLIR: rocdl.s.barrier.wait id = -1
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR-NEXT: llvm.load {{.*}} : !llvm.ptr<3>
// MLIR-LABEL: llvm.func @publish_call
// MLIR: llvm.call @llvm.amdgcn.global.load.async.to.lds.b32
// MLIR-NEXT: rocdl.s.wait.asynccnt 0
// MLIR-NEXT: llvm.fence syncscope("workgroup") release
// MLIR-NEXT: rocdl.s.barrier.signal id = -1
// MLIR: rocdl.s.barrier.wait id = -1
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR-NEXT: llvm.load {{.*}} : !llvm.ptr<3>

// ISA-LABEL: publish_call_intrinsic:
// ISA: global_load_async_to_lds_b32
// ISA-NOT: ds_load
// ISA: s_wait_asynccnt 0x0
// ISA-NOT: ds_load
// ISA: s_barrier_signal -1
// ISA-NOT: ds_load
// ISA: s_barrier_wait -1
// ISA: ds_load_b32
// ISA-LABEL: publish_call:
// ISA: global_load_async_to_lds_b32
// ISA-NOT: ds_load
// ISA: s_wait_asynccnt 0x0
// ISA-NOT: ds_load
// ISA: s_barrier_signal -1
// ISA-NOT: ds_load
// ISA: s_barrier_wait -1
// ISA: ds_load_b32

// NOWAIT: error: amdsync-verify: unordered RAW hazard on @l
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @llvm.amdgcn.global.load.async.to.lds.b32(!llvm.ptr<1>, !llvm.ptr<3>, i32, i32)
  llvm.func @publish_call_intrinsic(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %z = llvm.mlir.constant(0 : i32) : i32
    llvm.call_intrinsic "llvm.amdgcn.global.load.async.to.lds.b32"(%g, %l, %z, %z) : (!llvm.ptr<1>, !llvm.ptr<3>, i32, i32) -> ()
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %y = llvm.fmul %x, %x : f32
    llvm.store %y, %out : f32, !llvm.ptr<1>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @publish_call(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %z = llvm.mlir.constant(0 : i32) : i32
    llvm.call @llvm.amdgcn.global.load.async.to.lds.b32(%g, %l, %z, %z) : (!llvm.ptr<1>, !llvm.ptr<3>, i32, i32) -> ()
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %y = llvm.fmul %x, %x : f32
    llvm.store %y, %out : f32, !llvm.ptr<1>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}

// Execution oracle: clean, the publish wait ahead of the release fence.
// RUN: %lower-to-llvm gfx1250 < %t.out.mlir | %amdsync-exec - --waw=off --target=gfx1250 --block=64 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: publish_call_intrinsic: clean barriers=1
// EXEC: amdsync-exec: publish_call: clean barriers=1
