// Inline assembly can do anything (an LDS access, a barrier): amdsync
// treats llvm.inline_asm as a call, reading and writing all memory. So it
// stands between a store and a load like an access (the barrier pass
// orders it with both), and between a fence and its barrier it leaves the
// barrier unfenced (the checker reports it).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: sed 's#expected-error#expected error#' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' -split-input-file | FileCheck %s

// CHECK-LABEL: gpu.func @asm_between
// CHECK: memref.store
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.inline_asm
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @m {
  gpu.func @asm_between(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    // expected-note @+2 {{unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'llvm.inline_asm'}}
    // expected-note @+1 {{unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+2 {{unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    // expected-note @+1 {{unordered RAW hazard on unknown memory: a path from this access reaches 'memref.load'}}
    llvm.inline_asm has_side_effects "s_nop 0", "" : () -> ()
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+2 {{unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    // expected-error @+1 {{unordered RAW hazard on unknown memory: a path from 'llvm.inline_asm'}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @asm_after_fence
// CHECK: llvm.fence syncscope("workgroup") release
// CHECK-NEXT: llvm.inline_asm
// CHECK-NEXT: llvm.fence syncscope("workgroup") release {llvm.mmra = #mmra_tag}
// CHECK-NEXT: rocdl.s.barrier
gpu.module @m {
  gpu.func @asm_after_fence(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    llvm.fence syncscope("workgroup") release
    llvm.inline_asm has_side_effects "s_nop 0", "" : () -> ()
    // expected-error @+1 {{barrier without workgroup-scope fences: no release fence before it;}}
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") acquire
    gpu.return
  }
}
