// The barrier and wait passes need a chip: without the target= option and outside a
// gpu.module with a #rocdl.target, each function is a clear error naming
// both ways to give one (a gpu.func in a gpu.module without targets, a
// func.func at the top level); the pass fails and prints nothing.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers)' %s -verify-diagnostics -o /dev/null
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers,amdsync-verify)' %s 2>&1 | FileCheck %s
// RUN: not %amdsync-opt %s 2>&1 | FileCheck %s
// Each pass names its own option.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-waitcnt)' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAITCNT
// WAITCNT: error: amdsync: no target: pass the chip as an option (e.g. amdsync-waitcnt{target=gfx942})

// CHECK: error: amdsync: no target: pass the chip as an option (e.g. amdsync-lds-barriers{target=gfx942}) or put the function in a gpu.module with a #rocdl.target
// CHECK-NOT: amdgpu.lds_barrier
// CHECK-NOT: gpu.module @m

module {
  // expected-error @+1 {{amdsync: no target: pass the chip as an option (e.g. amdsync-lds-barriers{target=gfx942}) or put the function in a gpu.module with a #rocdl.target}}
  func.func @host_side(%a: memref<16xf32, 3>, %i: index, %j: index) {
    %x = memref.load %a[%i] : memref<16xf32, 3>
    memref.store %x, %a[%j] : memref<16xf32, 3>
    return
  }

  gpu.module @m {
    // expected-error @+1 {{amdsync: no target: pass the chip as an option}}
    gpu.func @k(%g: memref<256xf32, 1>)
        workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %tid = gpu.thread_id x
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      gpu.return
    }
  }
}
