// What 359b8e9 emitted for a kernel that calls a racy helper under
// `thread_id < 1`, scheduled per function (kernel first):
// builtin.module(gpu.module(gpu.func(amdsync-lds-barriers),func.func(amdsync-lds-barriers))).
// The helper got a barrier after the kernel was analyzed: a hang
// (checked by ../schedule-on-functions.mlir).
module {
  gpu.module @m [#rocdl.target<chip = "gfx942">] {
    memref.global "private" @buf : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.func @k(%arg0: memref<256xf32, 1>, %arg1: memref<256xf32, 1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c1 = arith.constant 1 : index
      %thread_id_x = gpu.thread_id  x
      %0 = memref.load %arg0[%thread_id_x] : memref<256xf32, 1>
      %1 = arith.cmpi ult, %thread_id_x, %c1 : index
      %2 = scf.if %1 -> (f32) {
        %3 = func.call @rotate(%0) : (f32) -> f32
        scf.yield %3 : f32
      } else {
        scf.yield %0 : f32
      }
      memref.store %2, %arg1[%thread_id_x] : memref<256xf32, 1>
      gpu.return
    }
    func.func @rotate(%arg0: f32) -> f32 {
      %c1 = arith.constant 1 : index
      %c255 = arith.constant 255 : index
      %thread_id_x = gpu.thread_id  x
      %0 = memref.get_global @buf : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %arg0, %0[%thread_id_x] : memref<256xf32, #gpu.address_space<workgroup>>
      %1 = arith.addi %thread_id_x, %c1 : index
      %2 = arith.andi %1, %c255 : index
      amdgpu.lds_barrier
      %3 = memref.load %0[%2] : memref<256xf32, #gpu.address_space<workgroup>>
      return %3 : f32
    }
  }
}

