// existing=replace on the MLIR side, as on the LLVM side
// (test/llvm/existing-replace.ll): the barrier pass first removes the
// input's barriers that order only LDS (`amdgpu.lds_barrier`, and
// `rocdl.s.barrier` between fences limited to LDS by their MMRA, as
// convert-amdgpu-to-rocdl lowers it) and places its own; a barrier that
// orders all memory (`gpu.barrier`) stays. @lds_only has three where one is
// needed: one stands, before the read of another lane's element. @all keeps
// its gpu.barrier and gets nothing.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 existing=replace summary=true})' %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s < %t.mlir
// Without replace, the input's barriers are kept and count as placed.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 summary=true})' %s 2>&1 | FileCheck %s --check-prefix=KEEP
// Running it again changes nothing; the LLVM side's checker agrees; the ISA
// has one s_barrier in @lds_only, between the store and the load.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 existing=replace})' %t.mlir -o %t.twice.mlir
// RUN: diff %t.mlir %t.twice.mlir
// RUN: %lower-to-llvm gfx942 < %t.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output
// RUN: %lower-to-isa gfx942 < %t.mlir | FileCheck %s --check-prefix=ISA
// A value that is neither keep nor replace is an error naming the option.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{existing=drop})' %s 2>&1 | FileCheck %s --check-prefix=BAD

// SUMMARY: amdsync-lds-barriers: 2 function(s), 2 hazard window(s), 1 already ordered; inserted 1 barrier(s), {{.*}}; removed 3 LDS-only barrier(s)
// KEEP: amdsync-lds-barriers: 2 function(s), 2 hazard window(s), 2 already ordered; inserted 0 barrier(s), {{.*}} with fences{{$}}
// BAD: option 'existing' takes keep or replace, not 'drop'

// CHECK-LABEL: gpu.func @lds_only
// CHECK-NOT: amdgpu.lds_barrier
// CHECK-NOT: rocdl.s.barrier
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NOT: barrier
// CHECK-LABEL: gpu.func @all
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: barrier
// CHECK: gpu.return

// ISA-LABEL: lds_only:
// ISA: ds_write_b32
// ISA-NOT: s_barrier
// ISA: s_barrier
// ISA-NOT: s_barrier
// ISA: ds_read_b32
// ISA-NOT: s_barrier
// ISA: s_endpgm

#mmra = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
gpu.module @m {
  // Three LDS-only barriers where one is needed (before the read of
  // another lane's element): replace keeps one.
  gpu.func @lds_only(%x: f32, %out: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    amdgpu.lds_barrier
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    amdgpu.lds_barrier
    %t1 = arith.addi %tid, %c1 : index
    llvm.fence syncscope("workgroup") release {llvm.mmra = #mmra}
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") acquire {llvm.mmra = #mmra}
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
  // gpu.barrier orders all memory: it stays, and nothing is added.
  gpu.func @all(%x: f32, %out: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
