// Existing barriers are credited when they lie on every path of a window,
// wherever they are: in both arms of an if/else, or in a loop that always
// runs (known trips >= 1). A loop that may run zero times does not order
// what is around it, and a split wait orders only what precedes its own
// signal: a store after the signal gets a barrier of its own.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -split-input-file | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %S/Inputs/split-wait-after-signal.mlir | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1201})' %S/Inputs/split-wait-after-signal.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE

// CHECK-LABEL: gpu.func @both_arms
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @both_arms(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %c = arith.cmpi ult, %bid, %n : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.if %c {
      gpu.barrier
    } else {
      gpu.barrier
    }
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @loop_always_runs
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @loop_always_runs(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c4 step %c1 {
      gpu.barrier
    }
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @loop_may_skip
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK: }
// CHECK: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @m {
  gpu.func @loop_may_skip(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
    }
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// SPLIT-LABEL: gpu.func @late_store
// SPLIT: rocdl.s.barrier.signal
// SPLIT: memref.store
// SPLIT: rocdl.s.barrier.wait
// SPLIT: rocdl.s.barrier.signal
// SPLIT: rocdl.s.barrier.wait
// SPLIT: memref.load {{.*}} #gpu.address_space<workgroup>
// BARE: error: amdsync-verify: unordered RAW hazard
