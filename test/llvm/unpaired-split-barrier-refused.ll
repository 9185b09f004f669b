; Input split barriers that break the signal/wait alternation are refused
; by the barrier pass, at the op (test/mlir/unpaired-split-barrier-refused.mlir
; has the MLIR side). Found by scripts/fuzz.sh: on 359b8e9 the pass added
; their fences, exited 0, and amdsync-verify rejected its output.
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>' %s -disable-output 2>&1 | FileCheck %s
; CHECK-DAG: error: in function 'lone_wait': {{.*}}amdsync: split barrier wait with no signal before it on some path
; CHECK-DAG: error: in function 'lone_signal': amdsync: a split barrier signal may reach the end of the function without its wait (orphan signal)

define amdgpu_kernel void @lone_wait(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  store float 0.0, ptr addrspace(1) %g
  ret void
}

define amdgpu_kernel void @lone_signal(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  store float 0.0, ptr addrspace(1) %g
  ret void
}

declare void @llvm.amdgcn.s.barrier.wait(i16)
declare void @llvm.amdgcn.s.barrier.signal(i32)
