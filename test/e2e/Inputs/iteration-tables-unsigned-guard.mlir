// A hostile review's kernel (test/e2e/iteration-tables.mlir): the unsigned
// i32 loop of iteration-tables-unsigned.mlir, and a guard tid > i, which
// holds for every lane once i wraps negative; with the counter's range
// taken from 2^31 - 2 up, no lane passed it (an older hole).
gpu.module @m {
  gpu.func @k(%out: memref<256xf32, 1>) workgroup(%s: memref<257xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c1 = arith.constant 1 : index
    %lb = arith.constant 2147483646 : i32
    %ub = arith.constant -2147483646 : i32
    %one = arith.constant 1 : i32
    %tid = gpu.thread_id x
    %t32 = arith.index_cast %tid : index to i32
    %f = arith.sitofp %t32 : i32 to f32
    memref.store %f, %s[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    scf.for unsigned %i = %lb to %ub step %one : i32 {
      %act = arith.cmpi sgt, %t32, %i : i32
      scf.if %act {
        %j = arith.addi %tid, %c1 : index
        %b = memref.load %s[%j] : memref<257xf32, #gpu.address_space<workgroup>>
        memref.store %b, %out[%tid] : memref<256xf32, 1>
      }
    }
    gpu.return
  }
}
