// Read after read is not a hazard: two loads of the same LDS buffer at
// other lanes' elements, with no store to LDS, get no barrier; the
// unchanged input passes the checker.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null
// The output is the input: nothing was inserted.
// RUN: mlir-opt %s -o %t.in.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -o %t.out.mlir
// RUN: diff %t.in.mlir %t.out.mlir

// CHECK-LABEL: gpu.func @read_read
// CHECK-NOT: amdgpu.lds_barrier
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @read_read(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %t2 = arith.addi %tid, %c2 : index
    %v1 = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %v2 = memref.load %a[%t2] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %v1, %v2 : f32
    memref.store %s, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
