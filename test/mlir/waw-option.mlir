// Write after write between distinct plain stores is not a hazard by
// default (experts fill LDS with unrolled stores); waw-hazards makes it one.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s --check-prefix=DEFAULT
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 waw-hazards=true},amdsync-verify{waw-hazards=true})' %s | FileCheck %s --check-prefix=WAW
// The default output is racy under the stricter rule: the checker says so.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s | not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{waw-hazards=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRICT

// DEFAULT-LABEL: gpu.func @two_stores
// DEFAULT-NOT: amdgpu.lds_barrier
// DEFAULT: gpu.return

// WAW-LABEL: gpu.func @two_stores
// WAW: memref.store
// WAW-NEXT: arith.addi
// WAW-NEXT: amdgpu.lds_barrier
// WAW-NEXT: memref.store
// WAW-NOT: amdgpu.lds_barrier
// WAW: gpu.return

// STRICT: error: amdsync-verify: unordered WAW hazard
gpu.module @m {
  gpu.func @two_stores(%x: f32)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    memref.store %x, %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
