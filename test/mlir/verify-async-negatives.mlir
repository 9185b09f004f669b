// The checker learns completion (brief §5): an async-written byte is usable
// by its own wave only after a covering wait, and by other waves only after
// a covering wait before the publishing barrier.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1250})' %s -verify-diagnostics -split-input-file
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1250})' %s -split-input-file -o /dev/null

// Read before the wait (one wave, so no barrier is needed).
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @read_before_wait(%g: !llvm.ptr<1>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 32, 1, 1>} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.fence syncscope("wavefront") release
    llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
    llvm.fence syncscope("wavefront") acquire
    // expected-error @+1 {{may run before the asynchronous transfer 'rocdl.global.load.async.to.lds.b32'}}
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    rocdl.s.wait.asynccnt 0
    llvm.return
  }
}

// -----

// A wait that leaves the needed transfer in flight (count 1 with the
// needed load the newest).
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.mlir.global internal @k() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @wait_too_loose(%g: !llvm.ptr<1>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 32, 1, 1>} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %k = llvm.mlir.addressof @k : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %k, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.s.wait.asynccnt 1
    llvm.fence syncscope("wavefront") release
    llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
    llvm.fence syncscope("wavefront") acquire
    // expected-error @+1 {{may run before the asynchronous transfer}}
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.return
  }
}

// -----

// Barrier before the wait: the barrier does not publish the transfer, so
// another wave's read after it is unordered with it.
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @barrier_before_wait(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    // expected-note @+1 {{unordered RAW hazard on @l: a path from this access reaches 'llvm.load'}}
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.fence syncscope("workgroup") release
    rocdl.s.barrier.signal id = -1
    rocdl.s.barrier.wait id = -1
    llvm.fence syncscope("workgroup") acquire
    rocdl.s.wait.asynccnt 0
    // expected-error @+1 {{unordered RAW hazard on @l: a path from 'rocdl.global.load.async.to.lds.b32'}}
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.return
  }
}

// -----

// The same with the wait before the barrier: accepted.
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @wait_then_barrier(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.s.wait.asynccnt 0
    llvm.fence syncscope("workgroup") release
    rocdl.s.barrier.signal id = -1
    rocdl.s.barrier.wait id = -1
    llvm.fence syncscope("workgroup") acquire
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.return
  }
}
