; The rows an iteration table's loop starts and leaves with (iterations.c: the first
; and the last
; row of each entry, when only the header's and the latch's branches
; leave), and the checker's use of them: an access in the loop that a path
; reaches outside it without entering the header again (its case symbol
; not stale) ran in a final row. A tree's up-sweep writes in every row, but
; in its last only lane 0 writes, and lane 0 reads after the loop (parboil's
; scan_L1_kernel): the checker accepts its authors' barriers now (it
; rejected them). The barrier pass uses the final rows too (hazards.c,
; "Final rows"): a forward path that left the loop without going round it
; again pairs the producer's final rows only; one that went round it first
; (a round class, kept apart) pairs every row, and its gaps include the
; loop's own, from the header on (walkUp): the barrier in the loop orders
; it, and none is needed after the loop.
;
; @final_only: a barrier at the top of every row; lanes below 256/d write
; s[lid * d]; after the loop lane 255 reads s[1], which only row d = 1 (lane
; 1) writes; the final row (d = 256) writes s[0] alone. Race-free: the
; checker accepts it.
; @side_exit: the same with a `break` after the write when d == stop: the
; row it leaves from is any row (stop = 1: lane 1's write of s[1], then the
; read, with no barrier between). The table states no final rows, and the
; checker rejects it (taking the last row for it accepts: checked).
; @carried: no barrier in the loop; the write of row d = 1 reaches the read
; round the loop: the path entered the header again, the symbol is stale,
; and the checker rejects it (ignoring staleness accepts: checked).
;
; @round_into_loop: @carried's loop, and the read of u2[1] (row d = 1's
; write, lane 1) in a second loop that the first one's latch enters
; directly: the only gaps the round class has are the first loop's (weight
; 9) and the second loop's before the read (weight 4); one before the
; first loop (weight 1) orders nothing of it (a walk up from the read that
; does not stop at the first loop's header takes it, and the output races:
; checked).
;
; The pass with existing=replace: @final_only gets one barrier, in the
; loop, and runs 9 (with the rows unused, 10: one more after the loop);
; @carried gets its barrier after the loop (with round paths taken as
; leaving from the final row, none, and the output races: checked);
; @round_into_loop gets one in the second loop (4 executed).
;
; @first_only: every lane stores w[lid] before the loop, whose rows read
; w[lid * d] (lanes below 256/d) with a barrier at each row's end: the
; first row reads the lane's own element, later rows cross a barrier
; first. Race-free, and the checker accepts it: a path from before the
; loop into it that does not go round it reaches the first row only (the
; first row of each entry, amdsyncProgramSetSymbolRows). @first_round:
; the same without the barrier: row d = 2's read of w[2 lid] (lane 2 lid's
; store) is reached round the loop, and the checker rejects it (ignoring
; the way round accepts it: checked).
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=CHECKER
; RUN: %amdsync-exec --target=gfx942 %s --kernel=final_only --schedules=4 | FileCheck %s --check-prefix=CLEAN-FINAL
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=side_exit --args=1 --schedules=4 | FileCheck %s --check-prefix=RACE-SIDE
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=carried --schedules=4 | FileCheck %s --check-prefix=RACE-CARRIED
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %s -S -o %t.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=final_only --schedules=4 | FileCheck %s --check-prefix=CLEAN-FINAL
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=side_exit --args=1 --schedules=4 | FileCheck %s --check-prefix=CLEAN-SIDE
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=side_exit --args=0 --schedules=4 | FileCheck %s --check-prefix=CLEAN-SIDE
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=carried --schedules=4 | FileCheck %s --check-prefix=CLEAN-CARRIED
; RUN: %amdsync-exec --target=gfx942 %s --kernel=first_only --schedules=4 | FileCheck %s --check-prefix=CLEAN-FIRST
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=first_round --schedules=4 | FileCheck %s --check-prefix=RACE-ROUND
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=first_only --schedules=4 | FileCheck %s --check-prefix=CLEAN-FIRST
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=first_round --schedules=4 | FileCheck %s --check-prefix=CLEAN-ROUND
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=round_into_loop --schedules=4 | FileCheck %s --check-prefix=RACE-INTO
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=final_only --schedules=4 | FileCheck %s --check-prefix=PASS-FINAL
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=carried --schedules=4 | FileCheck %s --check-prefix=PASS-CARRIED
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=round_into_loop --schedules=4 | FileCheck %s --check-prefix=PASS-INTO
; In the ISA: @final_only's one s_barrier lies in its loop, between the
; loop's label and its back branch, and none follows the loop.
; RUN: llvm-extract --func=final_only %t.ll -S -o %t.final.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.final.ll -o - | FileCheck %s --check-prefix=ISA-FINAL

; CHECKER-NOT: in function '{{final_only|first_only}}'
; CHECKER-DAG: error: in function 'side_exit': amdsync-verify: unordered RAW hazard on @s
; CHECKER-DAG: error: in function 'carried': amdsync-verify: unordered RAW hazard on @u
; CHECKER-DAG: error: in function 'first_round': amdsync-verify: unordered RAW hazard on @x
; CHECKER-NOT: in function '{{final_only|first_only}}'
; CLEAN-FINAL: amdsync-exec: final_only: clean
; RACE-SIDE: race: side_exit:
; RACE-CARRIED: race: carried:
; CLEAN-SIDE: amdsync-exec: side_exit: clean
; CLEAN-CARRIED: amdsync-exec: carried: clean
; CLEAN-FIRST: amdsync-exec: first_only: clean
; RACE-ROUND: race: first_round:
; CLEAN-ROUND: amdsync-exec: first_round: clean
; RACE-INTO: race: round_into_loop:
; PASS-FINAL: amdsync-exec: final_only: clean barriers=9 wave-barriers=0
; PASS-CARRIED: amdsync-exec: carried: clean barriers=1 wave-barriers=0
; PASS-INTO: amdsync-exec: round_into_loop: clean barriers=4 wave-barriers=0
; ISA-FINAL-LABEL: final_only:
; ISA-FINAL: [[LOOP:\.LBB[0-9_]+]]:
; ISA-FINAL: s_barrier
; ISA-FINAL: s_cbranch_{{[a-z]+}} [[LOOP]]
; ISA-FINAL-NOT: s_barrier
; ISA-FINAL: s_endpgm

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@s = internal addrspace(3) global [512 x float] poison, align 4
@f = internal addrspace(3) global [512 x float] poison, align 4
@u = internal addrspace(3) global [512 x float] poison, align 4
@w = internal addrspace(3) global [512 x float] poison, align 4
@x = internal addrspace(3) global [512 x float] poison, align 4
@u2 = internal addrspace(3) global [512 x float] poison, align 4

define amdgpu_kernel void @final_only(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %header

header:
  %d = phi i32 [ 1, %entry ], [ %d2, %latch ]
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %q = udiv i32 256, %d
  %c = icmp ult i32 %t, %q
  br i1 %c, label %write, label %latch

write:
  %idx = mul i32 %t, %d
  %p = getelementptr inbounds [512 x float], ptr addrspace(3) @f, i32 0, i32 %idx
  store float 1.0, ptr addrspace(3) %p, align 4
  br label %latch

latch:
  %d2 = shl i32 %d, 1
  %more = icmp ule i32 %d2, 256
  br i1 %more, label %header, label %exit

exit:
  %last = icmp eq i32 %t, 255
  br i1 %last, label %read, label %done

read:
  %pr = getelementptr inbounds [512 x float], ptr addrspace(3) @f, i32 0, i32 1
  %v = load float, ptr addrspace(3) %pr, align 4
  store float %v, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}


define amdgpu_kernel void @side_exit(ptr addrspace(1) %out, i32 %stop) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %header

header:
  %d = phi i32 [ 1, %entry ], [ %d2, %latch ]
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %q = udiv i32 256, %d
  %c = icmp ult i32 %t, %q
  br i1 %c, label %write, label %after

write:
  %idx = mul i32 %t, %d
  %p = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i32 0, i32 %idx
  store float 1.0, ptr addrspace(3) %p, align 4
  br label %after

after:
  %brk = icmp eq i32 %d, %stop
  br i1 %brk, label %exit, label %latch

latch:
  %d2 = shl i32 %d, 1
  %more = icmp ule i32 %d2, 256
  br i1 %more, label %header, label %exit

exit:
  %last = icmp eq i32 %t, 255
  br i1 %last, label %read, label %done

read:
  %pr = getelementptr inbounds [512 x float], ptr addrspace(3) @s, i32 0, i32 1
  %v = load float, ptr addrspace(3) %pr, align 4
  store float %v, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}

define amdgpu_kernel void @carried(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %header

header:
  %d = phi i32 [ 1, %entry ], [ %d2, %latch ]
  %q = udiv i32 256, %d
  %c = icmp ult i32 %t, %q
  br i1 %c, label %write, label %latch

write:
  %half = udiv i32 512, %d
  %base = sub i32 512, %half
  %idx = add i32 %base, %t
  %p = getelementptr inbounds [512 x float], ptr addrspace(3) @u, i32 0, i32 %idx
  store float 1.0, ptr addrspace(3) %p, align 4
  br label %latch

latch:
  %d2 = shl i32 %d, 1
  %more = icmp ule i32 %d2, 256
  br i1 %more, label %header, label %exit

exit:
  %last = icmp eq i32 %t, 255
  br i1 %last, label %read, label %done

read:
  %pr = getelementptr inbounds [512 x float], ptr addrspace(3) @u, i32 0, i32 1
  %v = load float, ptr addrspace(3) %pr, align 4
  store float %v, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}

define amdgpu_kernel void @first_only(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pw = getelementptr inbounds [512 x float], ptr addrspace(3) @w, i32 0, i32 %t
  store float 1.0, ptr addrspace(3) %pw, align 4
  br label %header

header:
  %d = phi i32 [ 1, %entry ], [ %d2, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc2, %latch ]
  %q = udiv i32 256, %d
  %c = icmp ult i32 %t, %q
  br i1 %c, label %read, label %latch

read:
  %idx = mul i32 %t, %d
  %p = getelementptr inbounds [512 x float], ptr addrspace(3) @w, i32 0, i32 %idx
  %v = load float, ptr addrspace(3) %p, align 4
  %sum = fadd float %acc, %v
  br label %latch

latch:
  %acc2 = phi float [ %sum, %read ], [ %acc, %header ]
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %d2 = shl i32 %d, 1
  %more = icmp ule i32 %d2, 256
  br i1 %more, label %header, label %exit

exit:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %acc2, ptr addrspace(1) %po, align 4
  ret void
}

define amdgpu_kernel void @first_round(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pw = getelementptr inbounds [512 x float], ptr addrspace(3) @x, i32 0, i32 %t
  store float 1.0, ptr addrspace(3) %pw, align 4
  br label %header

header:
  %d = phi i32 [ 1, %entry ], [ %d2, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc2, %latch ]
  %q = udiv i32 256, %d
  %c = icmp ult i32 %t, %q
  br i1 %c, label %read, label %latch

read:
  %idx = mul i32 %t, %d
  %p = getelementptr inbounds [512 x float], ptr addrspace(3) @x, i32 0, i32 %idx
  %v = load float, ptr addrspace(3) %p, align 4
  %sum = fadd float %acc, %v
  br label %latch

latch:
  %acc2 = phi float [ %sum, %read ], [ %acc, %header ]
  %d2 = shl i32 %d, 1
  %more = icmp ule i32 %d2, 256
  br i1 %more, label %header, label %exit

exit:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %acc2, ptr addrspace(1) %po, align 4
  ret void
}

define amdgpu_kernel void @round_into_loop(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %header

header:
  %d = phi i32 [ 1, %entry ], [ %d2, %latch ]
  %q = udiv i32 256, %d
  %c = icmp ult i32 %t, %q
  br i1 %c, label %write, label %latch

write:
  %half = udiv i32 512, %d
  %base = sub i32 512, %half
  %idx = add i32 %base, %t
  %p = getelementptr inbounds [512 x float], ptr addrspace(3) @u2, i32 0, i32 %idx
  store float 1.0, ptr addrspace(3) %p, align 4
  br label %latch

latch:
  %d2 = shl i32 %d, 1
  %more = icmp ule i32 %d2, 256
  br i1 %more, label %header, label %second

second:
  %i = phi i32 [ 0, %latch ], [ %i2, %second ]
  %pr = getelementptr inbounds [512 x float], ptr addrspace(3) @u2, i32 0, i32 1
  %v = load float, ptr addrspace(3) %pr, align 4
  %off = mul i32 %i, 256
  %slot = add i32 %off, %t
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %slot
  store float %v, ptr addrspace(1) %po, align 4
  %i2 = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %i2, 4
  br i1 %again, label %second, label %done

done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
!0 = !{i32 256, i32 1, i32 1}
