// End to end on gfx942: the tiled GEMM loop gets two barriers per
// iteration; lowered upstream (convert-gpu-to-rocdl, which includes the
// amdgpu-to-rocdl patterns for the chipset) and compiled by llc, each
// barrier is `s_waitcnt lgkmcnt(0)` + `s_barrier` between the ds_ ops it
// orders.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s \
// RUN:   | mlir-opt --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf,convert-gpu-to-rocdl{chipset=gfx942}),reconcile-unrealized-casts)' \
// RUN:   | %unwrap-gpu-module | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -march=amdgcn -mcpu=gfx942 -o - | FileCheck %s

// CHECK-LABEL: gemm:
// CHECK: [[LOOP:.LBB0_[0-9]+]]:
// The loop-carried WAR barrier: the previous iteration's reads are done
// before this iteration's writes (llc merges the two tiles' stores and loads
// into ds_write2st64 / ds_read2st64).
// CHECK-NOT: ds_
// CHECK: s_barrier
// CHECK-NEXT: ds_write2st64_b32
// The RAW barrier: this iteration's writes are complete and visible.
// CHECK-NEXT: s_waitcnt lgkmcnt(0)
// CHECK-NEXT: s_barrier
// CHECK-NEXT: ds_read2st64_b32
// CHECK-NOT: s_barrier
// CHECK: s_cbranch_vccz [[LOOP]]
// CHECK-NOT: s_barrier
// CHECK: s_endpgm
gpu.module @m {
  gpu.func @gemm(%g: memref<1024xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %acc0 = arith.constant 0.0 : f32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (f32) {
      %x = memref.load %g[%k] : memref<1024xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %x, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %va = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %vb = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %p = arith.mulf %va, %vb : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %g[%tid] : memref<1024xf32, 1>
    gpu.return
  }
}
