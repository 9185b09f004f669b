// FAILING (soundness): a vector of LDS pointers built element by element
// (llvm.insertelement) is not LDS to the MLIR front end: its type,
// vector<2x!llvm.ptr<3>>, is not an LDS type (amdsyncMlirIsLdsType) and
// amdsyncMlirIsLdsValue does not look through insertelement, so the
// llvm.intr.masked.scatter / masked.gather through it is no access: no
// barrier, and the checker accepts the race. (A vector GEP of a scalar LDS
// pointer works: lds-tracing-hostile.mlir. The insertelements themselves
// are taken for read-write accesses, see FAILING-lds-tracing-false-accesses.)
// The gpu.barrier after the vector is built keeps those out of the picture.
//
// Expected (the RUN lines): a barrier between the scatter or gather and the
// other lane's access; the checker rejects each kernel as written.
// LLVM IR checker (scripts/cross-check.sh gfx942): rejects all three.
//
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -split-input-file | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

// Lane tid scatters to elements 2*tid and 2*tid+1, then reads 2*tid+2
// (lane tid+1's). Observed: the barrier pass puts one barrier between the
// two insertelements and none after the scatter; the checker accepts its
// output, and rejects the bare input only for the insertelements.
// CHECK-LABEL: llvm.func @scatter_inserted_vector
// CHECK: llvm.intr.masked.scatter
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<512 x f32>
  llvm.func @scatter_inserted_vector(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k2 = llvm.mlir.constant(2 : i32) : i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> vector<2xf32>
    %t2 = llvm.mul %tid, %k2 : i32
    %p0 = llvm.getelementptr %a[%t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %p1 = llvm.getelementptr %p0[%k1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %u = llvm.mlir.poison : vector<2x!llvm.ptr<3>>
    %v0 = llvm.insertelement %p0, %u[%k0 : i32] : vector<2x!llvm.ptr<3>>
    %ps = llvm.insertelement %p1, %v0[%k1 : i32] : vector<2x!llvm.ptr<3>>
    gpu.barrier
    llvm.intr.masked.scatter %x, %ps, %m {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into vector<2x!llvm.ptr<3>>
    %t3 = llvm.add %t2, %k2 : i32
    %l = llvm.getelementptr %a[%t3] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: lds-tracing-vector-pointers.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.intr.masked.scatter'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// A vector GEP whose base is the inserted vector. Observed as above.
// CHECK-LABEL: llvm.func @scatter_gep_of_inserted_vector
// CHECK: llvm.intr.masked.scatter
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<512 x f32>
  llvm.func @scatter_gep_of_inserted_vector(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k2 = llvm.mlir.constant(2 : i32) : i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %off = llvm.mlir.constant(dense<[0, 1]> : vector<2xi32>) : vector<2xi32>
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> vector<2xf32>
    %t2 = llvm.mul %tid, %k2 : i32
    %p0 = llvm.getelementptr %a[%t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %u = llvm.mlir.poison : vector<2x!llvm.ptr<3>>
    %v0 = llvm.insertelement %p0, %u[%k0 : i32] : vector<2x!llvm.ptr<3>>
    %vb = llvm.insertelement %p0, %v0[%k1 : i32] : vector<2x!llvm.ptr<3>>
    %ps = llvm.getelementptr %vb[%off] : (vector<2x!llvm.ptr<3>>, vector<2xi32>) -> vector<2x!llvm.ptr<3>>, f32
    gpu.barrier
    llvm.intr.masked.scatter %x, %ps, %m {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into vector<2x!llvm.ptr<3>>
    %t3 = llvm.add %t2, %k2 : i32
    %l = llvm.getelementptr %a[%t3] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: lds-tracing-vector-pointers.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.intr.masked.scatter'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// Lane tid stores element 2*tid, then gathers 2*tid+2 (lane tid+1's)
// through an inserted vector. Observed: no barrier between the store and
// the gather (one between the insertelements); the checker accepts it.
// CHECK-LABEL: llvm.func @gather_inserted_vector
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.intr.masked.gather
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<512 x f32>
  llvm.func @gather_inserted_vector(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k2 = llvm.mlir.constant(2 : i32) : i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %z = llvm.mlir.constant(dense<0.0> : vector<2xf32>) : vector<2xf32>
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t2 = llvm.mul %tid, %k2 : i32
    %s = llvm.getelementptr %a[%t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %p0 = llvm.getelementptr %s[%k2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %u = llvm.mlir.poison : vector<2x!llvm.ptr<3>>
    %v0 = llvm.insertelement %p0, %u[%k0 : i32] : vector<2x!llvm.ptr<3>>
    %ps = llvm.insertelement %p0, %v0[%k1 : i32] : vector<2x!llvm.ptr<3>>
    gpu.barrier
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // RACY-DAG: lds-tracing-vector-pointers.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
    %r = llvm.intr.masked.gather %ps, %m, %z {alignment = 4 : i32} : (vector<2x!llvm.ptr<3>>, vector<2xi1>, vector<2xf32>) -> vector<2xf32>
    llvm.store %r, %g : vector<2xf32>, !llvm.ptr<1>
    llvm.return
  }
}
