// The standalone driver does not crash on a file whose only top-level op is
// a gpu.module holding vector.transfer ops (their verifier looks up the
// data layout of the enclosing builtin.module, which mlir-opt creates
// implicitly): it prints the kernel with its barrier, like the plugin.
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s

// CHECK-LABEL: gpu.func @k
// CHECK: vector.transfer_write
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: vector.transfer_read
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @k(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c4 = arith.constant 4 : index
    %pad = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %x = vector.load %g[%tid] : memref<256xf32, 1>, vector<4xf32>
    vector.transfer_write %x, %a[%tid] {in_bounds = [true]} : vector<4xf32>, memref<256xf32, #gpu.address_space<workgroup>>
    %r = vector.transfer_read %a[%c4], %pad {in_bounds = [true]} : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.store %r, %g[%tid] : memref<256xf32, 1>, vector<4xf32>
    gpu.return
  }
}
