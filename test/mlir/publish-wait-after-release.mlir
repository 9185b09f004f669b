// An async write into LDS is ordered before another wave's access only when
// it completes before the release (spec/amdgpu-async-operations.txt). A
// counter wait between a barrier's release fence and the barrier completes
// the transfer after the release: the barrier publishes nothing it wrote.
// Written that way (the order amdsync itself emitted on 359b8e9), the
// checker rejects the kernel; the pipeline completes the release with a
// fence after the wait. Without async transfers the same wait is harmless
// (@plain, accepted as written).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1250})' %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s -split-input-file | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1250})' %s -split-input-file | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx1250})' -split-input-file -o /dev/null

// CHECK-LABEL: llvm.func @late
// CHECK: rocdl.s.wait.asynccnt 0
// CHECK-NEXT: llvm.fence syncscope("workgroup") release
// CHECK-NEXT: rocdl.s.barrier.signal id = -1
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @late(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    // expected-note @+1 {{a path from this access reaches}}
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.fence syncscope("workgroup") release
    rocdl.s.wait.asynccnt 0
    // expected-error @+1 {{amdsync-verify: split barrier signal after a counter wait that follows its release fence: the asynchronous transfers the wait completes finish after the release, so the split barrier signal publishes none of them to other waves (the wait must come before the fence)}}
    rocdl.s.barrier.signal id = -1
    rocdl.s.barrier.wait id = -1
    llvm.fence syncscope("workgroup") acquire
    // expected-error @+1 {{unordered RAW hazard on @l}}
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @plain
// CHECK: llvm.fence syncscope("workgroup") release
// CHECK-NEXT: rocdl.s.wait.asynccnt 0
// CHECK-NEXT: rocdl.s.barrier.signal id = -1
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @plain(%x: f32, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    llvm.store %x, %l : f32, !llvm.ptr<3>
    llvm.fence syncscope("workgroup") release
    rocdl.s.wait.asynccnt 0
    rocdl.s.barrier.signal id = -1
    rocdl.s.barrier.wait id = -1
    llvm.fence syncscope("workgroup") acquire
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
