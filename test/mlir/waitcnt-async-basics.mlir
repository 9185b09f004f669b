// amdsync-waitcnt on gfx1250, one behaviour per split:
//  - a single async load then a read of its buffer: s_wait_asynccnt 0;
//  - three loads into three buffers, reads of each: 2, then 1, then 0
//    (the counter completes in issue order), no wait before a read of an
//    unrelated buffer or before a second read;
//  - twenty loads, then a read of the first: 19 later loads may stay in
//    flight, clamped down to the counter's maximum (15);
//  - a plain access before an async load needs no wait.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-waitcnt{target=gfx1250})' %s -split-input-file | FileCheck %s

// CHECK-LABEL: llvm.func @single
// CHECK: rocdl.global.load.async.to.lds.b32
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<1> -> f32
// CHECK-NEXT: rocdl.s.wait.asynccnt 0
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: rocdl.s.wait
// CHECK: llvm.return
gpu.module @m {
  llvm.mlir.global internal @a() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @single(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %a = llvm.mlir.addressof @a : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %a, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    %other = llvm.load %g : !llvm.ptr<1> -> f32
    %v = llvm.load %a : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @partial
// CHECK-COUNT-3: rocdl.global.load.async.to.lds.b32
// CHECK-NEXT: llvm.load %[[X:.*]] : !llvm.ptr<3> -> f32
// CHECK-NEXT: rocdl.s.wait.asynccnt 2
// CHECK-NEXT: llvm.load %[[A:.*]] : !llvm.ptr<3> -> f32
// CHECK-NEXT: llvm.load %[[A]] : !llvm.ptr<3> -> f32
// CHECK-NEXT: rocdl.s.wait.asynccnt 1
// CHECK-NEXT: llvm.load
// CHECK-NEXT: rocdl.s.wait.asynccnt 0
// CHECK-NEXT: llvm.load
// CHECK-NOT: rocdl.s.wait
// CHECK: llvm.return
gpu.module @m {
  llvm.mlir.global internal @a() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.mlir.global internal @b() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.mlir.global internal @c() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.mlir.global internal @x() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @partial(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %a = llvm.mlir.addressof @a : !llvm.ptr<3>
    %b = llvm.mlir.addressof @b : !llvm.ptr<3>
    %c = llvm.mlir.addressof @c : !llvm.ptr<3>
    %x = llvm.mlir.addressof @x : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %a, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %b, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %c, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    %vx = llvm.load %x : !llvm.ptr<3> -> f32
    %va = llvm.load %a : !llvm.ptr<3> -> f32
    %va2 = llvm.load %a : !llvm.ptr<3> -> f32
    %vb = llvm.load %b : !llvm.ptr<3> -> f32
    %vc = llvm.load %c : !llvm.ptr<3> -> f32
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @clamp
// CHECK-COUNT-20: rocdl.global.load.async.to.lds.b32
// CHECK-NEXT: rocdl.s.wait.asynccnt 15
// CHECK-NEXT: llvm.load
gpu.module @m {
  llvm.mlir.global internal @first() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.mlir.global internal @rest() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @clamp(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %f = llvm.mlir.addressof @first : !llvm.ptr<3>
    %r = llvm.mlir.addressof @rest : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %f, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %r, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    %v = llvm.load %f : !llvm.ptr<3> -> f32
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @access_before
// CHECK: llvm.store
// CHECK-NEXT: rocdl.global.load.async.to.lds.b32
// CHECK-NOT: rocdl.s.wait
// CHECK: llvm.return
gpu.module @m {
  llvm.mlir.global internal @a() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @access_before(%g: !llvm.ptr<1>, %x: f32) attributes {rocdl.kernel} {
    %a = llvm.mlir.addressof @a : !llvm.ptr<3>
    llvm.store %x, %a : f32, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %a, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.return
  }
}
