// Input of existing-barriers-every-path.mlir: the store comes after the
// existing signal, so the existing wait does not publish it.
gpu.module @m {
  gpu.func @late_store(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    rocdl.s.barrier.signal id = -1
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    rocdl.s.barrier.wait id = -1
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
