; A call through a pointer (here one loaded from a table of functions) may
; reach any non-kernel function whose address is taken or that is visible
; outside the module. When one of them executes a workgroup barrier (here:
; the barrier the pass itself puts into the helper), the call under a
; divergent branch is a hang and is refused, like the direct call. On
; 359b8e9 the pass inserted the helper's barriers and exited 0, and the
; checker accepted that output (Inputs/indirect-call-barrier-359b8e9.ll);
; the execution oracle finds the hang in it.
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=PASS
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/indirect-call-barrier-359b8e9.ll -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY
; RUN: not %amdsync-exec %S/Inputs/indirect-call-barrier-359b8e9.ll --block=128 --schedules=2 | FileCheck %s --check-prefix=EXEC
; A helper whose address is not taken and that is internal is no candidate:
; an indirect call of the other (barrier-free) table entry stays accepted.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/indirect-call-no-barrier.ll -disable-output

; PASS: error: in function 'k': amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup (waves that skip it never arrive: hang)
; PASS-NEXT: call void %fp(float %x)
; VERIFY: error: in function 'k': amdsync-verify: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup
; EXEC: hang: k: barrier call void @llvm.amdgcn.s.barrier() in divergent control flow

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
@table = internal addrspace(4) constant [1 x ptr] [ptr @helper]
declare i32 @llvm.amdgcn.workitem.id.x()

define internal void @helper(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  store float %y, ptr addrspace(3) %p
  ret void
}

define amdgpu_kernel void @k(float %x) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 1
  br i1 %c, label %then, label %end
then:
  %fp = load ptr, ptr addrspace(4) @table
  call void %fp(float %x)
  br label %end
end:
  ret void
}
