// Every non-synchronization op of the input is kept, in order, unchanged:
// a kernel mixing arith, math, index, affine, vector, memref (global, LDS
// and private memory, subview), scf (for with iter_args, if,
// while), gpu (ids, dims, lane id, shuffle) and llvm ops gets its
// barriers; removing the inserted barrier lines from the output gives back
// exactly the input as plain mlir-opt prints it, attributes and locations
// included.
// RUN: mlir-opt %s -mlir-print-debuginfo -mlir-print-local-scope -o %t.in.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -mlir-print-debuginfo -mlir-print-local-scope -o %t.out.mlir
// RUN: grep -v '^ *amdgpu.lds_barrier loc(' %t.out.mlir > %t.stripped.mlir
// RUN: diff %t.in.mlir %t.stripped.mlir
// The pass did insert barriers, so the diff above compared something: one
// before the loop (for the LDS stores before it and the loads in the loop
// and in the if), one before the llvm.call (a call may touch LDS: WAR).
// RUN: FileCheck %s < %t.out.mlir

// CHECK-LABEL: gpu.func @zoo
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: vector.store
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.for
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: arith.index_cast
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.call @ext
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  llvm.func @ext(i32) -> i32
  gpu.func @zoo(%g: memref<1024xf32, 1>, %n: index, %flag: i1, %p: !llvm.ptr<1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<8x32xf32, #gpu.address_space<workgroup>>)
      private(%priv: memref<4xf32, #gpu.address_space<private>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %cf = arith.constant 2.5 : f32
    %ci = arith.constant 7 : i32
    %tid = gpu.thread_id x
    %tidy = gpu.thread_id y
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %lane = gpu.lane_id
    %i0 = index.add %tid, %c1
    %i1 = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0)>(%tid)[%bid]
    %x = memref.load %g[%i1] : memref<1024xf32, 1>
    %e = math.exp %x : f32
    %f = arith.mulf %e, %cf fastmath<fast> : f32
    %sh, %valid = gpu.shuffle xor %f, %ci, %ci : f32
    %vec = vector.broadcast %sh : f32 to vector<4xf32>
    %red = vector.reduction <add>, %vec : vector<4xf32> into f32
    memref.store %red, %priv[%c0] : memref<4xf32, #gpu.address_space<private>>
    memref.store %red, %a[%tid] {note = "kept"} : memref<256xf32, #gpu.address_space<workgroup>>
    %row = memref.subview %b[1, 0] [1, 32] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<32xf32, strided<[1], offset: 32>, #gpu.address_space<workgroup>>
    %tm = arith.remui %tid, %c32 : index
    vector.store %vec, %row[%tm] : memref<32xf32, strided<[1], offset: 32>, #gpu.address_space<workgroup>>, vector<4xf32>
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %red) -> (f32) {
      %kk = arith.addi %k, %i0 : index
      %ld = memref.load %a[%kk] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %acc, %ld : f32
      scf.yield %s : f32
    }
    %r = scf.if %flag -> f32 {
      %v = vector.load %row[%c4] : memref<32xf32, strided<[1], offset: 32>, #gpu.address_space<workgroup>>, vector<4xf32>
      %v0 = vector.extract %v[0] : f32 from vector<4xf32>
      scf.yield %v0 : f32
    } else {
      %neg = arith.negf %sum : f32
      scf.yield %neg : f32
    }
    %w = scf.while (%it = %c0) : (index) -> index {
      %more = arith.cmpi ult, %it, %c4 : index
      scf.condition(%more) %it : index
    } do {
    ^bb0(%j: index):
      %nx = arith.addi %j, %c1 : index
      scf.yield %nx : index
    }
    %wi = arith.index_cast %w : index to i32
    %call = llvm.call @ext(%wi) : (i32) -> i32
    %gp = llvm.getelementptr %p[%call] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %r, %gp : f32, !llvm.ptr<1>
    %pv = memref.load %priv[%c0] : memref<4xf32, #gpu.address_space<private>>
    %t = arith.addf %pv, %r : f32
    memref.store %t, %g[%tid] : memref<1024xf32, 1>
    gpu.return
  }
}
