// Soundness (issue "Soundness, round three", 1): the passes run on a
// builtin.module or gpu.module only. Scheduled on functions (IREE/Triton
// style: func.func(...), gpu.func(...), llvm.func(...) nested in a
// gpu.module, or any(...) resolving to a function), each function's run
// read whether its helpers execute a barrier while other threads were
// rewriting them: a kernel calling a racy helper under `thread_id < 1` was
// accepted in some runs with the barrier the pass put into the helper (a
// hang), and always when the kernel came before its helper. On 359b8e9
// every RUN line here exits 0 (no error).
// Now: an error at each function, naming the op, for each pass and the
// amdsync pipeline, and nothing runs. The allowed schedules give
// byte-identical results, threaded or not (test/tools/schedules.sh).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(gpu.module(any(amdsync-lds-barriers,amdsync-verify)))' %s 2>&1 | FileCheck %s --check-prefixes=PLACE,NOOUT
// RUN: not %mlir-opt-amdsync --mlir-disable-threading=false --pass-pipeline='builtin.module(gpu.module(func.func(amdsync-lds-barriers),gpu.func(amdsync-lds-barriers)))' %s 2>&1 | FileCheck %s --check-prefixes=PLACE,NOOUT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(gpu.module(gpu.func(amdsync-verify{target=gfx942})))' %s 2>&1 | FileCheck %s --check-prefixes=VERIFY-K,NOOUT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(gpu.module(func.func(amdsync-waitcnt)))' %s 2>&1 | FileCheck %s --check-prefixes=WAITS,NOOUT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(gpu.module(func.func(amdsync{target=gfx942})))' %s 2>&1 | FileCheck %s --check-prefixes=PIPE,NOOUT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(gpu.module(llvm.func(amdsync-lds-barriers)))' %s 2>&1 | FileCheck %s --check-prefixes=LLVMF,NOOUT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(func.func(amdsync-verify))' %s 2>&1 | FileCheck %s --check-prefixes=HOST,NOOUT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(any(amdsync-lds-barriers))' %s 2>&1 | FileCheck %s --check-prefixes=ANYTOP,NOOUT
// What 359b8e9 emitted for a kernel calling the racy helper under
// `thread_id < 1`, scheduled per function with the kernel first: the
// checker rejects it and the execution oracle finds the hang; the same
// module through an allowed schedule is refused at the call.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify)' %S/Inputs/schedule-on-functions-359b8e9.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD-VERIFY
// RUN: %lower-to-llvm gfx942 < %S/Inputs/schedule-on-functions-359b8e9.mlir | not %amdsync-exec - --target=gfx942 --schedules=2 --args=0,256,1,0,256,1 | FileCheck %s --check-prefix=OLD-EXEC
// OLD-VERIFY: error: amdsync-verify: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup
// OLD-EXEC: hang: k: barrier
// Allowed: the module, a gpu.module, any(...) resolving to one.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(gpu.module(amdsync-lds-barriers,amdsync-verify))' %s 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %mlir-opt-amdsync --pass-pipeline='any(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s 2>&1 | FileCheck %s --check-prefix=OK

// PLACE: schedule-on-functions.mlir:[[@LINE+19]]:3: error: amdsync-lds-barriers: cannot run on 'func.func': schedule it on a builtin.module or gpu.module, as builtin.module(amdsync-lds-barriers) or builtin.module(gpu.module(amdsync-lds-barriers)); a function's barriers depend on the functions it calls, which passes scheduled per function rewrite in parallel
// PLACE: schedule-on-functions.mlir:[[@LINE+31]]:3: error: amdsync-lds-barriers: cannot run on 'gpu.func': schedule it on a builtin.module or gpu.module, as builtin.module(amdsync-lds-barriers) or builtin.module(gpu.module(amdsync-lds-barriers)); a function's barriers depend on the functions it calls, which passes scheduled per function rewrite in parallel
// VERIFY-K-NOT: cannot run on 'func.func'
// VERIFY-K: schedule-on-functions.mlir:[[@LINE+29]]:3: error: amdsync-verify: cannot run on 'gpu.func': schedule it on a builtin.module or gpu.module, as builtin.module(amdsync-verify) or builtin.module(gpu.module(amdsync-verify)); a function's barriers depend on the functions it calls, which passes scheduled per function rewrite in parallel
// WAITS: schedule-on-functions.mlir:[[@LINE+15]]:3: error: amdsync-waitcnt: cannot run on 'func.func': schedule it on a builtin.module or gpu.module, as builtin.module(amdsync-waitcnt) or builtin.module(gpu.module(amdsync-waitcnt)); a function's barriers depend on the functions it calls, which passes scheduled per function rewrite in parallel
// PIPE: schedule-on-functions.mlir:[[@LINE+14]]:3: error: amdsync-lds-barriers: cannot run on 'func.func': schedule it on a builtin.module or gpu.module
// LLVMF: schedule-on-functions.mlir:[[@LINE+41]]:3: error: amdsync-lds-barriers: cannot run on 'llvm.func': schedule it on a builtin.module or gpu.module
// HOST: schedule-on-functions.mlir:[[@LINE+5]]:1: error: amdsync-verify: cannot run on 'func.func': schedule it on a builtin.module or gpu.module
// ANYTOP: schedule-on-functions.mlir:[[@LINE+4]]:1: error: amdsync-lds-barriers: cannot run on 'func.func': schedule it on a builtin.module or gpu.module
// NOOUT-NOT: amdgpu.lds_barrier
// OK-NOT: error

func.func @host() {
  return
}

gpu.module @m [#rocdl.target<chip = "gfx942">] {
  memref.global "private" @buf : memref<256xf32, #gpu.address_space<workgroup>>
  // A racy helper: the barrier pass puts a barrier into it.
  func.func @rotate(%v: f32) -> f32 {
    %c1 = arith.constant 1 : index
    %c255 = arith.constant 255 : index
    %tid = gpu.thread_id x
    %m = memref.get_global @buf : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %m[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %n0 = arith.addi %tid, %c1 : index
    %n = arith.andi %n0, %c255 : index
    %w = memref.load %m[%n] : memref<256xf32, #gpu.address_space<workgroup>>
    return %w : f32
  }
  // Calls it under a uniform branch (block id): fine with the helper's
  // barrier.
  gpu.func @k(%in: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %v = memref.load %in[%tid] : memref<?xf32>
    %c = arith.cmpi ult, %bid, %c1 : index
    %r = scf.if %c -> f32 {
      %w = func.call @rotate(%v) : (f32) -> f32
      scf.yield %w : f32
    } else {
      scf.yield %v : f32
    }
    memref.store %r, %out[%tid] : memref<?xf32>
    gpu.return
  }
  llvm.func @lf() {
    llvm.return
  }
}

// OK: func.func @rotate
// OK: amdgpu.lds_barrier
// OK: gpu.func @k
