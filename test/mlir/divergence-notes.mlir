// A barrier in divergent control flow: the error at the barrier and a
// note at the branch that makes it divergent, saying what its condition
// depends on (issue 23, 3; on 8f64f15 the error alone): the thread id;
// an argument of a function that is not a kernel, with the hint to mark
// it; a value loaded from LDS.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -verify-diagnostics -split-input-file
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -verify-diagnostics -split-input-file

gpu.module @m {
  gpu.func @by_thread(%g: memref<64xf32, 1>) kernel {
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    %u = arith.addi %t, %c4 : index
    %c = arith.cmpi ult, %u, %c4 : index
    // expected-note @+1 {{lanes may go different ways here: this branch decides by the thread id, 'gpu.thread_id' at}}
    scf.if %c {
      // expected-error @+1 {{barrier in control flow that may diverge}}
      amdgpu.lds_barrier
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  // A helper: its arguments may differ between lanes.
  func.func @not_a_kernel(%n: index) {
    %c4 = arith.constant 4 : index
    %c = arith.cmpi ult, %n, %c4 : index
    // expected-note @+1 {{this branch decides by argument #0 of @not_a_kernel, which is not a kernel: the arguments of a function that is not a kernel entry may differ between lanes (if @not_a_kernel is a kernel, mark it: gpu.func ... kernel, gpu.kernel or rocdl.kernel)}}
    scf.if %c {
      // expected-error @+1 {{barrier in control flow that may diverge}}
      amdgpu.lds_barrier
    }
    return
  }
}

// -----

gpu.module @m {
  gpu.func @by_lds(%g: memref<64xf32, 1>)
      workgroup(%a: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c0i = arith.constant 0 : i32
    %t = gpu.thread_id x
    %v = memref.load %a[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    %c = arith.cmpi eq, %v, %c0i : i32
    // expected-note @+1 {{this branch decides by a value loaded from memory, 'memref.load' at}}
    scf.if %c {
      // expected-error @+1 {{barrier in control flow that may diverge}}
      amdgpu.lds_barrier
    }
    gpu.return
  }
}
