// Without a chip, the checker cannot tell whether a 64-lane workgroup is one
// wave (wave64) or two (wave32), so whether wave-level ordering points
// suffice: it says so instead of guessing. With the chip it decides.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s | not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s --check-prefix=GFX942
// On wave32 gfx1100 the same 64 lanes are two waves: the ordering point
// placed for gfx942 does not order them.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s | not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1100})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=GFX1100

// NOTARGET: error: amdsync-verify: whether this workgroup fits one wave depends on the wave size
// GFX942: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"
// GFX942-NOT: amdgpu.lds_barrier
// GFX1100: error: amdsync-verify: unordered RAW hazard
gpu.module @m {
  gpu.func @exchange(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
