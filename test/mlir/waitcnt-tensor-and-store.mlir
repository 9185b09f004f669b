// Tensor DMA on gfx1250 counts on tensorcnt. The LDS side of a tensor
// transfer is named by its descriptor, which the analysis cannot see
// through here, so it conflicts with every LDS access (unknown is never
// "no access"):
//  - a tensor load into LDS, then an LDS read: s_wait_tensorcnt 0;
//  - a tensor store from LDS (an async read of LDS), then an LDS
//    overwrite: the write waits (WAR on the async read); a read of LDS
//    after the store needs no wait (read vs read);
//  - two tensor loads, then a read: both conflict, so 0, not 1.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-waitcnt{target=gfx1250})' %s -split-input-file | FileCheck %s

// CHECK-LABEL: llvm.func @tensor_load
// CHECK: rocdl.tensor.load.to.lds
// CHECK-NEXT: rocdl.s.wait.tensorcnt 0
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3>
// CHECK-NOT: rocdl.s.wait
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @tensor_load(%d0: vector<4xi32>, %d1: vector<8xi32>, %d2: vector<4xi32>, %d3: vector<4xi32>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.tensor.load.to.lds %d0, %d1, %d2, %d3 cachepolicy 0 : vector<4xi32>, vector<8xi32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @tensor_store_then_overwrite
// CHECK: rocdl.tensor.store.from.lds
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3>
// CHECK-NEXT: rocdl.s.wait.tensorcnt 0
// CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: rocdl.s.wait
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @tensor_store_then_overwrite(%d0: vector<4xi32>, %d1: vector<8xi32>, %d2: vector<4xi32>, %d3: vector<4xi32>, %x: f32) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.tensor.store.from.lds %d0, %d1, %d2, %d3 cachepolicy 0 : vector<4xi32>, vector<8xi32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %x, %l : f32, !llvm.ptr<3>
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @two_tensor_loads
// CHECK: rocdl.tensor.load.to.lds
// CHECK-NEXT: rocdl.tensor.load.to.lds
// CHECK-NEXT: rocdl.s.wait.tensorcnt 0
// CHECK-NEXT: llvm.load
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @two_tensor_loads(%d0: vector<4xi32>, %d1: vector<8xi32>, %d2: vector<4xi32>, %d3: vector<4xi32>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.tensor.load.to.lds %d0, %d1, %d2, %d3 cachepolicy 0 : vector<4xi32>, vector<8xi32>
    rocdl.tensor.load.to.lds %d0, %d1, %d2, %d3 cachepolicy 0 : vector<4xi32>, vector<8xi32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.return
  }
}
