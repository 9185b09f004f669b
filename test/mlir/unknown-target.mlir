// An unknown chip is a clear error that lists the known ones, whether it
// comes from the pass option (barrier pass, checker: when the pipeline is
// parsed; driver) or from the gpu.module's #rocdl.target; nothing is
// printed (no half-processed IR).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx9999},amdsync-verify)' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx9999})' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not %amdsync-opt --target=gfx9999 %s 2>&1 | FileCheck %s --check-prefix=DRIVER
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers,amdsync-verify)' %s -verify-diagnostics -o /dev/null
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers,amdsync-verify)' %s 2>&1 | FileCheck %s --check-prefix=MODULE

// OPTION: error: amdsync-{{lds-barriers|verify}}: option 'target': unknown target 'gfx9999'; known: gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1101, gfx1102, gfx1200, gfx1201, gfx1250
// OPTION-NOT: gpu.func
// OPTION-NOT: amdgpu.lds_barrier

// DRIVER: unknown target 'gfx9999'; known: gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1101, gfx1102, gfx1200, gfx1201, gfx1250
// DRIVER-NOT: gpu.func
// DRIVER-NOT: amdgpu.lds_barrier

// MODULE: error: amdsync: unknown target 'gfx9999'; known: gfx908, gfx90a, gfx942
// MODULE-NOT: amdgpu.lds_barrier
// MODULE-NOT: gpu.module @m
gpu.module @m [#rocdl.target<chip = "gfx9999">] {
  // expected-error @+1 {{amdsync: unknown target 'gfx9999'; known: gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1101, gfx1102, gfx1200, gfx1201, gfx1250}}
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
