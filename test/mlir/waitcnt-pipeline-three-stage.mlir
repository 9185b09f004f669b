// A three-stage software pipeline on gfx1250 (one wave): the prologue
// issues tiles 0 and 1, each steady-state step issues tile i+2 before
// reading tile i, and the epilogue drains. The steady state keeps two
// transfers in flight (s_wait_asynccnt 2); the epilogue waits 1, then 0.
// A wait-for-everything approach would use 0 at all five reads.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | FileCheck %s

// CHECK-LABEL: llvm.func @pipe3
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: scf.for
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: rocdl.global.load.async.to.lds.b32 %{{.*}}, %[[C:.*]], 0, 0
// CHECK-NEXT: rocdl.s.wait.asynccnt 2
// CHECK-NEXT: llvm.load %[[A:.*]] : !llvm.ptr<3>
// CHECK: rocdl.global.load.async.to.lds.b32 %{{.*}}, %[[A]], 0, 0
// CHECK-NEXT: rocdl.s.wait.asynccnt 2
// CHECK-NEXT: llvm.load %[[B:.*]] : !llvm.ptr<3>
// CHECK: rocdl.global.load.async.to.lds.b32 %{{.*}}, %[[B]], 0, 0
// CHECK-NEXT: rocdl.s.wait.asynccnt 2
// CHECK-NEXT: llvm.load %[[C]] : !llvm.ptr<3>
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: }
// CHECK-NOT: llvm.load
// CHECK: rocdl.s.wait.asynccnt 1
// CHECK-NEXT: llvm.load %[[A]]
// CHECK-NOT: llvm.load
// CHECK: rocdl.s.wait.asynccnt 0
// CHECK-NEXT: llvm.load %[[B]]
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: llvm.return
gpu.module @m [#rocdl.target<chip = "gfx1250">] {
  llvm.mlir.global internal @bufA() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @bufB() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @bufC() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @pipe3(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i64)
      attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 32, 1, 1>} {
    %a = llvm.mlir.addressof @bufA : !llvm.ptr<3>
    %b = llvm.mlir.addressof @bufB : !llvm.ptr<3>
    %c = llvm.mlir.addressof @bufC : !llvm.ptr<3>
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    rocdl.global.load.async.to.lds.b32 %g, %a, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %b, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    scf.for %i = %c0 to %n step %c1 : i64 {
      rocdl.global.load.async.to.lds.b32 %g, %c, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
      %x = llvm.load %a : !llvm.ptr<3> -> f32
      llvm.store %x, %out : f32, !llvm.ptr<1>
      rocdl.global.load.async.to.lds.b32 %g, %a, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
      %y = llvm.load %b : !llvm.ptr<3> -> f32
      llvm.store %y, %out : f32, !llvm.ptr<1>
      rocdl.global.load.async.to.lds.b32 %g, %b, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
      %z = llvm.load %c : !llvm.ptr<3> -> f32
      llvm.store %z, %out : f32, !llvm.ptr<1>
    }
    %p = llvm.load %a : !llvm.ptr<3> -> f32
    llvm.store %p, %out : f32, !llvm.ptr<1>
    %q = llvm.load %b : !llvm.ptr<3> -> f32
    llvm.store %q, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
