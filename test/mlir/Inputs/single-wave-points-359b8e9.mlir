// What 359b8e9 emitted: the points inside the branches. Lanes that skip a
// branch never pass its point, so nothing orders their accesses.
// Checked by ../single-wave-divergent-points.mlir.
gpu.module @m {
  gpu.func @store_before_branch(%g: memref<256xf32, 1>, %x: f32)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    %low = arith.cmpi ult, %tid, %c3 : index
    scf.if %low {
      %t1 = arith.addi %tid, %c1 : index
      llvm.fence syncscope("wavefront") release
      llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
      llvm.fence syncscope("wavefront") acquire
      %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
  gpu.func @dp_wavefront(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %n step %c1 {
      %in = arith.cmpi ule, %tid, %i : index
      scf.if %in {
        %t1 = arith.addi %tid, %c1 : index
        llvm.fence syncscope("wavefront") release
        llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
        llvm.fence syncscope("wavefront") acquire
        %l = memref.load %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
        %r = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %l, %r : f32
        llvm.fence syncscope("wavefront") release
        llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
        llvm.fence syncscope("wavefront") acquire
        memref.store %s, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
      }
    }
    gpu.return
  }
}
