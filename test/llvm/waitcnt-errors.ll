; amdsync-waitcnt on LLVM IR refuses what it cannot lower, at the call,
; and leaves the function as it was (never half-waited): a wait.asyncmark
; whose count is not a constant, and a function with no target (the error
; names the option). opt exits 1 with one error summing them up.
; RUN: not %opt-amdsync -passes='amdsync-waitcnt' %s -S -o %t.ll 2>&1 | FileCheck %s --implicit-check-not=error:
; RUN: not %opt-amdsync -passes='amdsync<target=gfx1250>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=ALL --implicit-check-not=error:

; CHECK: error: in function 'variable_count': amdsync: 'llvm.amdgcn.wait.asyncmark' without a constant integer count of at most 64 bits
; CHECK-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 %n)
; CHECK: error: in function 'no_target': amdsync: no target: give the function a "target-cpu" or pass the chip (amdsync-waitcnt<target=gfx942>)
; CHECK: error: amdsync-waitcnt: 2 error(s) in 2 function(s)

; The pipeline stops at its first failing pass: the barrier pass already
; refuses the count (the two functions get a target from the option).
; ALL: error: in function 'variable_count': amdsync: 'llvm.amdgcn.wait.asyncmark' without a constant integer count of at most 64 bits
; ALL: error: amdsync-lds-barriers: 1 error(s) in 2 function(s)

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x float] poison

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

define amdgpu_kernel void @variable_count(ptr addrspace(1) %g, i16 %n) "target-cpu"="gfx1250" {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 %n)
  %v = load float, ptr addrspace(3) @l
  store float %v, ptr addrspace(1) %g
  ret void
}

define amdgpu_kernel void @no_target(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}
