// Each lane stores its own s[tid.x] in a loop whose trip count is its own
// (test/e2e/waw-indexed.mlir): refused without a stated workgroup size.
gpu.module @m {
  gpu.func @own_slot(%in: memref<256xi32, 1>, %out: memref<256xi32, 1>)
      workgroup(%s: memref<256xi32, #gpu.address_space<workgroup>>) kernel {
    %c255 = arith.constant 255 : index
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    %tid = gpu.thread_id x
    %n = memref.load %in[%tid] : memref<256xi32, 1>
    %r = scf.while (%x = %n) : (i32) -> i32 {
      %c = arith.cmpi sgt, %x, %c0 : i32
      scf.condition(%c) %x : i32
    } do {
    ^bb0(%y: i32):
      memref.store %y, %s[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      %y1 = arith.subi %y, %c1 : i32
      scf.yield %y1 : i32
    }
    %j = arith.subi %c255, %tid : index
    %w = memref.load %s[%j] : memref<256xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%tid] : memref<256xi32, 1>
    gpu.return
  }
}
