// A workgroup that fits in one wavefront (known_block_size 64 on gfx942,
// wave64) needs no s_barrier for lanes exchanging data through LDS, only a
// free wave-level ordering point right before the consumer: a wavefront-
// scope release fence, llvm.amdgcn.wave.barrier, a wavefront-scope acquire
// fence. No amdgpu.lds_barrier. Controls: a 128-lane workgroup on gfx942,
// and the 64-lane one on wave32 gfx1100, are several waves and get a real
// barrier. The chip comes from the gpu.module's #rocdl.target here; the
// option overrides it.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers,amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers,amdsync-lds-barriers,amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1100},amdsync-verify{target=gfx1100})' %s | FileCheck %s --check-prefix=W32

gpu.module @m [#rocdl.target<chip = "gfx942">] {
  // CHECK-LABEL: gpu.func @single_wave
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK-NOT: llvm.fence
  // CHECK: memref.store {{.*}} : memref<65xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: llvm.fence syncscope("wavefront") release
  // CHECK-NEXT: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
  // CHECK-NEXT: llvm.fence syncscope("wavefront") acquire
  // CHECK-NEXT: memref.load {{.*}} : memref<65xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: llvm.fence
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK-NOT: gpu.barrier
  // CHECK-NOT: rocdl.s.barrier
  // CHECK: gpu.return

  // W32-LABEL: gpu.func @single_wave
  // W32-NOT: llvm.fence
  // W32-NOT: wave.barrier
  // W32: memref.store
  // W32-NEXT: arith.addi
  // W32-NEXT: amdgpu.lds_barrier
  // W32-NEXT: memref.load
  // W32-NOT: llvm.fence
  // W32-NOT: wave.barrier
  // W32: gpu.return
  gpu.func @single_wave(%g: memref<128xf32, 1>)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<128xf32, 1>
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%t1] : memref<128xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @two_waves
  // CHECK-NOT: llvm.fence
  // CHECK-NOT: wave.barrier
  // CHECK: memref.store
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load
  // CHECK-NOT: llvm.fence
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return

  // W32-LABEL: gpu.func @two_waves
  // W32: memref.store
  // W32-NEXT: arith.addi
  // W32-NEXT: amdgpu.lds_barrier
  // W32-NEXT: memref.load
  gpu.func @two_waves(%g: memref<256xf32, 1>)
      workgroup(%a: memref<129xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<129xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<129xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%t1] : memref<256xf32, 1>
    gpu.return
  }
}
