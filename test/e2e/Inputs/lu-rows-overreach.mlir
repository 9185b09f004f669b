// Used by test/e2e/loop-counter-relations.mlir: @lu_rows reading one row
// too far (a[16*(j + 2) + i] for j < i: up to row i + 1, which lane i + 1
// writes in the same iteration), inside the divergent arm.
gpu.module @m {
  gpu.func @lu_rows_overreach(%x: f32)
      workgroup(%a: memref<2048xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %t = gpu.thread_id x
    %row = arith.muli %t, %c16 : index
    scf.for %i = %c0 to %c16 step %c1 {
      %below = arith.cmpi ugt, %t, %i : index
      scf.if %below {
        %own = arith.addi %row, %i : index
        scf.for %j = %c0 to %i step %c1 {
          %j2 = arith.addi %j, %c2 : index
          %jrow = arith.muli %j2, %c16 : index
          %p = arith.addi %jrow, %i : index
          %v = memref.load %a[%p] : memref<2048xf32, #gpu.address_space<workgroup>>
          %y = memref.load %a[%own] : memref<2048xf32, #gpu.address_space<workgroup>>
          %d = arith.subf %y, %v : f32
          memref.store %d, %a[%own] : memref<2048xf32, #gpu.address_space<workgroup>>
        }
      }
    }
    gpu.return
  }
}
