// A helper (no size of its own) that writes s[x + 16y] and reads s[x + 32y],
// called from a kernel that states 16 x 16 x 1 (test/e2e/workgroup-dims.mlir):
// workgroup-dims=1 is about kernels, so the helper's tid.y stays unknown.
gpu.module @m {
  memref.global "private" @s : memref<1024xf32, #gpu.address_space<workgroup>>
  func.func @helper(%in: memref<1024xf32, 1>) -> f32 {
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %x = gpu.thread_id x
    %y = gpu.thread_id y
    %s = memref.get_global @s : memref<1024xf32, #gpu.address_space<workgroup>>
    %a = arith.muli %y, %c16 : index
    %i = arith.addi %x, %a : index
    %v = memref.load %in[%i] : memref<1024xf32, 1>
    memref.store %v, %s[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
    %b = arith.muli %y, %c32 : index
    %j = arith.addi %x, %b : index
    %w = memref.load %s[%j] : memref<1024xf32, #gpu.address_space<workgroup>>
    return %w : f32
  }
  gpu.func @k2d(%in: memref<1024xf32, 1>, %out: memref<1024xf32, 1>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>} {
    %c16 = arith.constant 16 : index
    %x = gpu.thread_id x
    %y = gpu.thread_id y
    %r = func.call @helper(%in) : (memref<1024xf32, 1>) -> f32
    %a = arith.muli %y, %c16 : index
    %i = arith.addi %x, %a : index
    memref.store %r, %out[%i] : memref<1024xf32, 1>
    gpu.return
  }
}
