// Used by test/e2e/index-proofs.mlir: the first step of a tree reduction
// with one lane too many (tid <= 128): lane 128 writes t[128], which lane 0
// reads in the same step, inside the divergent arm.
gpu.module @m {
  gpu.func @off_by_one(%in: memref<256xf32, 1>)
      workgroup(%t: memref<512xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %in128 = arith.cmpi ule, %tid, %c128 : index
    scf.if %in128 {
      %j = arith.addi %tid, %c128 : index
      %a = memref.load %t[%j] : memref<512xf32, #gpu.address_space<workgroup>>
      %b = memref.load %t[%tid] : memref<512xf32, #gpu.address_space<workgroup>>
      %r = arith.addf %a, %b : f32
      memref.store %r, %t[%tid] : memref<512xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
