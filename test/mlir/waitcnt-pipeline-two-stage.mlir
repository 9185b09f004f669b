// A two-stage software pipeline on gfx1250 (one wave, so barriers are free
// ordering points): the async load of the next tile is issued before the
// current tile is read. Each read waits with the largest safe count: one
// transfer (the next tile's) may stay in flight in the steady state
// (s_wait_asynccnt 1), none in the epilogue (0). A wait-for-everything
// approach would use 0 at all three.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-waitcnt{target=gfx1250},amdsync-lds-barriers{target=gfx1250},amdsync-verify{target=gfx1250})' %s | FileCheck %s --check-prefix=REV
// Running the pipeline twice changes nothing.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s -o %t.once.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %t.once.mlir -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// The ISA keeps the counts and their order.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s | %lower-to-isa gfx1250 | FileCheck %s --check-prefix=ISA

// CHECK-LABEL: llvm.func @pipe
// CHECK: rocdl.global.load.async.to.lds.b32 %{{.*}}, %[[A:.*]], 0, 0
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: scf.for
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: rocdl.global.load.async.to.lds.b32 %{{.*}}, %[[B:.*]], 0, 0
// CHECK-NEXT: rocdl.s.wait.asynccnt 1
// CHECK-NEXT: llvm.load %[[A]]
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: rocdl.global.load.async.to.lds.b32 %{{.*}}, %[[A]], 0, 0
// CHECK-NEXT: rocdl.s.wait.asynccnt 1
// CHECK-NEXT: llvm.load %[[B]]
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: }
// CHECK-NOT: llvm.load
// CHECK: rocdl.s.wait.asynccnt 0
// CHECK-NEXT: llvm.load %[[A]]
// CHECK-NOT: rocdl.s.wait.asynccnt
// CHECK: llvm.return

// The passes compose in the other order too: the same counts (the wave-level
// ordering point then lands between the last wait and its load).
// REV-LABEL: llvm.func @pipe
// REV: scf.for
// REV: rocdl.s.wait.asynccnt 1
// REV: rocdl.s.wait.asynccnt 1
// REV: }
// REV-NEXT: rocdl.s.wait.asynccnt 0
// REV-NOT: rocdl.s.wait.asynccnt
// REV: llvm.return

// ISA-LABEL: pipe:
// ISA: global_load_async_to_lds_b32
// ISA-NOT: ds_load
// ISA: global_load_async_to_lds_b32
// ISA-NOT: ds_load
// ISA: s_wait_asynccnt 0x1
// ISA-NOT: global_load_async
// ISA: ds_load_b32
// ISA-NOT: ds_load
// ISA: global_load_async_to_lds_b32
// ISA-NOT: ds_load
// ISA: s_wait_asynccnt 0x1
// ISA-NOT: global_load_async
// ISA: ds_load_b32
// ISA-NOT: ds_load
// ISA: s_wait_asynccnt 0x0
// ISA-NOT: global_load_async
// ISA: ds_load_b32
// ISA: s_endpgm
gpu.module @m [#rocdl.target<chip = "gfx1250">] {
  llvm.mlir.global internal @bufA() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @bufB() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @pipe(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i64)
      attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 32, 1, 1>} {
    %a = llvm.mlir.addressof @bufA : !llvm.ptr<3>
    %b = llvm.mlir.addressof @bufB : !llvm.ptr<3>
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    rocdl.global.load.async.to.lds.b32 %g, %a, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    scf.for %i = %c0 to %n step %c1 : i64 {
      rocdl.global.load.async.to.lds.b32 %g, %b, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
      %x = llvm.load %a : !llvm.ptr<3> -> f32
      llvm.store %x, %out : f32, !llvm.ptr<1>
      rocdl.global.load.async.to.lds.b32 %g, %a, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
      %y = llvm.load %b : !llvm.ptr<3> -> f32
      llvm.store %y, %out : f32, !llvm.ptr<1>
    }
    %z = llvm.load %a : !llvm.ptr<3> -> f32
    llvm.store %z, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
