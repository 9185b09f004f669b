// amdsync.asyncmark / amdsync.wait_asyncmark lowered to s_wait_asynccnt on
// gfx1250, with the examples of spec/amdgpu-async-operations.txt:
//  - uneven blocks (3, 5, 2 loads): wait.asyncmark 2 waits for the first
//    block only, so 7 loads may stay in flight: s_wait_asynccnt 7;
//  - the software pipeline: three blocks of two loads ahead, wait.asyncmark 2
//    in the loop leaves two blocks (4 loads) in flight, in every iteration;
//    the epilogue's waits 2, 1, 0 become 4, 2, 0;
//  - a wait.asyncmark with more marks allowed than outstanding is removed,
//    and every asyncmark is gone after lowering (no hardware form).
// RUN: %mlir-opt-amdsync --irdl-file=%amdsync-irdl --pass-pipeline='builtin.module(amdsync-waitcnt{target=gfx1250})' %s -split-input-file | FileCheck %s
// The driver loads the dialect itself.
// RUN: %amdsync-opt --target=gfx1250 %s -o %t.out.mlir && FileCheck %s --check-prefix=DRIVER < %t.out.mlir

// CHECK-LABEL: llvm.func @uneven
// CHECK-NOT: amdsync.
// CHECK-COUNT-10: rocdl.global.load.async.to.lds.b32
// CHECK-NEXT: rocdl.s.wait.asynccnt 7
// CHECK-NEXT: llvm.return
// DRIVER-LABEL: llvm.func @uneven
// DRIVER-NOT: amdsync.
// DRIVER: rocdl.s.wait.asynccnt 7
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @uneven(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    "amdsync.wait_asyncmark"() {count = 2 : i16} : () -> ()
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @pipeline
// CHECK-NOT: amdsync.
// CHECK: scf.for
// CHECK-NEXT: rocdl.s.wait.asynccnt 4
// CHECK-NEXT: llvm.load
// CHECK: }
// CHECK-NEXT: rocdl.s.wait.asynccnt 4
// CHECK-NEXT: rocdl.s.wait.asynccnt 2
// CHECK-NEXT: rocdl.s.wait.asynccnt 0
// CHECK-NOT: rocdl.s.wait
// CHECK: llvm.return
gpu.module @m2 {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @pipeline(%g: !llvm.ptr<1>, %n: i64) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    scf.for %i = %c0 to %n step %c1 : i64 {
      "amdsync.wait_asyncmark"() {count = 2 : i16} : () -> ()
      // use data (not LDS here: a read of @l would need every load of @l)
      %v = llvm.load %g : !llvm.ptr<1> -> f32
      rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
      rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
      "amdsync.asyncmark"() : () -> ()
    }
    "amdsync.wait_asyncmark"() {count = 2 : i16} : () -> ()
    "amdsync.wait_asyncmark"() {count = 1 : i16} : () -> ()
    "amdsync.wait_asyncmark"() {count = 0 : i16} : () -> ()
    "amdsync.wait_asyncmark"() {count = 0 : i16} : () -> ()
    llvm.return
  }
}
