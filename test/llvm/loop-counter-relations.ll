; A loop counter bounded by another loop's counter (docs/design.md 2b,
; AmdsyncRange.rel), the shape of Rodinia's LU diagonal kernel: lanes t > i
; update their own row, a[16*t + i] -= a[16*j + i] for every row j < i above.
; The inner counter j counts up to the outer i (`j + 1 == i`, `nuw nsw`), so
; j <= i - 1 where it runs, while the guard keeps the writers at t >= i + 1:
; rows above i against rows below it, disjoint only with the relation. In
; @lu_rows_sibling the bound is a second phi of the outer loop moving in step
; with i (`ip1` = i + 1: clang keeps both), read as i + 1 (j <= i). With the
; inner loop one row too long (Inputs/lu-rows-overreach.ll: j <= i + 1,
; lane i + 1's row) the pair is a race in divergent control flow: refused,
; rejected, and the oracle runs the race.
;
; The placement still puts one barrier in the outer loop: across two outer
; iterations its disjoint-ranges proof cannot relate the two i (the checker,
; enumerating, sees that none is needed and accepts the kernels as written).
;
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=FORM
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S -o %t.942.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.942.ll | FileCheck %s --check-prefix=COUNT
; RUN: %amdsync-exec %t.942.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %s -S -o %t.1201.ll
; RUN: %amdsync-exec %t.1201.ll --target=gfx1201 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output
; RUN: %amdsync-exec %s --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %S/Inputs/lu-rows-overreach.ll -disable-output 2>&1 | FileCheck %s --check-prefix=OVER
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/lu-rows-overreach.ll -disable-output 2>&1 | FileCheck %s --check-prefix=OVERCHECK
; RUN: not %amdsync-exec %S/Inputs/lu-rows-overreach.ll --target=gfx942 | FileCheck %s --check-prefix=OVERRACE

; s0 is i; the sibling ip1 is s0 + 1, no symbol of its own.
; FORM:      amdsync-trace: index: %p: 4 byte(s) at @a + 4*s0 + 64*s1{{$}}
; FORM-NEXT: amdsync-trace: index: %own: 4 byte(s) at @a + 64*tid.x + 4*s0{{$}}
; FORM-NEXT: amdsync-trace: index: %own: 4 byte(s) at @a + 64*tid.x + 4*s0{{$}}
; FORM-NEXT: amdsync-trace: index: %p: 4 byte(s) at @a + 4*s0 + 64*s1{{$}}

; COUNT:      @lu_rows 1 0 0 0
; COUNT-NEXT: @lu_rows_sibling 1 0 0 0

; EXEC: amdsync-exec: lu_rows: clean
; EXEC: amdsync-exec: lu_rows_sibling: clean

; OVER: error: in function 'lu_rows_overreach': amdsync: cannot order {{WAR|RAW}} hazard on @a
; OVERCHECK: error: in function 'lu_rows_overreach': amdsync-verify: unordered {{WAR|RAW}} hazard on @a
; OVERRACE: race: lu_rows_overreach: {{.*}}byte 64 of @a

target triple = "amdgcn-amd-amdhsa"

@a = internal addrspace(3) global [2048 x float] poison, align 4

define amdgpu_kernel void @lu_rows() !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %row = shl nuw nsw i32 %t, 4
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %below = icmp ugt i32 %t, %i
  br i1 %below, label %work, label %latch

work:
  %own.idx = add nuw nsw i32 %row, %i
  %own = getelementptr inbounds nuw float, ptr addrspace(3) @a, i32 %own.idx
  %first = icmp eq i32 %i, 0
  br i1 %first, label %latch, label %inner

inner:
  %j = phi i32 [ 0, %work ], [ %j.next, %inner ]
  %jrow = shl nuw nsw i32 %j, 4
  %p.idx = add nuw nsw i32 %jrow, %i
  %p = getelementptr inbounds nuw float, ptr addrspace(3) @a, i32 %p.idx
  %x = load float, ptr addrspace(3) %p, align 4
  %y = load float, ptr addrspace(3) %own, align 4
  %d = fsub float %y, %x
  store float %d, ptr addrspace(3) %own, align 4
  %j.next = add nuw nsw i32 %j, 1
  %j.done = icmp eq i32 %j.next, %i
  br i1 %j.done, label %latch, label %inner

latch:
  %i.next = add nuw nsw i32 %i, 1
  %i.done = icmp eq i32 %i.next, 16
  br i1 %i.done, label %exit, label %outer

exit:
  ret void
}

define amdgpu_kernel void @lu_rows_sibling() !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %row = shl nuw nsw i32 %t, 4
  br label %outer

outer:
  %ip1 = phi i32 [ 1, %entry ], [ %ip1.next, %latch ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %below = icmp ugt i32 %t, %i
  br i1 %below, label %work, label %latch

work:
  %own.idx = add nuw nsw i32 %row, %i
  %own = getelementptr inbounds nuw float, ptr addrspace(3) @a, i32 %own.idx
  br label %inner

inner:
  %j = phi i32 [ 0, %work ], [ %j.next, %inner ]
  %jrow = shl nuw nsw i32 %j, 4
  %p.idx = add nuw nsw i32 %jrow, %i
  %p = getelementptr inbounds nuw float, ptr addrspace(3) @a, i32 %p.idx
  %x = load float, ptr addrspace(3) %p, align 4
  %y = load float, ptr addrspace(3) %own, align 4
  %d = fsub float %y, %x
  store float %d, ptr addrspace(3) %own, align 4
  %j.next = add nuw nsw i32 %j, 1
  %j.done = icmp eq i32 %j.next, %ip1
  br i1 %j.done, label %latch, label %inner

latch:
  %ip1.next = add nuw nsw i32 %ip1, 1
  %i.next = add nuw nsw i32 %i, 1
  %i.done = icmp eq i32 %i.next, 16
  br i1 %i.done, label %exit, label %outer

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{i32 128, i32 1, i32 1}
