; Two older gaps a review of the write/write change found (both accepted a
; racy kernel with no barrier before):
; - @narrow_index: a GEP index narrower than the LDS index width (i16) is
;   sign-extended, so its form must fit the narrow type: `trunc(tid) *
;   128` in i16 wraps, lane 512's index is lane 0's (holdsIndex in
;   passes/llvm/pointers.c);
; - @unused_range: a `range` on one `workitem.id.x` call makes only that
;   call's value poison where a lane breaks it; the id the kernel uses
;   comes from a call without one, so the workgroup is not bounded by it
;   (rangeWorkgroupSize in passes/llvm/passes.c: every call must carry a
;   range, and the largest bounds).
; - @wrapping_counter (a second review): an i8 counter from 126 by 4 while
;   below 30 wraps to -126 at its first step and runs on; its range was
;   taken as [126, 126] (the bound checked for wrapping, not the start),
;   so lane 4 at r = -126 and lane 0 at r = -122 on one element looked
;   like one lane's (countingPhiRange: the start counts too).
; All now get their barrier (the last a wave-level ordering point: 64
; lanes, one wave); the checker rejects them as written and the oracle
; finds the races.
;
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S -o %t.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.ll | FileCheck %s --check-prefix=COUNT
; RUN: %amdsync-exec %t.ll --target=gfx942 --kernel=narrow_index --schedules=4 --global-bytes=8192 | FileCheck %s --check-prefix=EXEC1
; RUN: %amdsync-exec %t.ll --target=gfx942 --kernel=unused_range --block=256 --schedules=4 --global-bytes=1024 | FileCheck %s --check-prefix=EXEC2
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=CHECKER
; RUN: not %amdsync-exec %s --target=gfx942 --kernel=narrow_index --schedules=4 --global-bytes=8192 | FileCheck %s --check-prefix=RACE1
; RUN: not %amdsync-exec %s --target=gfx942 --kernel=unused_range --block=256 --schedules=4 --global-bytes=1024 | FileCheck %s --check-prefix=RACE2
; RUN: %amdsync-exec %t.ll --target=gfx942 --kernel=wrapping_counter --schedules=4 | FileCheck %s --check-prefix=EXEC3
; RUN: not %amdsync-exec %s --target=gfx942 --kernel=wrapping_counter --schedules=4 | FileCheck %s --check-prefix=RACE3

; COUNT:      @narrow_index 1 0 0 0
; COUNT-NEXT: @unused_range 1 0 0 0
; COUNT-NEXT: @wrapping_counter 0 0 0 2
; EXEC1: amdsync-exec: narrow_index: clean
; EXEC2: amdsync-exec: unused_range: clean
; CHECKER-DAG: error: in function 'narrow_index': amdsync-verify: unordered RAW hazard on @lds
; CHECKER-DAG: error: in function 'unused_range': amdsync-verify: unordered RAW hazard on @lds
; CHECKER-DAG: error: in function 'wrapping_counter': amdsync-verify: unordered {{RAW|WAR}} hazard on @lds
; EXEC3: amdsync-exec: wrapping_counter: clean
; RACE3: race: wrapping_counter:
; RACE1: race: narrow_index: write at {{.*}} (lane 0 {{.*}} and read at {{.*}} (lane 512
; RACE2: race: unused_range:

target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [1024 x float] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @narrow_index(float %x, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t16 = trunc i32 %tid to i16
  %i = mul i16 %t16, 128
  %p = getelementptr float, ptr addrspace(3) @lds, i16 %i
  %w = icmp eq i32 %tid, 0
  br i1 %w, label %a, label %j1
a:
  store float %x, ptr addrspace(3) %p
  br label %j1
j1:
  %r = icmp eq i32 %tid, 512
  br i1 %r, label %b, label %j2
b:
  %v = load float, ptr addrspace(3) %p
  %g = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %g
  br label %j2
j2:
  ret void
}

define amdgpu_kernel void @unused_range(float %x, ptr addrspace(1) %out) "amdgpu-flat-work-group-size"="1,256" {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %unused = call range(i32 0, 64) i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %e = add i32 %tid, 64
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %e
  %v = load float, ptr addrspace(3) %q
  %g = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %g
  ret void
}

define amdgpu_kernel void @wrapping_counter(float %v, ptr addrspace(1) %out) !reqd_work_group_size !1 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %r = phi i8 [ 126, %entry ], [ %r1, %loop ]
  %rs = sext i8 %r to i32
  %a = add i32 %tid, %rs
  %idx = add i32 %a, 128
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %idx
  %x = load float, ptr addrspace(3) %p
  %y = fadd float %x, %v
  store float %y, ptr addrspace(3) %p
  %r1 = add i8 %r, 4
  %c = icmp slt i8 %r1, 30
  br i1 %c, label %loop, label %done
done:
  store float %y, ptr addrspace(1) %out
  ret void
}

!0 = !{i32 1024, i32 1, i32 1}
!1 = !{i32 64, i32 1, i32 1}
