// Soundness (accepted races before this change, on d578b25): an LDS
// address that escapes SSA values as an integer comes back as a flat
// pointer by llvm.inttoptr. Each kernel races: a store through the pointer,
// a load of another lane's element, no barrier; the module's only escape is
// an integer.
// @spill_int: ptrtoint of the flat LDS pointer stored to an alloca,
//   reloaded, inttoptr.
// @pass_int: memref.extract_aligned_pointer_as_index of the workgroup
//   buffer, index_cast, passed to a helper that makes a flat pointer of it.
// @carried: within SSA values, the integer carried by an scf.for iter_arg
//   before inttoptr (no escape needed: the trace follows the merge).
// Observed: amdsync-verify exit 0 on all three, no barrier inserted.
// @long_chain: an integer chain longer than the trace follows.
// Without an integer escape, an integer loaded from global memory and made
// a flat pointer addresses global memory: no hazard (@global).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -split-input-file | FileCheck %s

// RACY-DAG: lds-escapes-integer.mlir:[[# @LINE + 25]]:10: error: amdsync-verify: unordered RAW hazard on unknown memory
// RACY-DAG: lds-escapes-integer.mlir:[[# @LINE + 45]]:10: error: amdsync-verify: unordered RAW hazard on unknown memory
// RACY-DAG: lds-escapes-integer.mlir:[[# @LINE + 83]]:10: error: amdsync-verify: unordered RAW hazard on @s
// RACY-DAG: error: amdsync-verify: unordered RAW hazard on unknown memory: a path from 'llvm.store' at loc({{.*}}lds-escapes-integer.mlir:[[# @LINE + 177]]:5)
// RACY-NOT: in function 'global'
// CHECK-LABEL: llvm.func @spill_int
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr -> f32
gpu.module @spill_int [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @s() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @spill_int(%out: !llvm.ptr<1>, %v: f32) attributes {rocdl.kernel} {
    %one = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @s : !llvm.ptr<3>
    %f = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %i = llvm.ptrtoint %f : !llvm.ptr to i64
    %slot = llvm.alloca %one x i64 : (i32) -> !llvm.ptr<5>
    llvm.store %i, %slot : i64, !llvm.ptr<5>
    %tid = rocdl.workitem.id.x : i32
    %back = llvm.load %slot : !llvm.ptr<5> -> i64
    %p = llvm.inttoptr %back : i64 to !llvm.ptr
    %e1 = llvm.getelementptr %p[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %v, %e1 : f32, !llvm.ptr
    %x = llvm.xor %tid, %one : i32
    %e2 = llvm.getelementptr %p[%x] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %r = llvm.load %e2 : !llvm.ptr -> f32
    llvm.store %r, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// CHECK-LABEL: func.func @helper
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr -> f32
gpu.module @pass_int [#rocdl.target<chip = "gfx942">] {
  func.func @helper(%a: i64, %v: f32) -> f32 {
    %one = arith.constant 1 : i32
    %p = llvm.inttoptr %a : i64 to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %e1 = llvm.getelementptr %p[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %v, %e1 : f32, !llvm.ptr
    %x = arith.xori %tid, %one : i32
    %e2 = llvm.getelementptr %p[%x] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %r = llvm.load %e2 : !llvm.ptr -> f32
    return %r : f32
  }
  gpu.func @k(%out: memref<256xf32, 1>, %v: f32) workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %ix = memref.extract_aligned_pointer_as_index %a : memref<256xf32, #gpu.address_space<workgroup>> -> index
    %i = arith.index_cast %ix : index to i64
    %r = func.call @helper(%i, %v) : (i64, f32) -> f32
    memref.store %r, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// CHECK-LABEL: llvm.func @carried
// CHECK: scf.for
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr -> f32
gpu.module @carried [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @s() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @carried(%out: !llvm.ptr<1>, %v: f32) attributes {rocdl.kernel} {
    %one = llvm.mlir.constant(1 : i32) : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = llvm.mlir.addressof @s : !llvm.ptr<3>
    %f = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %i0 = llvm.ptrtoint %f : !llvm.ptr to i64
    %i = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %i0) -> (i64) {
      scf.yield %acc : i64
    }
    %tid = rocdl.workitem.id.x : i32
    %p = llvm.inttoptr %i : i64 to !llvm.ptr
    %e1 = llvm.getelementptr %p[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %v, %e1 : f32, !llvm.ptr
    %x = llvm.xor %tid, %one : i32
    %e2 = llvm.getelementptr %p[%x] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %r = llvm.load %e2 : !llvm.ptr -> f32
    llvm.store %r, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @global
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
gpu.module @global [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @s() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @global(%table: !llvm.ptr<1>, %out: !llvm.ptr<1>, %v: f32) attributes {rocdl.kernel} {
    %one = llvm.mlir.constant(1 : i32) : i32
    %zero = llvm.mlir.constant(0 : i64) : i64
    %a = llvm.mlir.addressof @s : !llvm.ptr<3>
    %pi = llvm.ptrtoint %a : !llvm.ptr<3> to i64
    %null = llvm.icmp "eq" %pi, %zero : i64
    %n = llvm.zext %null : i1 to i32
    %tid = rocdl.workitem.id.x : i32
    %sum = llvm.add %tid, %n : i32
    llvm.store %sum, %out : i32, !llvm.ptr<1>
    %qi = llvm.load %table : !llvm.ptr<1> -> i64
    %q = llvm.inttoptr %qi : i64 to !llvm.ptr
    %e1 = llvm.getelementptr %q[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %v, %e1 : f32, !llvm.ptr
    %x = llvm.xor %tid, %one : i32
    %e2 = llvm.getelementptr %q[%x] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %r = llvm.load %e2 : !llvm.ptr -> f32
    %l = llvm.getelementptr %a[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %r, %l : f32, !llvm.ptr<3>
    llvm.return
  }
}

// -----

// A pointer made of an integer chain longer than the trace follows (40
// additions): maybe LDS, place unknown.
// CHECK-LABEL: llvm.func @long_chain
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr -> f32
gpu.module @long_chain [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @s() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @long_chain(%out: !llvm.ptr<1>, %v: f32) attributes {rocdl.kernel} {
    %one = llvm.mlir.constant(1 : i32) : i32
    %one64 = llvm.mlir.constant(0 : i64) : i64
    %a = llvm.mlir.addressof @s : !llvm.ptr<3>
    %f = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %x0 = llvm.ptrtoint %f : !llvm.ptr to i64
    %x1 = llvm.add %x0, %one64 : i64
    %x2 = llvm.add %x1, %one64 : i64
    %x3 = llvm.add %x2, %one64 : i64
    %x4 = llvm.add %x3, %one64 : i64
    %x5 = llvm.add %x4, %one64 : i64
    %x6 = llvm.add %x5, %one64 : i64
    %x7 = llvm.add %x6, %one64 : i64
    %x8 = llvm.add %x7, %one64 : i64
    %x9 = llvm.add %x8, %one64 : i64
    %x10 = llvm.add %x9, %one64 : i64
    %x11 = llvm.add %x10, %one64 : i64
    %x12 = llvm.add %x11, %one64 : i64
    %x13 = llvm.add %x12, %one64 : i64
    %x14 = llvm.add %x13, %one64 : i64
    %x15 = llvm.add %x14, %one64 : i64
    %x16 = llvm.add %x15, %one64 : i64
    %x17 = llvm.add %x16, %one64 : i64
    %x18 = llvm.add %x17, %one64 : i64
    %x19 = llvm.add %x18, %one64 : i64
    %x20 = llvm.add %x19, %one64 : i64
    %x21 = llvm.add %x20, %one64 : i64
    %x22 = llvm.add %x21, %one64 : i64
    %x23 = llvm.add %x22, %one64 : i64
    %x24 = llvm.add %x23, %one64 : i64
    %x25 = llvm.add %x24, %one64 : i64
    %x26 = llvm.add %x25, %one64 : i64
    %x27 = llvm.add %x26, %one64 : i64
    %x28 = llvm.add %x27, %one64 : i64
    %x29 = llvm.add %x28, %one64 : i64
    %x30 = llvm.add %x29, %one64 : i64
    %x31 = llvm.add %x30, %one64 : i64
    %x32 = llvm.add %x31, %one64 : i64
    %x33 = llvm.add %x32, %one64 : i64
    %x34 = llvm.add %x33, %one64 : i64
    %x35 = llvm.add %x34, %one64 : i64
    %x36 = llvm.add %x35, %one64 : i64
    %x37 = llvm.add %x36, %one64 : i64
    %x38 = llvm.add %x37, %one64 : i64
    %x39 = llvm.add %x38, %one64 : i64
    %x40 = llvm.add %x39, %one64 : i64
    %tid = rocdl.workitem.id.x : i32
    %p = llvm.inttoptr %x40 : i64 to !llvm.ptr
    %e1 = llvm.getelementptr %p[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %v, %e1 : f32, !llvm.ptr
    %x = llvm.xor %tid, %one : i32
    %e2 = llvm.getelementptr %p[%x] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %r = llvm.load %e2 : !llvm.ptr -> f32
    llvm.store %r, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
