// Input of divergent-arms-conflict.mlir: the same arms under a uniform
// condition need no barrier (every wave takes the same arm).
gpu.module @m {
  gpu.func @uniform_arms(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %low = arith.cmpi ult, %bid, %n : index
    scf.if %low {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    } else {
      %v = memref.load %a[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}
