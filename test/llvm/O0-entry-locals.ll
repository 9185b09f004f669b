; Locals the entry block stores once (clang -O0's `int t =
; get_local_id(0);`) are what was stored, for the index forms
; (pointers.c entrySlotValue): the entry block runs once, so every later
; load of a private slot with that one store returns that value. @once
; updates each lane's own element in a divergent branch: accepted, as its
; -O1 form is (on 49a6869 three windows and two needless ordering points).
; A slot stored again (@twice) or read before its store (@before) is no
; such local: both race, and are rejected.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; RUN: not %amdsync-exec %s --kernel=twice --target=gfx942 --block=64 --schedules=4 | FileCheck %s --check-prefix=RACE
; OpenCL through clang at -O0 and -O1: nothing inserted (at -O0 the kernel
; calls its body, __clang_ocl_kern_imp_own, where the window is).
; RUN: %clang-amdsync -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -emit-llvm -S %S/Inputs/O0-own-slot.cl -o %t.0.ll
; RUN: %opt-amdsync -passes='amdsync<summary>' %t.0.ll -disable-output 2>&1 | FileCheck %s --check-prefix=CL
; RUN: %clang-amdsync -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -emit-llvm -S %S/Inputs/O0-own-slot.cl -o %t.1.ll
; RUN: %opt-amdsync -passes='amdsync<summary>' %t.1.ll -disable-output 2>&1 | FileCheck %s --check-prefix=CL

; CHECK-NOT: in function 'once'
; CHECK-DAG: error: in function 'twice': amdsync-verify: unordered RAW hazard on @s
; CHECK-DAG: error: in function 'before': amdsync-verify: unordered RAW hazard on @s
; CHECK: error: amdsync-verify: 2 error(s) in 3 function(s)
; RACE: race: twice:
; CL: remark: amdsync-lds-barriers: {{.*}}; inserted 0 barrier(s), 0 ordering point(s)
; CL: remark: amdsync-verify: {{[12]}} function(s), 0 violation(s)

target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global [64 x float] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()

; t stored once in the entry block: each lane's s[t] its own (no barrier).
define amdgpu_kernel void @once(ptr addrspace(1) %o) !reqd_work_group_size !0 {
entry:
  %slot = alloca i32, align 4, addrspace(5)
  %cast = addrspacecast ptr addrspace(5) %slot to ptr
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %tid, ptr %cast
  %t0 = load i32, ptr %cast
  %c = icmp ult i32 %t0, 32
  br i1 %c, label %then, label %end
then:
  %t1 = load i32, ptr %cast
  %p1 = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %t1
  store float 1.0, ptr addrspace(3) %p1
  %t2 = load i32, ptr %cast
  %p2 = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %t2
  %v = load float, ptr addrspace(3) %p2
  %w = fadd float %v, 2.0
  store float %w, ptr addrspace(3) %p2
  br label %end
end:
  ret void
}

; The same, but the slot is stored again in the branch (t = 63 - t): the
; loads there are no longer t: a write/read pair across lanes in a
; divergent branch, refused.
define amdgpu_kernel void @twice(ptr addrspace(1) %o) !reqd_work_group_size !0 {
entry:
  %slot = alloca i32, align 4, addrspace(5)
  %cast = addrspacecast ptr addrspace(5) %slot to ptr
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %tid, ptr %cast
  %t0 = load i32, ptr %cast
  %c = icmp ult i32 %t0, 32
  br i1 %c, label %then, label %end
then:
  %t1 = load i32, ptr %cast
  %p1 = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %t1
  store float 1.0, ptr addrspace(3) %p1
  %r = sub i32 63, %t1
  store i32 %r, ptr %cast
  %t2 = load i32, ptr %cast
  %x = sub i32 63, %t2
  %y = sub i32 %x, 1
  %p2 = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %y
  %v = load float, ptr addrspace(3) %p2
  br label %end
end:
  ret void
}

; A load in the entry block before the store reads no stored value.
define amdgpu_kernel void @before(ptr addrspace(1) %o) !reqd_work_group_size !0 {
entry:
  %slot = alloca i32, align 4, addrspace(5)
  %cast = addrspacecast ptr addrspace(5) %slot to ptr
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %early = load i32, ptr %cast
  store i32 %tid, ptr %cast
  %p1 = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %tid
  store float 1.0, ptr addrspace(3) %p1
  %p2 = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %early
  %v = load float, ptr addrspace(3) %p2
  ret void
}
!0 = !{i32 64, i32 1, i32 1}
