// What 359b8e9's amdsync{target=gfx942} emitted for ../single-wave-divergent-points.mlir:
// the points inside the divergent branches, where lanes that skip a branch
// never pass them, so nothing orders their accesses.
#mmra_tag = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
module {
  gpu.module @m {
    gpu.func @store_before_branch(%arg0: memref<256xf32, 1>, %arg1: f32) workgroup(%arg2 : memref<65xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %thread_id_x = gpu.thread_id  x
      memref.store %arg1, %arg2[%thread_id_x] : memref<65xf32, #gpu.address_space<workgroup>>
      %0 = arith.cmpi ult, %thread_id_x, %c3 : index
      scf.if %0 {
        %1 = arith.addi %thread_id_x, %c1 : index
        llvm.fence syncscope("wavefront") release {llvm.mmra = #mmra_tag}
        llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
        llvm.fence syncscope("wavefront") acquire {llvm.mmra = #mmra_tag}
        %2 = memref.load %arg2[%1] : memref<65xf32, #gpu.address_space<workgroup>>
        memref.store %2, %arg0[%thread_id_x] : memref<256xf32, 1>
      }
      gpu.return
    }
    gpu.func @red_black(%arg0: memref<256xf32, 1>, %arg1: index) workgroup(%arg2 : memref<65xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %thread_id_x = gpu.thread_id  x
      scf.for %arg3 = %c0 to %arg1 step %c1 {
        %0 = arith.addi %thread_id_x, %arg3 : index
        %1 = arith.andi %0, %c1 : index
        %2 = arith.cmpi eq, %1, %c0 : index
        scf.if %2 {
          %3 = arith.addi %thread_id_x, %c1 : index
          llvm.fence syncscope("wavefront") release {llvm.mmra = #mmra_tag}
          llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
          llvm.fence syncscope("wavefront") acquire {llvm.mmra = #mmra_tag}
          %4 = memref.load %arg2[%3] : memref<65xf32, #gpu.address_space<workgroup>>
          %5 = arith.addf %4, %4 : f32
          llvm.fence syncscope("wavefront") release {llvm.mmra = #mmra_tag}
          llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
          llvm.fence syncscope("wavefront") acquire {llvm.mmra = #mmra_tag}
          memref.store %5, %arg2[%thread_id_x] : memref<65xf32, #gpu.address_space<workgroup>>
        }
      }
      gpu.return
    }
  }
}

