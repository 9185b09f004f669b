// Input split barriers that break the signal/wait alternation (a wait with
// no signal before it, a signal never waited for, a full barrier between a
// signal and its wait) are refused by the barrier pass, at the op. Found by
// scripts/fuzz.sh (judge checker, seeds 1 and 3, mutants of
// single-wave-verify-rejects.mlir, affine-for.mlir,
// cf/early-exit-uniform.cf.mlir and e2e/bare-split-barrier-gfx1201.mlir): on
// 359b8e9 the pass completed them with fences, exited 0, and amdsync-verify
// rejected its output.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201})' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1201})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// The execution oracle sees the hangs.
// RUN: %lower-to-llvm gfx1201 < %s | not %amdsync-exec - --target=gfx1201 --block=64 --schedules=2 --args=0,64,1 | FileCheck %s --check-prefix=EXEC
// CHECK-DAG: unpaired-split-barrier-refused.mlir:26:5: error: amdsync: split barrier wait with no signal before it on some path
// CHECK-DAG: unpaired-split-barrier-refused.mlir:34:5: error: amdsync: a split barrier signal may reach the end of the function without its wait (orphan signal)
// CHECK-DAG: unpaired-split-barrier-refused.mlir:43:5: error: amdsync: barrier while a split signal may be outstanding (between a signal and its wait)
// VERIFY-DAG: error: amdsync-verify: split barrier wait with no signal before it
// VERIFY-DAG: error: amdsync-verify: split barrier signal may reach the end of the function without its wait
// VERIFY-DAG: error: amdsync-verify: barrier while a split signal is outstanding
// EXEC-DAG: amdsync-exec: lone_wait: hang
// EXEC-DAG: amdsync-exec: lone_signal: hang
// EXEC-DAG: amdsync-exec: barrier_inside_split: hang

gpu.module @m {
  gpu.func @lone_wait(%g: memref<64xf32, 1>) kernel {
    %tid = gpu.thread_id x
    rocdl.s.barrier.wait id = -1
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    memref.store %x, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
  gpu.func @lone_signal(%g: memref<64xf32, 1>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    rocdl.s.barrier.signal id = -1
    memref.store %x, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
  gpu.func @barrier_inside_split(%g: memref<64xf32, 1>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    rocdl.s.barrier.signal id = -1
    llvm.fence syncscope("workgroup") release
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") acquire
    rocdl.s.barrier.wait id = -1
    memref.store %x, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}
