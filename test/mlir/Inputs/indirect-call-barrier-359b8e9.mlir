// What 359b8e9's amdsync{target=gfx942} emitted for ../indirect-call-barrier.mlir
// (both kernels in one module): barriers in helpers that kernels call
// through values under divergent branches (a hang).
module {
  gpu.module @m {
    func.func @helper(%arg0: memref<256xf32, #gpu.address_space<workgroup>>, %arg1: f32) {
      %c1 = arith.constant 1 : index
      %thread_id_x = gpu.thread_id  x
      memref.store %arg1, %arg0[%thread_id_x] : memref<256xf32, #gpu.address_space<workgroup>>
      %0 = arith.addi %thread_id_x, %c1 : index
      amdgpu.lds_barrier
      %1 = memref.load %arg0[%0] : memref<256xf32, #gpu.address_space<workgroup>>
      amdgpu.lds_barrier
      memref.store %1, %arg0[%thread_id_x] : memref<256xf32, #gpu.address_space<workgroup>>
      return
    }
    gpu.func @k(%arg0: f32) workgroup(%arg1 : memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %thread_id_x = gpu.thread_id  x
      %f = func.constant @helper : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
      %0 = arith.cmpi ult, %thread_id_x, %c1 : index
      scf.if %0 {
        func.call_indirect %f(%arg1, %arg0) : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
      }
      gpu.return
    }
  }
  gpu.module @m2 {
    llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.func @lhelper(%arg0: f32) {
      %0 = llvm.mlir.addressof @l : !llvm.ptr<3>
      %1 = rocdl.workitem.id.x : i32
      %2 = llvm.getelementptr %0[%1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
      llvm.store %arg0, %2 : f32, !llvm.ptr<3>
      amdgpu.lds_barrier
      %3 = llvm.load %0 : !llvm.ptr<3> -> f32
      amdgpu.lds_barrier
      llvm.store %3, %2 : f32, !llvm.ptr<3>
      llvm.return
    }
    llvm.func @lk(%arg0: f32) attributes {rocdl.kernel} {
      %0 = llvm.mlir.constant(1 : i32) : i32
      %1 = rocdl.workitem.id.x : i32
      %2 = llvm.mlir.addressof @lhelper : !llvm.ptr
      %3 = llvm.icmp "ult" %1, %0 : i32
      llvm.cond_br %3, ^bb1, ^bb2
    ^bb1:  // pred: ^bb0
      llvm.call %2(%arg0) : !llvm.ptr, (f32) -> ()
      llvm.br ^bb2
    ^bb2:  // 2 preds: ^bb0, ^bb1
      llvm.return
    }
  }
}

