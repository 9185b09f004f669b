// The passes handle every function-like op under the op they run on: a
// top-level func.func, and inside a gpu.module a func.func helper (its LDS
// memref argument), a gpu.func kernel (a workgroup attribution) and an
// llvm.func kernel (llvm.load/store on !llvm.ptr<3> GEPs of an
// llvm.mlir.global in address space 3). Each gets its barrier right before
// its consumer; in the llvm.func, accesses to two different LDS globals do
// not alias. The same result with a nested schedule: on the gpu.module,
// then on the builtin.module for the host function (a second run changes
// nothing in the gpu.module). Per-function schedules are refused
// (schedule-on-functions.mlir).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(gpu.module(amdsync-lds-barriers{target=gfx942}),amdsync-lds-barriers{target=gfx942},gpu.module(amdsync-verify{target=gfx942}),amdsync-verify{target=gfx942})' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

// CHECK-LABEL: func.func @host
// CHECK-NEXT: memref.store
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: return
// CHECK-LABEL: gpu.module @m
// CHECK-LABEL: func.func @helper
// CHECK-NEXT: memref.store
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: return
// CHECK-LABEL: gpu.func @k
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// CHECK-LABEL: llvm.func @lk
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @two_globals
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
module {
  func.func @host(%a: memref<64xf32, 3>, %i: index, %j: index, %x: f32) -> f32 {
    memref.store %x, %a[%i] : memref<64xf32, 3>
    %v = memref.load %a[%j] : memref<64xf32, 3>
    return %v : f32
  }
  gpu.module @m {
    llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.mlir.global internal @lds2() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    func.func @helper(%a: memref<64xf32, 3>, %i: index, %j: index, %x: f32) -> f32 {
      memref.store %x, %a[%i] : memref<64xf32, 3>
      %v = memref.load %a[%j] : memref<64xf32, 3>
      return %v : f32
    }
    gpu.func @k(%g: memref<256xf32, 1>)
        workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %tid = gpu.thread_id x
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      gpu.return
    }
    llvm.func @lk(%p: !llvm.ptr<1>) attributes {rocdl.kernel} {
      %c1 = llvm.mlir.constant(1 : i32) : i32
      %base = llvm.mlir.addressof @lds : !llvm.ptr<3>
      %tid = rocdl.workitem.id.x : i32
      %gp = llvm.getelementptr %p[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %x = llvm.load %gp : !llvm.ptr<1> -> f32
      %s = llvm.getelementptr %base[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
      llvm.store %x, %s : f32, !llvm.ptr<3>
      %t1 = llvm.add %tid, %c1 : i32
      %l = llvm.getelementptr %base[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
      %v = llvm.load %l : !llvm.ptr<3> -> f32
      llvm.store %v, %gp : f32, !llvm.ptr<1>
      llvm.return
    }
    llvm.func @two_globals(%p: !llvm.ptr<1>) attributes {rocdl.kernel} {
      %c1 = llvm.mlir.constant(1 : i32) : i32
      %b1 = llvm.mlir.addressof @lds : !llvm.ptr<3>
      %b2 = llvm.mlir.addressof @lds2 : !llvm.ptr<3>
      %tid = rocdl.workitem.id.x : i32
      %gp = llvm.getelementptr %p[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %x = llvm.load %gp : !llvm.ptr<1> -> f32
      %s = llvm.getelementptr %b1[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
      llvm.store %x, %s : f32, !llvm.ptr<3>
      %t1 = llvm.add %tid, %c1 : i32
      %l = llvm.getelementptr %b2[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
      %v = llvm.load %l : !llvm.ptr<3> -> f32
      llvm.store %v, %gp : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
