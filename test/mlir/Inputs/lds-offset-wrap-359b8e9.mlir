// What 359b8e9's amdsync{target=gfx942} emitted for the racy kernels of
// ../lds-offset-wrap.mlir (@wrap, @view_shift, @gep_before, in one module):
// no barrier; each reads through an LDS address that wraps at 32 bits (or
// leaves its global) the word other lanes have just stored, unordered.
module {
  gpu.module @wrap [#rocdl.target<chip = "gfx942">] {
    gpu.func @wrap(%arg0: memref<256xi32, 1>) workgroup(%arg1 : memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %thread_id_x = gpu.thread_id  x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %0 = arith.index_cast %thread_id_x : index to i32
      memref.store %0, %arg1[%c1] : memref<64xi32, #gpu.address_space<workgroup>>
      %reinterpret_cast = memref.reinterpret_cast %arg1 to offset: [1073741825], sizes: [1], strides: [1] : memref<64xi32, #gpu.address_space<workgroup>> to memref<1xi32, strided<[1], offset: 1073741825>, #gpu.address_space<workgroup>>
      %1 = memref.load %reinterpret_cast[%c0] : memref<1xi32, strided<[1], offset: 1073741825>, #gpu.address_space<workgroup>>
      memref.store %1, %arg0[%thread_id_x] : memref<256xi32, 1>
      gpu.return
    }
  }
  gpu.module @view_shift [#rocdl.target<chip = "gfx942">] {
    gpu.func @view_shift(%arg0: memref<256xi32, 1>) workgroup(%arg1 : memref<256xi8, #gpu.address_space<workgroup>>) kernel {
      %thread_id_x = gpu.thread_id  x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4294967300 = arith.constant 4294967300 : index
      %0 = arith.index_cast %thread_id_x : index to i32
      %view = memref.view %arg1[%c0][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %0, %view[%c1] : memref<64xi32, #gpu.address_space<workgroup>>
      %view_0 = memref.view %arg1[%c4294967300][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      %1 = memref.load %view_0[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      memref.store %1, %arg0[%thread_id_x] : memref<256xi32, 1>
      gpu.return
    }
  }
  gpu.module @gep_before [#rocdl.target<chip = "gfx942">] {
    llvm.mlir.global internal @a() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.mlir.global internal @b() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.func @gep_before(%arg0: !llvm.ptr<1>, %arg1: f32) attributes {rocdl.kernel} {
      %0 = llvm.mlir.addressof @a : !llvm.ptr<3>
      %1 = llvm.mlir.addressof @b : !llvm.ptr<3>
      %2 = llvm.getelementptr %0[0, 255] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<256 x f32>
      llvm.store %arg1, %2 : f32, !llvm.ptr<3>
      %3 = llvm.getelementptr %1[-1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
      %4 = llvm.load %3 : !llvm.ptr<3> -> f32
      llvm.store %4, %arg0 : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}

