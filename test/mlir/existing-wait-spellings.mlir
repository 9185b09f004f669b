// Existing counter waits count in every spelling (brief §2, §4): the wait
// pass adds no wait an existing one implies, and a second run changes
// nothing. GFX9 LDS DMA completes at vmcnt: rocdl.s.waitcnt (decoded for
// the chip: 3952 is vmcnt(0), 3953 vmcnt(1)), amdgpu.memory_counter_wait
// load(0) (vmcnt on GFX9), and the intrinsic through llvm.call_intrinsic
// and llvm.call. gfx1250 async loads complete at asynccnt:
// rocdl.s.wait.asynccnt and the intrinsic in both call forms. Without a
// chip the checker does not guess what an s_waitcnt bitfield means.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.942.mlir
// RUN: FileCheck %s --check-prefix=GFX9 < %t.942.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.942.mlir | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' | FileCheck %s --check-prefix=GFX9
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %S/Inputs/wait-spellings-gfx1250.mlir | FileCheck %s --check-prefix=GFX1250
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify)' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCHIP

// GFX9-LABEL: gpu.func @waitcnt_op
// GFX9: amdgpu.gather_to_lds
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: rocdl.s.waitcnt 3952
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: memref.load
// GFX9-LABEL: gpu.func @memory_counter_wait
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: amdgpu.memory_counter_wait load(0)
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: memref.load
// GFX9-LABEL: gpu.func @waitcnt_call_intrinsic
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: llvm.call_intrinsic "llvm.amdgcn.s.waitcnt"
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: memref.load
// GFX9-LABEL: gpu.func @waitcnt_call
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: llvm.call @llvm.amdgcn.s.waitcnt
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: memref.load
// GFX9-LABEL: gpu.func @partial
// GFX9: rocdl.s.waitcnt 3953
// GFX9-NOT: rocdl.s.waitcnt
// GFX9: memref.load
// GFX9-NEXT: rocdl.s.waitcnt 3952
// GFX9-NEXT: memref.load

// GFX9-LABEL: gpu.func @mcw_load_and_store
// GFX9: amdgpu.memory_counter_wait load(0) store(1)
// GFX9: rocdl.s.waitcnt 3952
// GFX9-NEXT: memref.load
// GFX9-LABEL: gpu.func @mcw_above_max
// GFX9: amdgpu.memory_counter_wait load(70)
// GFX9: rocdl.s.waitcnt 3952
// GFX9-NEXT: memref.load

// GFX1250-LABEL: llvm.func @asynccnt_op
// GFX1250: rocdl.s.wait.asynccnt 0
// GFX1250-NOT: rocdl.s.wait.asynccnt
// GFX1250: llvm.load
// GFX1250-LABEL: llvm.func @asynccnt_call_intrinsic
// GFX1250-NOT: rocdl.s.wait.asynccnt
// GFX1250: llvm.call_intrinsic "llvm.amdgcn.s.wait.asynccnt"
// GFX1250-NOT: rocdl.s.wait.asynccnt
// GFX1250: llvm.load
// GFX1250-LABEL: llvm.func @asynccnt_call
// GFX1250-NOT: rocdl.s.wait.asynccnt
// GFX1250: llvm.call @llvm.amdgcn.s.wait.asynccnt
// GFX1250-NOT: rocdl.s.wait.asynccnt
// GFX1250: llvm.load

// NOCHIP: error: amdsync-verify: what this wait waits for depends on the chip
// NOCHIP-NEXT: rocdl.s.waitcnt 3952
gpu.module @m {
  llvm.func @llvm.amdgcn.s.waitcnt(i32)
  gpu.func @waitcnt_op(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    rocdl.s.waitcnt 3952
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @memory_counter_wait(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    amdgpu.memory_counter_wait load(0)
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @waitcnt_call_intrinsic(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %imm = llvm.mlir.constant(3952 : i32) : i32
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    llvm.call_intrinsic "llvm.amdgcn.s.waitcnt"(%imm) : (i32) -> ()
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @waitcnt_call(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %imm = llvm.mlir.constant(3952 : i32) : i32
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    llvm.call @llvm.amdgcn.s.waitcnt(%imm) : (i32) -> ()
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  // vmcnt(1) covers the older of two transfers, not the newer one: the pass
  // adds vmcnt(0) before the read of the second only.
  gpu.func @partial(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>, %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    amdgpu.gather_to_lds %g[%tid], %b[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    rocdl.s.waitcnt 3953
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %w = memref.load %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %v, %w : f32
    memref.store %s, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  // amdgpu.memory_counter_wait on GFX9 is one vmcnt, the sum of `load`
  // and `store` (load(0) store(1) is vmcnt(1), which leaves the transfer
  // in flight), and no wait at all from 63 on (load(70)): both need
  // vmcnt(0) added.
  gpu.func @mcw_load_and_store(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    amdgpu.memory_counter_wait load(0) store(1)
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
  gpu.func @mcw_above_max(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    amdgpu.memory_counter_wait load(70)
    %v = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
}
