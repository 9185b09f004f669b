; Loops whose counters take known values (passes/llvm/iterations.c): the
; header's values are listed per iteration, and an address linear only
; once they are constants (a stride times the lane id) gets one form per
; iteration, a case split on a symbol numbering the iterations
; (amdsyncAccessSetCases). Pairs in one iteration compare case with case;
; pairs across iterations any case with any.
;
; @upsweep: a Blelloch scan's up-sweep, `offset * (2 lid + 1) - 1` with
; offset = 1, 2, ..., 256 and d = 256, 128, ..., 1 (9 levels, the loop
; in clang -O1's shape): each level's lanes touch disjoint pairs; one
; barrier per level (the authors': one before and one per level):
; accepted, clean, 9 executed. The last level (d = 1, a final row of the
; table) writes only t[511], which no lane reads after the loop, so no
; barrier stands after the sweep: a path that goes round the loop again
; passes the barrier in it, one that leaves it comes from the final row
; (docs/design.md, "Final rows"). Without the forms per iteration it was
; refused (a barrier inside the divergent step).
; @last_meets: lanes below 4 write s[lid * off], every lane reads
; s[lid + 32]; off = 1, 2, 4, 8, 16 (latch-tested): only the last iteration
; (off = 16: lane 2 writes s[32], lane 0 reads it) meets, so the table must
; hold the last value. @first_meets: the same with off = 16, 8, ..., 1
; header-tested: only the first meets. In both the pass orders the pair in
; every iteration (the oracle runs them clean), the checker reports it on
; the input, and the oracle finds the race there. Each was checked by
; removing the last or the first row of the table: the pass's output then
; races.
; @unknown_bound: a loop bound that is a kernel argument: no table, no
; form.
; A loop that lanes leave by a divergent branch and enter again
; (Inputs/hostile-cont-header-symbol.ll: lanes at i = 0 and i = 2 meet at
; one store) has a counter that is not uniform: no table. With one, the
; store and the load of one iteration were taken as each lane's own slot
; and the RAW pair between lanes of different iterations was lost.
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-cont-header-symbol.ll -disable-output 2>&1 | FileCheck %s --check-prefix=DIVERGENT
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-cont-header-symbol.ll -disable-output 2>&1 | FileCheck %s --check-prefix=DIVERGENT-CHECK
; DIVERGENT: error: in function 'k': amdsync: cannot order RAW hazard on @lds
; DIVERGENT: error: amdsync-lds-barriers: 4 error(s) in 1 function(s)
; DIVERGENT-CHECK: error: in function 'k': amdsync-verify: unordered RAW hazard on @lds
; DIVERGENT-CHECK: error: amdsync-verify: 3 error(s) in 1 function(s)
;
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync<target=gfx942>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=TRACE
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output
; RUN: %amdsync-exec %t.ll --kernel=upsweep --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=SWEEP
; RUN: %amdsync-exec %t.ll --kernel=last_meets --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=LAST
; RUN: %amdsync-exec %t.ll --kernel=first_meets --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=FIRST
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY
; RUN: not %amdsync-exec %s --kernel=last_meets --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=RACE
; RUN: not %amdsync-exec %s --kernel=first_meets --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=RACE
; The checker accepts the up-sweep as its authors would write it (one
; barrier per level, at the latch, and one before).
; RUN: llvm-extract --func=upsweep_authors %s -S -o %t.authors.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.authors.ll -disable-output
; RUN: %amdsync-exec %t.authors.ll --kernel=upsweep_authors --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=AUTHORS
; The same on gfx1201 (split barriers).
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>' %s -S -o %t.12.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.12.ll -disable-output
; RUN: %amdsync-exec %t.12.ll --kernel=last_meets --target=gfx1201 --block=256 --schedules=4 | FileCheck %s --check-prefix=LAST

; TRACE: %pa1: 4 byte(s) at @t + 8*tid.x, ..., 2048*tid.x + 1020 (9 iterations, s[[SYM:[0-9]+]])
; TRACE: %pb1: 4 byte(s) at @t + 8*tid.x + 4, ..., 2048*tid.x + 2044 (9 iterations, s[[SYM]])
; TRACE: %pw: 4 byte(s) at @s + 4*tid.x, ..., 64*tid.x (5 iterations, s{{[0-9]+}})
; @first_meets is tested at the top: its last row (off = 0) is the test
; that leaves, in which the body does not run; the store's case there
; repeats the row before (amdsyncLlvmIterationRowsSkipped), where off = 0
; would have put every lane's store at byte 0.
; TRACE: %pw: 4 byte(s) at @s + 64*tid.x, ..., 4*tid.x (6 iterations, s{{[0-9]+}})
; TRACE: %pw: 4 byte(s) at unknown
; SWEEP: amdsync-exec: upsweep: clean barriers=9
; LAST: amdsync-exec: last_meets: clean barriers=10
; FIRST: amdsync-exec: first_meets: clean barriers=10
; RACE: race:
; VERIFY-DAG: error: in function 'last_meets': amdsync-verify: unordered RAW hazard on @s
; VERIFY-DAG: error: in function 'first_meets': amdsync-verify: unordered RAW hazard on @s
; VERIFY-DAG: error: in function 'upsweep': amdsync-verify: unordered RAW hazard on @t
; VERIFY: error: amdsync-verify: {{[0-9]+}} error(s) in 5 function(s)
; AUTHORS: amdsync-exec: upsweep_authors: clean barriers=10

target triple = "amdgcn-amd-amdhsa"
@t = internal addrspace(3) global [512 x i32] poison, align 4
@s = internal addrspace(3) global [2048 x i32] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @upsweep(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %two = shl nuw nsw i32 %lid, 1
  %p0 = getelementptr inbounds i32, ptr addrspace(3) @t, i32 %two
  store i32 1, ptr addrspace(3) %p0
  %odd = or disjoint i32 %two, 1
  %p1 = getelementptr inbounds i32, ptr addrspace(3) @t, i32 %odd
  store i32 1, ptr addrspace(3) %p1
  %even2 = add nuw nsw i32 %two, 2
  br label %loop
loop:
  %off = phi i32 [ 1, %entry ], [ %off2, %latch ]
  %d = phi i32 [ 256, %entry ], [ %d2, %latch ]
  %active = icmp ult i32 %lid, %d
  br i1 %active, label %step, label %latch
step:
  %ai1 = mul nuw nsw i32 %off, %odd
  %bi1 = mul nuw nsw i32 %off, %even2
  %pa = getelementptr i32, ptr addrspace(3) @t, i32 %ai1
  %pa1 = getelementptr i8, ptr addrspace(3) %pa, i32 -4
  %a = load i32, ptr addrspace(3) %pa1
  %pb = getelementptr i32, ptr addrspace(3) @t, i32 %bi1
  %pb1 = getelementptr i8, ptr addrspace(3) %pb, i32 -4
  %b = load i32, ptr addrspace(3) %pb1
  %sum = add nsw i32 %b, %a
  store i32 %sum, ptr addrspace(3) %pb1
  br label %latch
latch:
  %off2 = shl nsw i32 %off, 1
  %d2 = lshr i32 %d, 1
  %end = icmp eq i32 %d2, 0
  br i1 %end, label %done, label %loop
done:
  %pl = getelementptr inbounds i32, ptr addrspace(3) @t, i32 %lid
  %v = load i32, ptr addrspace(3) %pl
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  ret void
}

; As its authors would write it: one barrier before the sweep, one per
; level at the latch.
define amdgpu_kernel void @upsweep_authors(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %two = shl nuw nsw i32 %lid, 1
  %p0 = getelementptr inbounds i32, ptr addrspace(3) @t, i32 %two
  store i32 1, ptr addrspace(3) %p0
  %odd = or disjoint i32 %two, 1
  %p1 = getelementptr inbounds i32, ptr addrspace(3) @t, i32 %odd
  store i32 1, ptr addrspace(3) %p1
  %even2 = add nuw nsw i32 %two, 2
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %loop
loop:
  %off = phi i32 [ 1, %entry ], [ %off2, %latch ]
  %d = phi i32 [ 256, %entry ], [ %d2, %latch ]
  %active = icmp ult i32 %lid, %d
  br i1 %active, label %step, label %latch
step:
  %ai1 = mul nuw nsw i32 %off, %odd
  %bi1 = mul nuw nsw i32 %off, %even2
  %pa = getelementptr i32, ptr addrspace(3) @t, i32 %ai1
  %pa1 = getelementptr i8, ptr addrspace(3) %pa, i32 -4
  %a = load i32, ptr addrspace(3) %pa1
  %pb = getelementptr i32, ptr addrspace(3) @t, i32 %bi1
  %pb1 = getelementptr i8, ptr addrspace(3) %pb, i32 -4
  %b = load i32, ptr addrspace(3) %pb1
  %sum = add nsw i32 %b, %a
  store i32 %sum, ptr addrspace(3) %pb1
  br label %latch
latch:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %off2 = shl nsw i32 %off, 1
  %d2 = lshr i32 %d, 1
  %end = icmp eq i32 %d2, 0
  br i1 %end, label %done, label %loop
done:
  %pl = getelementptr inbounds i32, ptr addrspace(3) @t, i32 %lid
  %v = load i32, ptr addrspace(3) %pl
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @last_meets(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %off = phi i32 [ 1, %entry ], [ %next, %latch ]
  %small = icmp ult i32 %lid, 4
  br i1 %small, label %write, label %join
write:
  %i = mul nuw nsw i32 %lid, %off
  %pw = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 %off, ptr addrspace(3) %pw
  br label %join
join:
  %j = add nuw nsw i32 %lid, 32
  %pr = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %j
  %v = load i32, ptr addrspace(3) %pr
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  br label %latch
latch:
  %next = shl nuw nsw i32 %off, 1
  %more = icmp ult i32 %next, 32
  br i1 %more, label %loop, label %done
done:
  ret void
}

define amdgpu_kernel void @first_meets(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %hdr
hdr:
  %off = phi i32 [ 16, %entry ], [ %next, %latch ]
  %more = icmp ne i32 %off, 0
  br i1 %more, label %body, label %done
body:
  %small = icmp ult i32 %lid, 4
  br i1 %small, label %write, label %join
write:
  %i = mul nuw nsw i32 %lid, %off
  %pw = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 %off, ptr addrspace(3) %pw
  br label %join
join:
  %j = add nuw nsw i32 %lid, 32
  %pr = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %j
  %v = load i32, ptr addrspace(3) %pr
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  br label %latch
latch:
  %next = lshr i32 %off, 1
  br label %hdr
done:
  ret void
}

define amdgpu_kernel void @unknown_bound(ptr addrspace(1) %out, i32 %n) !reqd_work_group_size !0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %off = phi i32 [ 1, %entry ], [ %next, %latch ]
  %i = mul nuw nsw i32 %lid, %off
  %pw = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 %off, ptr addrspace(3) %pw
  %j = add nuw nsw i32 %i, %off
  %pr = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %j
  %v = load i32, ptr addrspace(3) %pr
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  br label %latch
latch:
  %next = shl nuw nsw i32 %off, 1
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

!0 = !{i32 256, i32 1, i32 1}
