// A gpu.module with several #rocdl.targets is synchronized for all of
// them: they must agree on the generation (barrier kind and wait-counter
// encodings), and the smallest wave size among them decides whether a
// workgroup fits one wave (each target's own "+wavefrontsize64" feature
// counts for that target only). Targets that disagree are an error naming
// two of them.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers,amdsync-verify)' %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync)' %s -split-input-file -verify-diagnostics | FileCheck %s

// gfx1100 in wave64 and gfx1101 in wave32: 64 lanes are two waves on
// gfx1101, so a workgroup barrier, not a wave-level ordering point.
// CHECK-LABEL: gpu.func @mixed_wave_sizes
// CHECK-NOT: wave.barrier
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @m [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">,
               #rocdl.target<chip = "gfx1101">] {
  gpu.func @mixed_wave_sizes(%g: memref<256xf32, 1>)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// Both in wave64: one wave, a free wave-level ordering point.
// CHECK-LABEL: gpu.func @both_wave64
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: llvm.fence syncscope("wavefront") release
// CHECK-NEXT: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"
// CHECK-NEXT: llvm.fence syncscope("wavefront") acquire
// CHECK-NEXT: memref.load
gpu.module @m [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">,
               #rocdl.target<chip = "gfx1101", features = "+wavefrontsize64">] {
  gpu.func @both_wave64(%g: memref<256xf32, 1>)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// Two GFX9 chips (and a target of another vendor, ignored) agree.
// CHECK-LABEL: gpu.func @two_gfx9
// CHECK: memref.store
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @m [#nvvm.target, #rocdl.target<chip = "gfx942">,
               #rocdl.target<chip = "gfx950">] {
  gpu.func @two_gfx9(%g: memref<256xf32, 1>)
      workgroup(%a: memref<257xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<257xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// s_barrier (gfx942) and split barriers (gfx1201): no single placement.
// CHECK-NOT: gpu.func @disagree
gpu.module @m [#rocdl.target<chip = "gfx942">, #rocdl.target<chip = "gfx1201">] {
  // expected-error @+1 {{amdsync: the targets of this gpu.module disagree: gfx942 (GFX9) and gfx1201 (GFX12) need different barriers or wait encodings; synchronize them in separate gpu.modules or pass target=}}
  gpu.func @disagree(%g: memref<256xf32, 1>)
      workgroup(%a: memref<257xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<257xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// GFX10 and GFX11 both use s_barrier but encode s_waitcnt differently.
// CHECK-NOT: gpu.func @gfx10_gfx11
gpu.module @m [#rocdl.target<chip = "gfx1030">, #rocdl.target<chip = "gfx1100">] {
  // expected-error @+1 {{amdsync: the targets of this gpu.module disagree: gfx1030 (GFX10) and gfx1100 (GFX11)}}
  gpu.func @gfx10_gfx11(%g: memref<256xf32, 1>)
      workgroup(%a: memref<257xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<257xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
