// scf.index_switch. On a workgroup-uniform selector (a function argument)
// each case that consumes LDS gets its own barrier right before the
// consumer, inside the case; a case without LDS accesses gets none, and none
// goes before the switch. On a thread-dependent selector no barrier may go
// inside a case: the one barrier goes right before the switch.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @uniform_switch
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: scf.index_switch
  // CHECK-NEXT: case 0 {
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: case 1 {
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: default {
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @uniform_switch(%g: memref<256xf32, 1>, %sel: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %r = scf.index_switch %sel -> f32
    case 0 {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      scf.yield %v : f32
    }
    case 1 {
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %w = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      scf.yield %w : f32
    }
    default {
      scf.yield %x : f32
    }
    memref.store %r, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @divergent_switch
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: arith.remui
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: scf.index_switch
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @divergent_switch(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %sel = arith.remui %tid, %c2 : index
    %r = scf.index_switch %sel -> f32
    case 0 {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      scf.yield %v : f32
    }
    default {
      %w = memref.load %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      scf.yield %w : f32
    }
    memref.store %r, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
