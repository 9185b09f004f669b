// gfx1250, several waves: data an async load writes into LDS is read by
// other lanes, so the barrier pass orders the transfer with the reads and
// the transfer must be complete before the signal that publishes it
// (brief §4). The ISA shows global_load_async_to_lds, then
// s_wait_asynccnt 0, then the split barrier, then ds_load. Without the
// publish wait the checker rejects the output.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | FileCheck %s --check-prefix=MLIR
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | %lower-to-isa gfx1250 | FileCheck %s --check-prefix=ISA
// Cross-check (brief §5): the same output lowered to LLVM IR passes the
// LLVM IR front end's independent checker.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | %lower-to-llvm gfx1250 | %opt-amdsync -passes='amdsync-verify<target=gfx1250>' -disable-output
// One translation for the barrier pass, whose model as emitted takes the
// publish wait and the signal check (passes/core/emitted.c) and then the
// wait pass, and one for the checker (before: five).
// RUN: env AMDSYNC_TRACE=pipeline,signals %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | grep -v 'rocdl.s.wait.asynccnt' | not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1250})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWAIT

// TRACE: amdsync-trace: pipeline: translate @publish for placement (mlir)
// TRACE: amdsync-trace: signals: signal check on the model as emitted: clean
// TRACE-NEXT: amdsync-trace: pipeline: waits on the model as emitted: 2 op(s), 1 publish wait(s)
// Nothing of the placement's uniformity is kept for the checker where the
// wait pass may erase marks (nothing after "blocks").
// TRACE-NEXT: amdsync-trace: pipeline: translate @publish for the checker (mlir): {{[0-9]+}} blocks{{$}}
// TRACE-NOT: amdsync-trace: pipeline

// MLIR-LABEL: llvm.func @publish
// MLIR: rocdl.global.load.async.to.lds.b32
// MLIR-NEXT: rocdl.s.wait.asynccnt 0
// MLIR-NEXT: llvm.fence syncscope("workgroup") release
// MLIR-NEXT: rocdl.s.barrier.signal id = -1
// MLIR: rocdl.s.barrier.wait id = -1
// MLIR-NEXT: llvm.fence syncscope("workgroup") acquire
// MLIR-NEXT: llvm.load {{.*}} : !llvm.ptr<3>

// ISA-LABEL: publish:
// ISA: global_load_async_to_lds_b32
// ISA-NOT: ds_load
// ISA: s_wait_asynccnt 0x0
// ISA-NOT: ds_load
// ISA: s_barrier_signal -1
// ISA-NOT: ds_load
// ISA: s_barrier_wait -1
// ISA-NOT: global_load_async
// ISA: ds_load_b32
// ISA: s_endpgm

// NOWAIT: error: amdsync-verify: unordered RAW hazard on @l
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @publish(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %y = llvm.fmul %x, %x : f32
    llvm.store %y, %out : f32, !llvm.ptr<1>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}

// Execution oracle: without the wait the other waves read data still in
// flight; with it (before the release fence) the kernel is clean.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | grep -v 'rocdl.s.wait.asynccnt' | %lower-to-llvm gfx1250 | not %amdsync-exec - --waw=off --target=gfx1250 --block=64 | FileCheck %s --check-prefix=EXEC-NOWAIT
// EXEC-NOWAIT: async-before-wait: publish: read at %{{[0-9]+}} = load float, ptr addrspace(3) @l
// EXEC-NOWAIT: amdsync-exec: publish: async barriers=1
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | %lower-to-llvm gfx1250 | %amdsync-exec - --waw=off --target=gfx1250 --block=64 | FileCheck %s --check-prefix=EXEC-AHEAD
// EXEC-AHEAD: amdsync-exec: publish: clean barriers=1 wave-barriers=0 schedules=8
