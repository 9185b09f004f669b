// Existing barriers count as placed: kernels whose hazards are already
// ordered by amdgpu.lds_barrier, gpu.barrier or rocdl.barrier (also one that
// sits earlier than the pass would put it) get nothing added, and keep their
// barriers where they are. Running the pass twice changes nothing: its
// output, fed back to it or followed by a second run in the same pipeline,
// is identical to one run (the last kernel has no barriers in the input).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -o %t.once.mlir
// RUN: FileCheck %s < %t.once.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %t.once.mlir -o %t.again.mlir
// RUN: diff %t.once.mlir %t.again.mlir
// RUN: %amdsync-opt --target=gfx942 %t.once.mlir -o %t.driver.mlir
// RUN: diff %t.once.mlir %t.driver.mlir

gpu.module @m {
  // CHECK-LABEL: gpu.func @gemm_done
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: scf.for
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.store
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load
  // CHECK-NEXT: memref.store
  // CHECK-NEXT: }
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @gemm_done(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for %k = %c0 to %n step %c1 {
      %x = memref.load %g[%k] : memref<256xf32, 1>
      amdgpu.lds_barrier
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      amdgpu.lds_barrier
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%k] : memref<256xf32, 1>
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @gpu_barrier
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: arith.muli
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @gpu_barrier(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %t1 = arith.addi %tid, %c1 : index
    %t2 = arith.muli %t1, %c1 : index
    %v = memref.load %a[%t2] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @rocdl_barrier
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: rocdl.barrier
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @rocdl_barrier(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    rocdl.barrier
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // A barrier before the loop orders the store before it with the reads in
  // it; the pass adds only what is missing (the RAW and the loop-carried
  // WAR barrier of %b inside), and not a second one before the loop.
  // CHECK-LABEL: gpu.func @partial
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: }
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @partial(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.for %k = %c0 to %n step %c1 {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %w = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %w, %g[%k] : memref<256xf32, 1>
    }
    gpu.return
  }
}
