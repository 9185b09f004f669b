// remarks=true explains every inserted barrier (resource, hazard kind, both
// accesses), at the barrier's consumer.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 remarks=true},amdsync-verify)' %s -verify-diagnostics -o /dev/null

gpu.module @m {
  gpu.func @gemm(%g: memref<1024xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    scf.for %k = %c0 to %n step %c1 {
      %x = memref.load %g[%k] : memref<1024xf32, 1>
      // expected-remark @+1 {{amdsync: barrier orders loop-carried WAR hazard on workgroup attribution #0 between 'memref.load'}}
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %x, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      // expected-remark @+1 {{amdsync: barrier orders RAW hazard on workgroup attribution #0 between 'memref.store'}}
      %va = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %vb = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %va, %vb : f32
      memref.store %s, %g[%k] : memref<1024xf32, 1>
    }
    gpu.return
  }
}
