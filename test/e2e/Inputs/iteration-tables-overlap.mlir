gpu.module @m {
  gpu.func @reduce(%out: memref<256xf32, 1>) workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %v = arith.index_cast %tid : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c8 step %c1 {
      %st = arith.shrui %c128, %i : index
      %c256x = arith.constant 256 : index
      %wide = arith.shrui %c256x, %i : index
      %act = arith.cmpi ult, %tid, %wide : index
      scf.if %act {
        %j = arith.addi %tid, %st : index
        %a = memref.load %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        %b = memref.load %s[%j] : memref<256xf32, #gpu.address_space<workgroup>>
        %c = arith.addf %a, %b : f32
        memref.store %c, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      }
    }
    %is0 = arith.cmpi eq, %tid, %c0 : index
    scf.if %is0 {
      %r = memref.load %s[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%c0] : memref<256xf32, 1>
    }
    gpu.return
  }
}
