// A hostile review's kernel (test/e2e/iteration-tables.mlir): an unsigned i32
// loop from 2^31 - 2 that counts past the sign bit (4 trips); read signed,
// its last two values are -2^31 and -2^31 + 1, not 2^31 and 2^31 + 1.
gpu.module @m {
  gpu.func @k(%out: memref<256xf32, 1>) workgroup(%s: memref<1280xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c255 = arith.constant 255 : index
    %c256 = arith.constant 256 : index
    %lb = arith.constant 2147483646 : i32
    %ub = arith.constant -2147483646 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %k30 = arith.constant 1073741824 : i32
    %tid = gpu.thread_id x
    %t32 = arith.index_cast %tid : index to i32
    %f = arith.sitofp %t32 : i32 to f32
    %w = arith.subi %c255, %tid : index
    memref.store %f, %s[%w] : memref<1280xf32, #gpu.address_space<workgroup>>
    scf.for unsigned %i = %lb to %ub step %one : i32 {
      %q = arith.divsi %i, %k30 : i32
      %q2 = arith.addi %q, %two : i32
      %qi = arith.index_cast %q2 : i32 to index
      %base = arith.muli %qi, %c256 : index
      %j = arith.addi %base, %tid : index
      %b = memref.load %s[%j] : memref<1280xf32, #gpu.address_space<workgroup>>
      memref.store %b, %out[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}
