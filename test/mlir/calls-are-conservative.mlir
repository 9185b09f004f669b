// A call may touch any LDS it can reach, so it counts as reading and writing
// everything: a store to A, a call, then a load from B (distinct buffers,
// no hazard between them) get a barrier right before the call (RAW: the
// callee may read A) and right before the load (RAW: the callee may write
// B). Two calls in a row are ordered like two unknown read-writes. A call
// with no LDS access around it needs nothing.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

gpu.module @m {
  func.func private @helper(f32) -> f32
  llvm.func @llvm_helper(f32) -> f32

  // CHECK-LABEL: gpu.func @call_between
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: func.call @helper
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @call_between(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %y = func.call @helper(%x) : (f32) -> f32
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %v, %y : f32
    memref.store %s, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // A load, then an llvm.call: WAR (the callee may overwrite what other
  // lanes still read), barrier right before the call.
  // CHECK-LABEL: gpu.func @load_then_llvm_call
  // CHECK: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.call @llvm_helper
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @load_then_llvm_call(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %y = llvm.call @llvm_helper(%v) : (f32) -> f32
    memref.store %y, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @two_calls
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: func.call @helper
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: func.call @helper
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @two_calls(%g: memref<256xf32, 1>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %y = func.call @helper(%x) : (f32) -> f32
    %z = func.call @helper(%y) : (f32) -> f32
    memref.store %z, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @lone_call
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @lone_call(%g: memref<256xf32, 1>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %y = func.call @helper(%x) : (f32) -> f32
    memref.store %y, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
