// A helper's bulk write of the same LDS bytes in every lane, on the MLIR
// side (the LLVM IR side: test/llvm/same-bytes-helpers.ll). The kernel's
// own writes are same-bytes-every-lane.mlir's; a helper's were not checked
// (it may be called from one lane). Now each call a kernel makes in every
// lane (no divergent branch around it) is checked against the helper,
// translated for the call: its inputs the same in every lane where the
// call's operands are. The build before this check accepted every kernel
// here. Refused: @err_lane (the fill value is the lane id, passed in),
// @err_tid (the helper reads the lane id), @err_outer (two calls deep),
// @err_deep_first (a review found the helper remembered as "no" when
// first met at the depth limit);
// with waw-hazards=true also @uniform (every lane writes the same values:
// write after write is then a hazard no barrier can order). Accepted:
// @uniform, and @guarded (lane 0 alone calls).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,DEEP --implicit-check-not=error:
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,DEEP --implicit-check-not=error:
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201 waw-hazards=true})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,WAW,DEEP --implicit-check-not=error:
// The LLVM side finds the same three in the lowered input.
// RUN: %lower-to-llvm gfx942 < %s > %t.ll
// RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output 2>&1 | FileCheck %s --check-prefix=LLVM --implicit-check-not=error:

// CHECK: same-bytes-helpers.mlir:[[@LINE+34]]:5: error: amdsync: every lane of the workgroup calls 'fill', which writes the same LDS bytes in every lane in one bulk write (memref.copy, llvm.intr.memset, memcpy or memmove; its destination is the same in every lane)
// CHECK: same-bytes-helpers.mlir:[[@LINE+37]]:5: error: amdsync: every lane of the workgroup calls 'fill_tid'
// CHECK: same-bytes-helpers.mlir:[[@LINE+42]]:5: error: amdsync: every lane of the workgroup calls 'outer'
// WAW: same-bytes-helpers.mlir:[[@LINE+45]]:5: error: amdsync: every lane of the workgroup calls 'fill', which writes the same LDS bytes in every lane in one bulk write (memref.copy, llvm.intr.memset, memcpy or memmove; its destination is the same in every lane): a write/write race
// LLVM: error: in function 'err_lane': amdsync: every lane of the workgroup calls 'fill'
// LLVM: error: in function 'err_tid': amdsync: every lane of the workgroup calls 'fill_tid'
// LLVM: error: in function 'err_outer': amdsync: every lane of the workgroup calls 'outer'
// DEEP: same-bytes-helpers.mlir:[[@LINE+88]]:5: error: amdsync: every lane of the workgroup calls 'fill'
// LLVM: error: in function 'err_deep_first': amdsync: every lane of the workgroup calls 'fill'
// LLVM: error: amdsync-verify: 4 error(s) in

gpu.module @m [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @fill(%v: i8) {
    %p = llvm.mlir.addressof @l : !llvm.ptr<3>
    %n = llvm.mlir.constant(256 : i64) : i64
    "llvm.intr.memset"(%p, %v, %n) <{isVolatile = false}> : (!llvm.ptr<3>, i8, i64) -> ()
    llvm.return
  }
  llvm.func @fill_tid() {
    %p = llvm.mlir.addressof @l : !llvm.ptr<3>
    %t = rocdl.workitem.id.x : i32
    %v = llvm.trunc %t : i32 to i8
    %n = llvm.mlir.constant(256 : i64) : i64
    "llvm.intr.memset"(%p, %v, %n) <{isVolatile = false}> : (!llvm.ptr<3>, i8, i64) -> ()
    llvm.return
  }
  llvm.func @outer(%v: i8) {
    llvm.call @fill(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @err_lane() attributes {rocdl.kernel} {
    %t = rocdl.workitem.id.x : i32
    %v = llvm.trunc %t : i32 to i8
    llvm.call @fill(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @err_tid() attributes {rocdl.kernel} {
    llvm.call @fill_tid() : () -> ()
    llvm.return
  }
  llvm.func @err_outer() attributes {rocdl.kernel} {
    %t = rocdl.workitem.id.x : i32
    %v = llvm.trunc %t : i32 to i8
    llvm.call @outer(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @uniform(%v: i8) attributes {rocdl.kernel} {
    llvm.call @fill(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @guarded() attributes {rocdl.kernel} {
    %t = rocdl.workitem.id.x : i32
    %v = llvm.trunc %t : i32 to i8
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %first = llvm.icmp "eq" %t, %c0 : i32
    llvm.cond_br %first, ^a, ^b
  ^a:
    llvm.call @fill(%v) : (i8) -> ()
    llvm.br ^b
  ^b:
    llvm.return
  }
  // A review's kernel: @fill first met at the depth limit through
  // @l0..@l4 (each link one more call) was remembered as "no", and the
  // kernel's own later call of it accepted.
  llvm.mlir.global internal @g() {addr_space = 1 : i32} : !llvm.array<64 x i8>
  llvm.func @l4(%v: i8) {
    %p = llvm.mlir.addressof @g : !llvm.ptr<1>
    %z = llvm.mlir.constant(0 : i8) : i8
    %n = llvm.mlir.constant(64 : i64) : i64
    "llvm.intr.memset"(%p, %z, %n) <{isVolatile = false}> : (!llvm.ptr<1>, i8, i64) -> ()
    llvm.call @fill(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @l3(%v: i8) {
    llvm.call @l4(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @l2(%v: i8) {
    llvm.call @l3(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @l1(%v: i8) {
    llvm.call @l2(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @l0(%v: i8) {
    llvm.call @l1(%v) : (i8) -> ()
    llvm.return
  }
  llvm.func @err_deep_first() attributes {rocdl.kernel} {
    %t = rocdl.workitem.id.x : i32
    %v = llvm.trunc %t : i32 to i8
    llvm.call @l0(%v) : (i8) -> ()
    llvm.call @fill(%v) : (i8) -> ()
    llvm.return
  }
}
