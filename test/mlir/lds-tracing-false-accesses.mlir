// FAILING (precision: errors and barriers on valid input): an op that only
// computes with an LDS pointer or memref, without touching the memory it
// names, is taken for an access that reads and writes it. translate.c
// treats every op outside the access table that has an LDS operand
// (ops.c, amdsyncMlirIsLdsValue) as conservativeAccess, so arith.select /
// llvm.select of LDS memrefs or pointers, llvm.insertelement of LDS
// pointers, llvm.icmp of LDS pointers and llvm.store of an LDS pointer
// *value* to global memory are read-write accesses. Every kernel below is
// race-free as written (the LLVM IR checker, scripts/cross-check.sh
// gfx942, accepts each one). Observed: the checker rejects each one, the
// barrier pass inserts a barrier no hazard needs or refuses the kernel.
//
// Expected (the RUN lines): the checker accepts each kernel and the barrier
// pass leaves it unchanged.
//
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -split-input-file | FileCheck %s

// Lanes below 32 write their own element of %a; the other lanes only pick
// a buffer with arith.select. After the join and the gpu.barrier, each
// lane reads its own element. Observed: both passes fail: "cannot order
// RAW hazard between 'memref.store' and 'arith.select': lanes that take
// different ways of a branch that may diverge run them at once".
// CHECK-LABEL: gpu.func @select_in_divergent_arm
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @select_in_divergent_arm(%g: memref<256xf32, 1>, %c: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %d = arith.cmpi ult, %tid, %c32 : index
    %p = scf.if %d -> memref<256xf32, #gpu.address_space<workgroup>> {
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      scf.yield %b : memref<256xf32, #gpu.address_space<workgroup>>
    } else {
      %q = arith.select %c, %a, %b : memref<256xf32, #gpu.address_space<workgroup>>
      scf.yield %q : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %v = memref.load %p[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// A select of LDS pointers after other lanes' store, before the barrier
// that orders that store with the load. Observed: the checker reports a
// RAW hazard between the store and the select; the barrier pass adds a
// barrier between them.
// CHECK-LABEL: llvm.func @select_between_store_and_barrier
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @B() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @select_between_store_and_barrier(%gp: !llvm.ptr<1>, %c: i1) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %a[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %p = llvm.select %c, %a, %b : i1, !llvm.ptr<3>
    gpu.barrier
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %p[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// Building a vector of LDS pointers between a store and the barrier.
// Observed: the checker reports RAW hazards between the store and the
// insertelements and between the two insertelements; the barrier pass adds
// two barriers.
// CHECK-LABEL: llvm.func @insertelement_between_store_and_barrier
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<512 x f32>
  llvm.func @insertelement_between_store_and_barrier(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k2 = llvm.mlir.constant(2 : i32) : i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %z = llvm.mlir.constant(dense<0.0> : vector<2xf32>) : vector<2xf32>
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %t2 = llvm.mul %tid, %k2 : i32
    %s = llvm.getelementptr %a[%t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %p0 = llvm.getelementptr %s[%k2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %u = llvm.mlir.poison : vector<2x!llvm.ptr<3>>
    %v0 = llvm.insertelement %p0, %u[%k0 : i32] : vector<2x!llvm.ptr<3>>
    %ps = llvm.insertelement %p0, %v0[%k1 : i32] : vector<2x!llvm.ptr<3>>
    gpu.barrier
    %r = llvm.intr.masked.gather %ps, %m, %z {alignment = 4 : i32} : (vector<2x!llvm.ptr<3>>, vector<2xi1>, vector<2xf32>) -> vector<2xf32>
    llvm.store %r, %g : vector<2xf32>, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// Storing the address of @A (not into @A) after other lanes' store into
// @A: no LDS is read or written. Observed: the checker reports a RAW hazard
// on @A between the two stores; the barrier pass adds a barrier.
// CHECK-LABEL: llvm.func @store_lds_address_to_global
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @store_lds_address_to_global(%gp: !llvm.ptr<1>, %pp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %a[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    llvm.store %a, %pp : !llvm.ptr<3>, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// Comparing LDS addresses after other lanes' store. Observed: the checker
// reports a RAW hazard on @A between the store and the icmp; the barrier
// pass adds a barrier.
// CHECK-LABEL: llvm.func @icmp_of_lds_pointers
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @B() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @icmp_of_lds_pointers(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %a[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %c = llvm.icmp "eq" %s, %b : !llvm.ptr<3>
    %z = llvm.zext %c : i1 to i32
    %gi = llvm.getelementptr %gp[%z] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %x, %gi : f32, !llvm.ptr<1>
    llvm.return
  }
}
