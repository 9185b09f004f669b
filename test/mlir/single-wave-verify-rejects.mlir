// The checker's view of single-wave workgroups: lanes of one wave exchanging
// data through LDS with no ordering point at all are a race (llc reorders
// the accesses); a wave-level ordering point does not order a workgroup of
// two waves (128 lanes on gfx942); and the same point is enough for 64
// lanes (no diagnostic, last case).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -verify-diagnostics
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s
// The 64-lane kernel that has its ordering point is accepted on its own.
// RUN: sed -n '/^\/\/ ACCEPTED-BEGIN/,$p' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' -o /dev/null

// CHECK-COUNT-2: error: amdsync-verify: unordered RAW hazard on workgroup attribution #0
// CHECK-NOT: error: amdsync-verify

// One wave, no ordering point.
gpu.module @m {
  gpu.func @no_point(%g: memref<128xf32, 1>)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<128xf32, 1>
    // expected-note @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%t1] : memref<128xf32, 1>
    gpu.return
  }
}

// -----

// Two waves: the wave-level ordering point is not a workgroup barrier.
gpu.module @m {
  gpu.func @two_waves(%g: memref<256xf32, 1>)
      workgroup(%a: memref<129xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    // expected-note @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
    memref.store %x, %a[%tid] : memref<129xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    llvm.fence syncscope("wavefront") release
    llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
    llvm.fence syncscope("wavefront") acquire
    // expected-error @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    %v = memref.load %a[%t1] : memref<129xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%t1] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// ACCEPTED-BEGIN: one wave with its ordering point: no diagnostic.
gpu.module @m {
  gpu.func @with_point(%g: memref<128xf32, 1>)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<128xf32, 1>
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    llvm.fence syncscope("wavefront") release
    llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
    llvm.fence syncscope("wavefront") acquire
    %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%t1] : memref<128xf32, 1>
    gpu.return
  }
}
