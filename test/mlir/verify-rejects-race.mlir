// The checker rejects hand-written racy IR and names both accesses.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -verify-diagnostics -split-input-file
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null

// Straight-line RAW with no barrier.
gpu.module @m {
  gpu.func @raw(%g: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    // expected-note @+1 {{unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// -----

// A loop with the RAW barrier but without the loop-carried WAR barrier: the
// next iteration's store races with this iteration's load.
gpu.module @m {
  gpu.func @carried(%g: memref<64xf32, 1>, %n: index)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %n step %c1 {
      %x = memref.load %g[%i] : memref<64xf32, 1>
      // expected-error @+1 {{unordered WAR hazard on workgroup attribution #0: a path from 'memref.load'}}
      memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
      amdgpu.lds_barrier
      %t1 = arith.addi %tid, %c1 : index
      // expected-note @+1 {{unordered WAR hazard on workgroup attribution #0: a path from this access reaches 'memref.store'}}
      %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<64xf32, 1>
    }
    gpu.return
  }
}

// -----

// A barrier under a thread-dependent condition can hang.
gpu.module @m {
  gpu.func @divergent(%g: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %cond = arith.cmpi eq, %tid, %c0 : index
    // expected-note @+1 {{lanes may go different ways here: this branch decides by the thread id}}
    scf.if %cond {
      // expected-error @+1 {{barrier in control flow that may diverge}}
      amdgpu.lds_barrier
    }
    gpu.return
  }
}
