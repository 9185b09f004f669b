// The checker knows split barriers: a hazard is ordered only by a signal
// after the producer and a wait of that phase before the consumer, signal
// and wait alternate on every path, and no signal is left without its wait.
// Each case is hand-written broken IR the checker must reject.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1201})' %s -verify-diagnostics -split-input-file
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1201})' %s -split-input-file -o /dev/null

// Wait before any signal.
gpu.module @m {
  gpu.func @wait_first(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    // expected-note @+1 {{unordered RAW hazard}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{split barrier wait with no signal before it}}
    rocdl.s.barrier.wait id = -1
    llvm.fence syncscope("workgroup") acquire
    llvm.fence syncscope("workgroup") release
    // expected-error @+1 {{orphan signal}}
    rocdl.s.barrier.signal id = -1
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{unordered RAW hazard}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Two signals in a row.
gpu.module @m {
  gpu.func @double_signal(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("workgroup") release
    rocdl.s.barrier.signal id = -1
    llvm.fence syncscope("workgroup") release
    // expected-error @+1 {{two signals in a row}}
    rocdl.s.barrier.signal id = -1
    rocdl.s.barrier.wait id = -1
    llvm.fence syncscope("workgroup") acquire
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A signal whose wait never comes.
gpu.module @m {
  gpu.func @orphan(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("workgroup") release
    // expected-error @+1 {{orphan signal}}
    rocdl.s.barrier.signal id = -1
    gpu.return
  }
}

// -----

// The signal comes before the producer: the pair does not order the store
// with the load even though signal and wait alternate.
gpu.module @m {
  gpu.func @signal_before_producer(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    llvm.fence syncscope("workgroup") release
    rocdl.s.barrier.signal id = -1
    // expected-note @+1 {{unordered RAW hazard on workgroup attribution #0: a path from this access reaches 'memref.load'}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    rocdl.s.barrier.wait id = -1
    llvm.fence syncscope("workgroup") acquire
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A loop whose signal is at the end of the body with no signal peeled
// before the loop: the first iteration's wait has no signal.
gpu.module @m {
  gpu.func @loop_no_peel(%x: f32, %n: index)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{split barrier wait with no signal before it}}
      rocdl.s.barrier.wait id = -1
      llvm.fence syncscope("workgroup") acquire
      memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
      llvm.fence syncscope("workgroup") release
      rocdl.s.barrier.signal id = -1
      rocdl.s.barrier.wait id = -1
      llvm.fence syncscope("workgroup") acquire
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
      llvm.fence syncscope("workgroup") release
      // expected-error @+1 {{orphan signal}}
      rocdl.s.barrier.signal id = -1
    }
    gpu.return
  }
}
