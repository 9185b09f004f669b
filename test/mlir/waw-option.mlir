// Write after write between distinct plain stores whose indices are not
// known is not a hazard by default (experts fill LDS with unrolled stores);
// waw-hazards makes it one. Where both indices are known, the index proofs
// decide in either mode (BRIEF: index precision): two lanes that may write
// one byte are a hazard, a fill whose lanes never meet is not.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s --check-prefixes=DEFAULT,BOTH
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 waw-hazards=true},amdsync-verify{target=gfx942 waw-hazards=true})' %s | FileCheck %s --check-prefixes=WAW,BOTH
// The default output is racy under the stricter rule: the checker says so,
// at the pair of unknown indices only.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s | not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942 waw-hazards=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRICT

// DEFAULT-LABEL: gpu.func @unknown_indices
// DEFAULT-NOT: amdgpu.lds_barrier
// DEFAULT: gpu.return

// WAW-LABEL: gpu.func @unknown_indices
// WAW: memref.store
// WAW-NEXT: memref.load
// WAW-NEXT: amdgpu.lds_barrier
// WAW-NEXT: memref.store
// WAW-NOT: amdgpu.lds_barrier
// WAW: gpu.return

// BOTH-LABEL: gpu.func @neighbours
// BOTH: memref.store
// BOTH-NEXT: arith.addi
// BOTH-NEXT: amdgpu.lds_barrier
// BOTH-NEXT: memref.store
// BOTH-NOT: amdgpu.lds_barrier
// BOTH: gpu.return

// BOTH-LABEL: gpu.func @fill
// BOTH-NOT: amdgpu.lds_barrier
// BOTH: gpu.return

// STRICT: error: amdsync-verify: unordered WAW hazard
// STRICT: note: amdsync-verify: unordered WAW hazard
// STRICT-NOT: error
gpu.module @m {
  // Each lane writes where a global table says: nothing is known.
  gpu.func @unknown_indices(%x: f32, %idx: memref<512xindex, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c256 = arith.constant 256 : index
    %tid = gpu.thread_id x
    %i = memref.load %idx[%tid] : memref<512xindex, 1>
    memref.store %x, %a[%i] : memref<256xf32, #gpu.address_space<workgroup>>
    %j = memref.load %idx[%c256] : memref<512xindex, 1>
    memref.store %x, %a[%j] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  // Lane t + 1's first store and lane t's second write one element.
  gpu.func @neighbours(%x: f32)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    memref.store %x, %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  // An unrolled fill of 256 elements by 128 lanes: never one element twice.
  gpu.func @fill(%x: f32)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c128 : index
    memref.store %x, %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
