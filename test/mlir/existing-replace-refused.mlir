// existing=replace on a function the barrier pass cannot synchronize (a
// hazard between lanes inside a branch that may diverge): the errors, and
// the function as it was, the removed LDS-only barriers back where they
// stood (--mlir-print-ir-after-failure shows the IR the failed pass left).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 existing=replace})' --mlir-print-ir-after-failure %s 2>&1 | FileCheck %s

// CHECK: error: amdsync: cannot order RAW hazard
// CHECK: IR Dump After AmdsyncLdsBarriers Failed (amdsync-lds-barriers)
// CHECK: gpu.thread_id
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: llvm.fence syncscope("workgroup") release
// CHECK-NEXT: rocdl.s.barrier
// CHECK-NEXT: llvm.fence syncscope("workgroup") acquire
// CHECK-NEXT: arith.constant 32
// CHECK-NOT: barrier
// CHECK: gpu.return

#mmra = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
gpu.module @m {
  gpu.func @refused(%x: f32, %out: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    amdgpu.lds_barrier
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("workgroup") release {llvm.mmra = #mmra}
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") acquire {llvm.mmra = #mmra}
    %c32 = arith.constant 32 : index
    %low = arith.cmpi ult, %tid, %c32 : index
    scf.if %low {
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<256xf32, 1>
    }
    %w = memref.load %a[%c1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
