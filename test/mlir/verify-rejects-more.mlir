// More hand-written racy inputs the checker must reject, each naming both
// accesses, and their fixed versions it must accept (no diagnostic).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -verify-diagnostics -split-input-file
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null

// The only barrier is inside a loop that may run zero times (%n is a
// function argument): the store before the loop reaches the load after it
// without crossing a barrier.
gpu.module @m {
  gpu.func @zero_trip(%g: memref<64xf32, 1>, %n: index)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    // expected-note @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %n step %c1 {
      amdgpu.lds_barrier
    }
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// -----

// A constant zero-trip loop never runs its barrier either.
gpu.module @m {
  gpu.func @zero_trip_constant(%g: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    // expected-note @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c0 step %c1 {
      amdgpu.lds_barrier
    }
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// -----

// Accepted: a loop that runs at least once (constant bounds 0 to 4) does
// cross its barrier.
gpu.module @m {
  gpu.func @at_least_once(%g: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c4 step %c1 {
      amdgpu.lds_barrier
    }
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// -----

// A barrier in only one arm of a uniform if: the else path is unordered.
gpu.module @m {
  gpu.func @one_arm(%g: memref<64xf32, 1>, %flag: i1)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    // expected-note @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    scf.if %flag {
      amdgpu.lds_barrier
    } else {
      %y = arith.addf %x, %x : f32
    }
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// -----

// Accepted: a barrier in both arms of a uniform if orders every path.
gpu.module @m {
  gpu.func @both_arms(%g: memref<64xf32, 1>, %flag: i1)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<64xf32, 1>
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    scf.if %flag {
      amdgpu.lds_barrier
    } else {
      gpu.barrier
    }
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// -----

// Loop-carried RAW: the forward WAR (load, then store of the same
// iteration) is ordered, but the store of iteration i reaches the load of
// iteration i+1 through the back edge without crossing a barrier.
gpu.module @m {
  gpu.func @carried_raw(%g: memref<64xf32, 1>, %n: index)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
      %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
      amdgpu.lds_barrier
      // expected-note @+1 {{amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
      memref.store %v, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// A barrier in a loop whose trip count depends on the thread id can hang.
gpu.module @m {
  gpu.func @divergent_loop(%g: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    // expected-note @+1 {{lanes may go different ways here: this branch decides by the thread id}}
    scf.for %i = %c0 to %tid step %c1 {
      // expected-error @+1 {{barrier in control flow that may diverge}}
      amdgpu.lds_barrier
    }
    gpu.return
  }
}
