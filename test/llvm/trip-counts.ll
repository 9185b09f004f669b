; Static trip counts in the LLVM IR front end. A loop that runs once has
; no next iteration: a hazard from the end of its body to its start (here
; the WAR from the load of one iteration to the store of the next) needs
; no barrier. Most bodies below store to @a, cross a barrier of their own,
; and load from @a; one that runs twice or more needs a second barrier,
; before the store. Header-tested loops as mlir-translate writes
; convert-scf-to-cf's (the phi tested in the header), bottom-tested ones as
; clang -O1 writes a `for` (the next value tested in the latch). Counts are
; unknown (the barrier stays) when anything is in doubt: an i8 step that
; wraps, a `sle` at the type's maximum, a wrap an nsw add makes poison.
; Every barrier call in the output is checked (none other may appear);
; every output passes the checker.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S -o %t.ll
; RUN: FileCheck %s --implicit-check-not='call void @llvm.amdgcn.s.barrier' < %t.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %s -S -o %t.1201.ll
; RUN: FileCheck %s --check-prefix=GFX12 < %t.1201.ll
; A second run adds nothing.
; RUN: sed 1d %t.ll > %t.body.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %t.ll -S | sed 1d | diff - %t.body.ll

@a = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

; (i) Header-tested, one trip: the preheader enters the body, the header
; never goes back into it: only the barrier already there.
; CHECK-LABEL: define amdgpu_kernel void @header_one
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK: ret void
define amdgpu_kernel void @header_one(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %header
header:
  %i = phi i64 [ %next, %body ], [ 0, %entry ]
  %c = icmp slt i64 %i, 1
  br i1 %c, label %body, label %exit
body:
  %gp = getelementptr float, ptr addrspace(1) %g, i64 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %gp
  %next = add i64 %i, 1
  br label %header
exit:
  ret void
}

; Two trips: a barrier before the store.
; CHECK-LABEL: define amdgpu_kernel void @header_two
; CHECK: body:
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK: ret void
define amdgpu_kernel void @header_two(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %header
header:
  %i = phi i64 [ %next, %body ], [ 0, %entry ]
  %c = icmp slt i64 %i, 2
  br i1 %c, label %body, label %exit
body:
  %gp = getelementptr float, ptr addrspace(1) %g, i64 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %gp
  %next = add i64 %i, 1
  br label %header
exit:
  ret void
}

; (ii) Bottom-tested (clang -O1), one trip: `icmp eq %next, 1` leaves
; after the first pass; the back edge goes.
; CHECK-LABEL: define amdgpu_kernel void @bottom_one
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK: ret void
define amdgpu_kernel void @bottom_one(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %gp = getelementptr float, ptr addrspace(1) %g, i32 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %gp
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, 1
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Four trips, the latch a block of its own (the shape of a body with an
; `if`): a barrier before the store.
; CHECK-LABEL: define amdgpu_kernel void @bottom_four
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK: ret void
define amdgpu_kernel void @bottom_four(ptr addrspace(1) %g, i32 %k) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %gp = getelementptr float, ptr addrspace(1) %g, i32 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %q
  %big = icmp sgt i32 %k, %i
  br i1 %big, label %then, label %latch
then:
  store float %v, ptr addrspace(1) %gp
  br label %latch
latch:
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, 4
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; (iii) Unsigned: from 2^31 - 1 while below 2^31 (negative as signed, where
; the loop would not run at all): one trip. This body has no barrier of its
; own: exactly one, between the store and the load.
; CHECK-LABEL: define amdgpu_kernel void @unsigned_one
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK: ret void
define amdgpu_kernel void @unsigned_one(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %header
header:
  %i = phi i32 [ %next, %body ], [ 2147483647, %entry ]
  %c = icmp ult i32 %i, -2147483648
  br i1 %c, label %body, label %exit
body:
  %gp = getelementptr float, ptr addrspace(1) %g, i32 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %gp
  %next = add i32 %i, 1
  br label %header
exit:
  ret void
}

; The same with `add nsw`: the increment past 2^31 - 1 is poison, so the
; count is unknown: a second barrier before the store.
; CHECK-LABEL: define amdgpu_kernel void @unsigned_nsw
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; CHECK: ret void
define amdgpu_kernel void @unsigned_nsw(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %header
header:
  %i = phi i32 [ %next, %body ], [ 2147483647, %entry ]
  %c = icmp ult i32 %i, -2147483648
  br i1 %c, label %body, label %exit
body:
  %gp = getelementptr float, ptr addrspace(1) %g, i32 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %gp
  %next = add nsw i32 %i, 1
  br label %header
exit:
  ret void
}

; (iv) i8 from 100 by 100 while below 101: the second value, 200, wraps to
; -56 and the loop goes on (for 14 trips): unknown, the barrier stays.
; CHECK-LABEL: define amdgpu_kernel void @i8_wraps
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK: ret void
define amdgpu_kernel void @i8_wraps(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %header
header:
  %i = phi i8 [ %next, %body ], [ 100, %entry ]
  %c = icmp slt i8 %i, 101
  br i1 %c, label %body, label %exit
body:
  %gp = getelementptr float, ptr addrspace(1) %g, i8 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %gp
  %next = add i8 %i, 100
  br label %header
exit:
  ret void
}

; (v) `sle` at the type's maximum holds for every value (bound + 1 would
; wrap to the minimum and read as no trip): unknown, the barrier stays.
; CHECK-LABEL: define amdgpu_kernel void @sle_max
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK: ret void
define amdgpu_kernel void @sle_max(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %header
header:
  %i = phi i32 [ %next, %body ], [ 2147483647, %entry ]
  %c = icmp sle i32 %i, 2147483647
  br i1 %c, label %body, label %exit
body:
  %gp = getelementptr float, ptr addrspace(1) %g, i32 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %gp
  %next = add i32 %i, 1
  br label %header
exit:
  ret void
}

; (vi) One trip, but the header loads from @a: it runs before the body and
; again after it, so the preheader cannot skip it and the edges stay. The
; WAR from that first load to the store needs a barrier before the store
; (the one already there orders the store before the second load).
; CHECK-LABEL: define amdgpu_kernel void @header_access
; CHECK: header:
; CHECK: load float, ptr addrspace(3) %q
; CHECK: body:
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK: call void @llvm.amdgcn.s.barrier()
; CHECK: ret void
define amdgpu_kernel void @header_access(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %p = getelementptr float, ptr addrspace(3) @a, i32 %tid
  %q = getelementptr float, ptr addrspace(3) @a, i32 %t1
  br label %header
header:
  %i = phi i64 [ %next, %body ], [ 0, %entry ]
  %w = load float, ptr addrspace(3) %q
  %c = icmp slt i64 %i, 1
  br i1 %c, label %body, label %exit
body:
  %gp = getelementptr float, ptr addrspace(1) %g, i64 %i
  %x = load float, ptr addrspace(1) %gp
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  store float %w, ptr addrspace(1) %gp
  %next = add i64 %i, 1
  br label %header
exit:
  ret void
}

; GFX12-LABEL: define amdgpu_kernel void @header_one
; GFX12-NOT: s.barrier.signal
; GFX12: ret void
; GFX12-LABEL: define amdgpu_kernel void @bottom_one
; GFX12-NOT: s.barrier.signal
; GFX12: ret void
