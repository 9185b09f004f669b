; Exit statuses: 3 for IR the oracle does not interpret (never a guess),
; 4 for the step limit, 2 for usage errors.
; RUN: %amdsync-exec %s --kernel=unsup > %t.out 2>&1; test $? -eq 3
; RUN: FileCheck %s --check-prefix=UNSUP < %t.out
; UNSUP: amdsync-exec: unsupported: %v = call i32 @mystery(i32 %tid)
; An alloca in LDS (what memref.alloca in the workgroup space lowers to; the
; AMDGPU verifier rejects it) is not taken for per-lane memory.
; RUN: %amdsync-exec %s --kernel=lds_alloca > %t.alloca 2>&1; test $? -eq 3
; RUN: FileCheck %s --check-prefix=ALLOCA < %t.alloca
; ALLOCA: amdsync-exec: unsupported: %a = alloca float, i64 256, align 4, addrspace(3): an alloca in LDS (addrspace(3))
; RUN: %amdsync-exec %s --kernel=forever --max-steps=10000 > %t.loop 2>&1; test $? -eq 4
; RUN: FileCheck %s --check-prefix=LOOP < %t.loop
; LOOP: amdsync-exec: forever: step limit: more than 10000 steps in schedule 0
; No target-cpu and no --target: a usage error naming the fix.
; RUN: %amdsync-exec %s --kernel=notarget > %t.nt 2>&1; test $? -eq 2
; RUN: FileCheck %s --check-prefix=NOTARGET < %t.nt
; NOTARGET: amdsync-exec: notarget: no target: the function has no "target-cpu"; give --target=<chip>
; RUN: %amdsync-exec %s --kernel=notarget --target=gfx1100 | FileCheck %s --check-prefix=GFX11
; GFX11: amdsync-exec: notarget: clean barriers=0 wave-barriers=0 schedules=8
; RUN: %amdsync-exec %s --bogus > %t.u 2>&1; test $? -eq 2
; RUN: %amdsync-exec %s --kernel=nosuch > %t.k 2>&1; test $? -eq 2

define amdgpu_kernel void @unsup() #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v = call i32 @mystery(i32 %tid)
  ret void
}

define amdgpu_kernel void @lds_alloca() #0 {
  %a = alloca float, i64 256, align 4, addrspace(3)
  store float 1.0, ptr addrspace(3) %a, align 4
  ret void
}

define amdgpu_kernel void @forever() #0 {
entry:
  br label %loop
loop:
  br label %loop
}

define amdgpu_kernel void @notarget() #1 {
  ret void
}

declare i32 @mystery(i32)
declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,64" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,64" }
