// What 359b8e9's amdsync-lds-barriers{target=gfx942} emitted for
// ../barrier-fixpoint.mlir: barriers in @rec and @b, which are called in
// divergent control flow (hangs).
module {
  gpu.module @m {
    func.func @rec(%arg0: memref<256xf32, #gpu.address_space<workgroup>>, %arg1: index, %arg2: f32) {
      %c1 = arith.constant 1 : index
      %thread_id_x = gpu.thread_id  x
      memref.store %arg2, %arg0[%thread_id_x] : memref<256xf32, #gpu.address_space<workgroup>>
      %0 = arith.addi %thread_id_x, %c1 : index
      amdgpu.lds_barrier
      %1 = memref.load %arg0[%0] : memref<256xf32, #gpu.address_space<workgroup>>
      %2 = arith.cmpi ult, %thread_id_x, %arg1 : index
      amdgpu.lds_barrier
      scf.if %2 {
        %3 = arith.subi %arg1, %c1 : index
        func.call @rec(%arg0, %3, %1) : (memref<256xf32, #gpu.address_space<workgroup>>, index, f32) -> ()
      }
      return
    }
    func.func @a(%arg0: memref<256xf32, #gpu.address_space<workgroup>>, %arg1: f32) {
      %c1 = arith.constant 1 : index
      %thread_id_x = gpu.thread_id  x
      %0 = arith.cmpi ult, %thread_id_x, %c1 : index
      scf.if %0 {
        func.call @b(%arg0, %arg1) : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
      }
      return
    }
    func.func @b(%arg0: memref<256xf32, #gpu.address_space<workgroup>>, %arg1: f32) {
      %c0 = arith.constant 0 : index
      %thread_id_x = gpu.thread_id  x
      memref.store %arg1, %arg0[%thread_id_x] : memref<256xf32, #gpu.address_space<workgroup>>
      amdgpu.lds_barrier
      %0 = memref.load %arg0[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      amdgpu.lds_barrier
      memref.store %0, %arg0[%thread_id_x] : memref<256xf32, #gpu.address_space<workgroup>>
      return
    }
    gpu.func @k_rec(%arg0: f32) workgroup(%arg1 : memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c4 = arith.constant 4 : index
      func.call @rec(%arg1, %c4, %arg0) : (memref<256xf32, #gpu.address_space<workgroup>>, index, f32) -> ()
      gpu.return
    }
    gpu.func @k_order(%arg0: f32) workgroup(%arg1 : memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      func.call @a(%arg1, %arg0) : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
      gpu.return
    }
  }
}

