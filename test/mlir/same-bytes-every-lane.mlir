// Issue "Soundness, round three", 10: a bulk LDS write that every lane of
// the workgroup runs with the same destination (memref.copy,
// llvm.intr.memset/memcpy into a buffer, not a lane's slice of it) makes
// every lane write the same bytes in one op: a write/write race between
// lanes that no barrier can order. On 359b8e9 every RUN line here is
// accepted without a word.
// Now (docs/usage.md, waw-hazards): when the lanes' values may differ
// (a lane-dependent fill value or source) it is an error in the barrier
// pass and the checker; when every lane writes the same values it is one
// only with waw-hazards=true (write after write is then a hazard, and
// this one cannot be ordered). Not reported: the same op under a
// divergent branch (thread_id == 0 may be one lane), in a helper (it may
// be called from one lane), or with a lane-dependent destination.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIFFER --implicit-check-not=error:
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIFFER --implicit-check-not=error:
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 waw-hazards=true})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=DIFFER,WAW --implicit-check-not=error:

// DIFFER: same-bytes-every-lane.mlir:[[@LINE+14]]:5: error: amdsync: every lane of the workgroup writes the same LDS bytes with this 'llvm.intr.memset' (its destination is the same in every lane) and the lanes' values may differ: a write/write race inside one op, which no barrier can order; write from one lane (e.g. under thread_id == 0), then a barrier
// DIFFER: same-bytes-every-lane.mlir:[[@LINE+21]]:5: error: amdsync: every lane of the workgroup writes the same LDS bytes with this 'memref.copy' (its destination is the same in every lane) and the lanes' values may differ: a write/write race inside one op, which no barrier can order; write from one lane (e.g. under thread_id == 0), then a barrier
// WAW: same-bytes-every-lane.mlir:[[@LINE+27]]:5: error: amdsync: every lane of the workgroup writes the same LDS bytes with this 'llvm.intr.memset' (its destination is the same in every lane), the same values in every lane: a write/write race inside one op, which no barrier can order (waw-hazards=true); write from one lane (e.g. under thread_id == 0), then a barrier
// WAW: same-bytes-every-lane.mlir:[[@LINE+31]]:5: error: amdsync: every lane of the workgroup writes the same LDS bytes with this 'memref.copy' (its destination is the same in every lane), the same values in every lane

gpu.module @m [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  memref.global "private" @buf : memref<256xf32, #gpu.address_space<workgroup>>

  llvm.func @memset_lane_value() attributes {rocdl.kernel} {
    %p = llvm.mlir.addressof @l : !llvm.ptr<3>
    %t = rocdl.workitem.id.x : i32
    %v = llvm.trunc %t : i32 to i8
    %n = llvm.mlir.constant(256 : i64) : i64
    "llvm.intr.memset"(%p, %v, %n) <{isVolatile = false}> : (!llvm.ptr<3>, i8, i64) -> ()
    llvm.return
  }
  gpu.func @copy_lane_source(%g: memref<?xf32>) kernel {
    %tid = gpu.thread_id x
    %c256 = arith.constant 256 : index
    %src = memref.subview %g[%tid] [256] [1] : memref<?xf32> to memref<256xf32, strided<[1], offset: ?>>
    %m = memref.get_global @buf : memref<256xf32, #gpu.address_space<workgroup>>
    memref.copy %src, %m : memref<256xf32, strided<[1], offset: ?>> to memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  llvm.func @memset_zero() attributes {rocdl.kernel} {
    %p = llvm.mlir.addressof @l : !llvm.ptr<3>
    %z = llvm.mlir.constant(0 : i8) : i8
    %n = llvm.mlir.constant(256 : i64) : i64
    "llvm.intr.memset"(%p, %z, %n) <{isVolatile = false}> : (!llvm.ptr<3>, i8, i64) -> ()
    llvm.return
  }
  gpu.func @copy_uniform_source(%g: memref<256xf32>) kernel {
    %m = memref.get_global @buf : memref<256xf32, #gpu.address_space<workgroup>>
    memref.copy %g, %m : memref<256xf32> to memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  // Not reported: one lane may run it.
  llvm.func @guarded() attributes {rocdl.kernel} {
    %p = llvm.mlir.addressof @l : !llvm.ptr<3>
    %t = rocdl.workitem.id.x : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %first = llvm.icmp "eq" %t, %c0 : i32
    llvm.cond_br %first, ^fill, ^done
  ^fill:
    %v = llvm.trunc %t : i32 to i8
    %n = llvm.mlir.constant(256 : i64) : i64
    "llvm.intr.memset"(%p, %v, %n) <{isVolatile = false}> : (!llvm.ptr<3>, i8, i64) -> ()
    llvm.br ^done
  ^done:
    llvm.return
  }
  // Not reported: a helper may be called from one lane.
  llvm.func @helper(%v: i8) {
    %p = llvm.mlir.addressof @l : !llvm.ptr<3>
    %n = llvm.mlir.constant(256 : i64) : i64
    "llvm.intr.memset"(%p, %v, %n) <{isVolatile = false}> : (!llvm.ptr<3>, i8, i64) -> ()
    llvm.return
  }
  // Not reported: each lane writes its own 4 bytes.
  llvm.func @own_slot(%x: i8) attributes {rocdl.kernel} {
    %p = llvm.mlir.addressof @l : !llvm.ptr<3>
    %t = rocdl.workitem.id.x : i32
    %q = llvm.getelementptr %p[0, %t] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<64 x f32>
    %n = llvm.mlir.constant(4 : i64) : i64
    %v = llvm.trunc %t : i32 to i8
    "llvm.intr.memset"(%q, %v, %n) <{isVolatile = false}> : (!llvm.ptr<3>, i8, i64) -> ()
    llvm.return
  }
}
