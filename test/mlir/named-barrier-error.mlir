// A split barrier on an id other than -1 is a named barrier, which amdsync
// does not analyze: an error at the op, in the rocdl and the call
// spelling, and the function is left as it was.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201})' %s -verify-diagnostics -o /dev/null
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201})' %s -o /dev/null

gpu.module @m {
  gpu.func @named_op(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("workgroup") release
    // expected-error @+1 {{named barriers are not analyzed}}
    rocdl.s.barrier.signal id = 3
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @named_call(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %id = llvm.mlir.constant(2 : i16) : i16
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{named barriers are not analyzed}}
    llvm.call_intrinsic "llvm.amdgcn.s.barrier.wait"(%id) : (i16) -> ()
    llvm.fence syncscope("workgroup") acquire
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
