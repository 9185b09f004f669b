// Loop-carried WAR: the body stores its own element, crosses a barrier the
// input already has, then reads another lane's element. The forward RAW is
// ordered by that barrier; the store of iteration i+1 overwriting what
// iteration i's loads still read is not. The pass adds exactly one barrier,
// at the top of the body right before the store (the consumer), keeps the
// existing one, and adds none before or after the loop.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

// CHECK-LABEL: gpu.func @carried_war
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.for
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}] : memref<256xf32, 1>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<256xf32, 1>
// CHECK-NEXT: }
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @carried_war(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for %i = %c0 to %n step %c1 {
      %x = memref.load %g[%i] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      amdgpu.lds_barrier
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%i] : memref<256xf32, 1>
    }
    gpu.return
  }
}
