; Barrier helpers (issue 22, clang -O0): a call of a defined function that
; runs exactly one workgroup barrier on every path to a return, touches no
; memory but its own allocas and calls only memory-free functions, is that
; barrier (translate.c barrierHelperOf): with its own fences when every
; path has an LDS release fence before the barrier and an acquire after
; (HIP's __syncthreads), else a bare s_barrier, which the barrier pass
; completes with fences around the call. A helper's result computed from
; uniform queries only (blockDim's getter) is uniform (uniformity rule 6).
; The kernels accepted, synchronized and run:
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/O0-barrier-helpers-ok.ll -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY-OK
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;summary>' %S/Inputs/O0-barrier-helpers-ok.ll -S -o %t.ok.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: FileCheck %s --check-prefix=OK < %t.ok.ll
; RUN: %amdsync-exec %t.ok.ll --kernel=k_fenced --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %amdsync-exec %t.ok.ll --kernel=k_bare --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %amdsync-exec %t.ok.ll --kernel=k_slot --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %amdsync-exec %t.ok.ll --kernel=k_bare_first --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC
; What is no barrier helper, and barriers where lanes diverge:
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: not %amdsync-exec %s --kernel=k_maybe --target=gfx942 --block=256 --schedules=4 --args=0,0,0 | FileCheck %s --check-prefix=RACE
; RUN: not %amdsync-exec %s --kernel=k_divergent --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=HANG

; The bare helper's errors in the checker (it is a barrier without
; fences, and k_bare's store and load are unordered) before the pass:
; VERIFY-OK: error: in function 'bare': amdsync-verify: barrier without workgroup-scope fences
; VERIFY-OK: error: in function 'k_bare': amdsync-verify: unordered RAW hazard on @s
; VERIFY-OK-NOT: k_fenced
; VERIFY-OK-NOT: k_size_loop

; The pass runs on callees before their callers: the bare helpers get
; their fences (completed 2), and then their calls order k_bare's and
; k_bare_first's windows as k_fenced's helper orders its own (3 already
; ordered); k_slot's window, on @s through the slot, gets a barrier.
; SUMMARY: remark: amdsync-lds-barriers: 9 function(s), 4 hazard window(s), 3 already ordered; inserted 1 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 0 counter wait(s); completed 2 barrier(s) with fences
; SUMMARY: remark: amdsync-verify: 9 function(s), 0 violation(s)

; OK-LABEL: define internal void @bare()
; OK:       fence syncscope("workgroup") release
; OK-NEXT:  call void @llvm.amdgcn.s.barrier()
; OK-NEXT:  fence syncscope("workgroup") acquire
; OK-LABEL: define amdgpu_kernel void @k_fenced(
; OK:       store float %v
; OK-NEXT:  call void @fenced()
; OK-NEXT:  %u = sub
; OK-LABEL: define amdgpu_kernel void @k_bare(
; OK:       store float %v
; OK-NEXT:  call void @bare()
; OK-NEXT:  %u = sub
; OK-LABEL: define amdgpu_kernel void @k_size_loop(
; OK-NOT:   s.barrier
; OK-LABEL: define amdgpu_kernel void @k_slot(
; OK:       store float %v, ptr %p
; OK:       call void @llvm.amdgcn.s.barrier()
; OK:       load float, ptr %q
; OK-LABEL: define amdgpu_kernel void @k_bare_first(
; OK:       store float %v
; OK-NEXT:  call void @bare_after()
; OK-NEXT:  %u = sub
; OK-LABEL: define internal void @bare_after()
; OK-NEXT:  fence syncscope("workgroup") release
; OK-NEXT:  call void @llvm.amdgcn.s.barrier()
; OK-NEXT:  fence syncscope("workgroup") acquire

; EXEC: clean

; BAD-DAG: error: in function 'k_maybe': amdsync-verify: unordered RAW hazard on @s
; BAD-DAG: error: in function 'k_either': amdsync-verify: barrier without workgroup-scope fences
; BAD-DAG: error: in function 'k_twice': amdsync-verify: unordered RAW hazard on @s
; BAD-DAG: error: in function 'k_writes': amdsync-verify: unordered RAW hazard on @s
; BAD-DAG: error: in function 'k_divergent': amdsync-verify: barrier in control flow that may diverge
; BAD-DAG: error: in function 'k_lane_loop': amdsync-verify: barrier in control flow that may diverge
; RACE: race
; HANG: hang

; @maybe: a barrier on one path only; @either: on both, fenced on one;
; @twice: two; @writes: also writes LDS; @lane: the lane id.
target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

define internal void @fenced() {
  fence syncscope("workgroup") release, !mmra !1
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !1
  ret void
}
define internal void @bare() {
  %a = alloca i32, align 4, addrspace(5)
  store i32 1, ptr addrspace(5) %a
  call void @llvm.amdgcn.s.barrier()
  ret void
}
define internal void @maybe(i1 %c) {
  br i1 %c, label %b, label %e
b:
  call void @fenced()
  br label %e
e:
  ret void
}
define internal void @either(i1 %c) {
  br i1 %c, label %b, label %n
b:
  call void @fenced()
  br label %e
n:
  call void @bare()
  br label %e
e:
  ret void
}
define internal void @twice() {
  call void @fenced()
  call void @fenced()
  ret void
}
define internal void @writes(float %v) {
  %p = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 7
  store float %v, ptr addrspace(3) %p
  call void @fenced()
  ret void
}
define internal i32 @lane() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  ret i32 %t
}
define amdgpu_kernel void @k_maybe(ptr addrspace(1) %out, float %v, i1 %c) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t
  store float %v, ptr addrspace(3) %p
  call void @maybe(i1 %c)
  %u = sub i32 255, %t
  %q = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load float, ptr addrspace(3) %q
  store float %r, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @k_either(ptr addrspace(1) %out, float %v, i1 %c) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t
  store float %v, ptr addrspace(3) %p
  call void @either(i1 %c)
  %u = sub i32 255, %t
  %q = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load float, ptr addrspace(3) %q
  store float %r, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @k_twice(ptr addrspace(1) %out, float %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t
  store float %v, ptr addrspace(3) %p
  call void @twice()
  %u = sub i32 255, %t
  %q = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load float, ptr addrspace(3) %q
  store float %r, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @k_writes(ptr addrspace(1) %out, float %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t
  store float %v, ptr addrspace(3) %p
  call void @writes(float %v)
  %u = sub i32 255, %t
  %q = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load float, ptr addrspace(3) %q
  store float %r, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @k_divergent(ptr addrspace(1) %out, float %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 64
  br i1 %c, label %b, label %e
b:
  call void @fenced()
  br label %e
e:
  ret void
}
define amdgpu_kernel void @k_lane_loop(ptr addrspace(1) %out, float %v) {
entry:
  %n = call i32 @lane()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %c = icmp ult i32 %i, %n
  br i1 %c, label %b, label %e
b:
  call void @fenced()
  %i1 = add i32 %i, 64
  br label %h
e:
  ret void
}
!1 = !{!"amdgpu-synchronize-as", !"local"}
