// The trace switch (AMDSYNC_TRACE, passes/core/include/amdsync/trace.h) on the MLIR
// side, and what it shows about the pipeline: `amdsync{target=gfx942}`
// translates a kernel without asynchronous transfers twice, once for the
// placement and once for the checker (the wait pass does not translate a
// function with no transfer, mark or wait), and so does
// `amdsync{target=gfx1201}`, whose check of the split pairs as emitted runs
// on the placement's model (amdsyncProgramApplyEmission). The windows, placement and
// uniformity categories print what the core decided; without the variable
// nothing is traced.
// RUN: env AMDSYNC_TRACE=pipeline %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: env AMDSYNC_TRACE=pipeline,signals %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: env AMDSYNC_TRACE=windows,placement,uniformity %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CORE
// RUN: env AMDSYNC_TRACE=all %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: env AMDSYNC_TRACE=bogus %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty

// The checker's translation takes the values' uniformity the placement's
// solved (the lane-0 `if` needs the fixpoint); the placement's own is
// solved, so its line says nothing of it.
// PIPE: amdsync-trace: pipeline: translate @k for placement (mlir): {{[0-9]+}} blocks{{$}}
// PIPE-NEXT: amdsync-trace: pipeline: translate @k for the checker (mlir): {{[0-9]+}} blocks, the values' uniformity from placement{{$}}
// PIPE-NOT: amdsync-trace

// SPLIT: amdsync-trace: pipeline: translate @k for placement (mlir)
// SPLIT: amdsync-trace: signals: signal check on the model as emitted: clean
// SPLIT-NEXT: amdsync-trace: pipeline: translate @k for the checker (mlir)
// SPLIT-NOT: amdsync-trace: pipeline

// CORE: amdsync-trace: uniformity: block {{[0-9]+}} divergent: control dependent on the divergent branch of block {{[0-9]+}}
// CORE-DAG: amdsync-trace: windows: RAW window access #0 (block 0) -> access #1 (block 0), forward, 1 gap(s)
// CORE-DAG: amdsync-trace: windows: WAR window access #1 (block 0) -> access #2 (block {{[0-9]+}}), forward, {{[0-9]+}} gap(s)
// CORE-DAG: amdsync-trace: placement: stab gap 1 (block 0, weight 1) with a barrier for RAW window access #0 -> access #1
// CORE-DAG: amdsync-trace: placement: stab gap {{[0-9]+}} (block 0, weight 1) with a barrier for WAR window access #1 -> access #2

// ALL-DAG: amdsync-trace: pipeline:
// ALL-DAG: amdsync-trace: windows:
// ALL-DAG: amdsync-trace: placement:
// ALL-DAG: amdsync-trace: uniformity:

// NONE-NOT: amdsync-trace

gpu.module @m {
  gpu.func @k(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      // Lane 1 read a[2] above (at a[0] the index proofs see that no lane
      // reads it: lane t reads a[t + 1]).
      memref.store %v, %a[%c2] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
