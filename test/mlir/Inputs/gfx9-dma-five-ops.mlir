gpu.module @m {
  gpu.func @dma(%g: memref<1024xf32, #gpu.address_space<global>>, %out: memref<1024xf32, #gpu.address_space<global>>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    amdgpu.gather_to_lds %g[%tid], %a[%c0] : f32, memref<1024xf32, #gpu.address_space<global>>, memref<256xf32, #gpu.address_space<workgroup>>
    rocdl.s.waitcnt 0
    amdgpu.lds_barrier
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<1024xf32, #gpu.address_space<global>>
    gpu.return
  }
}
