; Hazards whose only legal barrier position is outside a divergent branch
; (a branch on the work-item id, or on anything derived from it): the
; barrier pass puts the barrier where all lanes meet again (the
; post-dominator of the branch, or before the next divergent branch), never
; inside an arm, and the checker accepts the result. When both accesses
; sit in one arm of a divergent branch, or in the two arms, no legal
; position exists: an error naming both instructions, nothing inserted.
; Functions named err_* are the refusals; llvm-extract splits them off.
;
; RUN: llvm-extract --delete --rfunc='^err_' %s -S -o %t.ok.ll
; RUN: llvm-extract --rfunc='^err_' %s -S -o %t.err.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %t.ok.ll -S -o %t.942.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: FileCheck %s < %t.942.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.942.ll | FileCheck %s --check-prefix=COUNT
; The same on gfx1201: the signal and the wait are both outside the arms.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %t.ok.ll -S -o %t.1201.ll
; RUN: FileCheck %s --check-prefix=GFX12 < %t.1201.ll
; Unsynchronized, every kernel is a race.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ok.ll -disable-output 2>&1 | FileCheck %s --check-prefix=RACE
; The refusals: each error at the op, naming both accesses; nothing is
; inserted (the summary counts no insertion, no remark names a barrier).
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>' -pass-remarks=amdsync %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not='amdsync: barrier orders'
; The checker rejects a barrier written inside the arm.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY

; SUMMARY: remark: amdsync-lds-barriers: 9 function(s), 10 hazard window(s), 0 already ordered; inserted 10 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 0 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)

; COUNT:      @raw_after_join 1 0 0 0
; COUNT-NEXT: @war_after_join 1 0 0 0
; COUNT-NEXT: @two_branches 1 0 0 0
; COUNT-NEXT: @nested 1 0 0 0
; COUNT-NEXT: @phi_condition 1 0 0 0
; COUNT-NEXT: @switch_tid 1 0 0 0
; COUNT-NEXT: @loop_exit 1 0 0 0
; COUNT-NEXT: @temporal 1 0 0 0
; COUNT-NEXT: @in_uniform_loop 2 0 0 0
; COUNT-NOT: {{.}}

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare void @llvm.amdgcn.s.barrier()

; Producer in the divergent `then`, consumer after the join: the barrier
; opens the join block.
; CHECK-LABEL: define amdgpu_kernel void @raw_after_join(
; CHECK: then:
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL:![0-9]+]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; GFX12-LABEL: define amdgpu_kernel void @raw_after_join(
; GFX12: then:
; GFX12-NEXT: store float %x, ptr addrspace(3) %p
; GFX12-NEXT: br label %join
; GFX12: join:
; GFX12-NEXT: fence syncscope("workgroup") release
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire
; GFX12-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'raw_after_join': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @raw_after_join(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %join
then:
  store float %x, ptr addrspace(3) %p
  br label %join
join:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; WAR: the reads in one arm of an if/else, the write after the join.
; CHECK-LABEL: define amdgpu_kernel void @war_after_join(
; CHECK: then:
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; CHECK-NEXT: store float %v, ptr addrspace(1) %out
; CHECK-NEXT: br label %join
; CHECK: else:
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; RACE: error: in function 'war_after_join': amdsync-verify: unordered WAR hazard on @lds
define amdgpu_kernel void @war_after_join(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %else
then:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %join
else:
  br label %join
join:
  store float %x, ptr addrspace(3) %p
  ret void
}

; The consumer is in the arm of a second divergent branch: right before it
; is no legal place. The only legal gap is in %join1, between the two
; branches (on gfx1201 the signal and the wait both stand there).
; CHECK-LABEL: define amdgpu_kernel void @two_branches(
; CHECK: then1:
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: br label %join1
; CHECK: join1:
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: br i1 %c2, label %then2, label %end
; CHECK: then2:
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; GFX12-LABEL: define amdgpu_kernel void @two_branches(
; GFX12: then1:
; GFX12-NEXT: store float %x, ptr addrspace(3) %p
; GFX12-NEXT: br label %join1
; GFX12: join1:
; GFX12: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire
; GFX12-NEXT: br i1 %c2, label %then2, label %end
; GFX12: then2:
; GFX12-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'two_branches': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @two_branches(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then1, label %join1
then1:
  store float %x, ptr addrspace(3) %p
  br label %join1
join1:
  %y = fmul float %x, %x
  %c2 = icmp ugt i32 %tid, 16
  br i1 %c2, label %then2, label %end
then2:
  %v = load float, ptr addrspace(3) %q
  %s = fadd float %v, %y
  store float %s, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; The producer two levels deep (a uniform if inside a divergent one), the
; consumer in a uniform if after the join: the uniform arm is legal.
; CHECK-LABEL: define amdgpu_kernel void @nested(
; CHECK: inner:
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: br label %outer.end
; CHECK: use:
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'nested': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @nested(float %x, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %outer, label %join
outer:
  %d = icmp ult i32 %n, 7
  br i1 %d, label %inner, label %outer.end
inner:
  store float %x, ptr addrspace(3) %p
  br label %outer.end
outer.end:
  br label %join
join:
  %u = icmp eq i32 %n, 0
  br i1 %u, label %use, label %skip
use:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %skip
skip:
  ret void
}

; A phi at the join of a divergent branch is divergent, and so is a
; branch on it: the barrier stays in %join1, before that branch.
; CHECK-LABEL: define amdgpu_kernel void @phi_condition(
; CHECK: join1:
; CHECK-NEXT: %sel = phi i1
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: br i1 %sel, label %then2, label %end
; RACE: error: in function 'phi_condition': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @phi_condition(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  store float %x, ptr addrspace(3) %p
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then1, label %join1
then1:
  br label %join1
join1:
  %sel = phi i1 [ true, %then1 ], [ false, %entry ]
  br i1 %sel, label %then2, label %end
then2:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; A switch on the work-item id: the barrier before the switch.
; CHECK-LABEL: define amdgpu_kernel void @switch_tid(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: switch i32 %tid
; RACE: error: in function 'switch_tid': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @switch_tid(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  store float %x, ptr addrspace(3) %p
  switch i32 %tid, label %end [ i32 0, label %a
                                i32 1, label %b ]
a:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
b:
  br label %end
end:
  ret void
}

; The producer in a loop lanes leave after different trip counts: the
; barrier after the loop, where they meet again. Each lane stores its own
; element of a one-dimensional workgroup (without the stated size, lanes
; that differ in y would write one element in two iterations, a
; write/write hazard no barrier in the loop may order).
; CHECK-LABEL: define amdgpu_kernel void @loop_exit(
; CHECK: loop:
; CHECK-NOT: barrier
; CHECK: exit:
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'loop_exit': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @loop_exit(float %x, ptr addrspace(1) %out) !reqd_work_group_size !90 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  store float %x, ptr addrspace(3) %p
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %tid
  br i1 %c, label %loop, label %exit
exit:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; Temporal divergence: %i is uniform inside the loop, but lanes leave it in
; different iterations, so the branch on it after the loop diverges; the
; barrier stays in %exit, before that branch.
; CHECK-LABEL: define amdgpu_kernel void @temporal(
; CHECK: exit:
; CHECK-NEXT: %k = icmp
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: br i1 %k, label %use, label %end
; RACE: error: in function 'temporal': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @temporal(float %x, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  store float %x, ptr addrspace(3) %p
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %e = icmp eq i32 %i, %tid
  br i1 %e, label %exit, label %latch
latch:
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %k = icmp ult i32 %i, 3
  br i1 %k, label %use, label %end
use:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; A divergent if inside a uniform loop: the RAW barrier after the join,
; the loop-carried WAR barrier (load in %join, store in %then next
; iteration) in the header before the divergent branch. It also orders the
; store against itself in the next iteration (a write/write window: the
; kernel states no workgroup size, so lanes that differ in y write one
; element), the summary's twelfth window.
; CHECK-LABEL: define amdgpu_kernel void @in_uniform_loop(
; CHECK: loop:
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: br i1 %c, label %then, label %join
; CHECK: then:
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'in_uniform_loop': amdsync-verify: unordered WAR hazard on @lds
; RACE: note: amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @in_uniform_loop(float %x, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %tid, 32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %join ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %join ]
  br i1 %c, label %then, label %join
then:
  store float %x, ptr addrspace(3) %p
  br label %join
join:
  %v = load float, ptr addrspace(3) %q
  %acc1 = fadd float %acc, %v
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, %n
  br i1 %d, label %loop, label %end
end:
  store float %acc1, ptr addrspace(1) %out
  ret void
}
; RACE: error: amdsync-verify: 11 error(s) in 9 function(s)
; CHECK: [[LOCAL]] = !{!"amdgpu-synchronize-as", !"local"}

;===--- Refusals ---------------------------------------------------------------===;

; Both accesses in the arm of a branch on the work-item id.
; (err_callee_arg is not a kernel: the barrier pass takes helpers first.)
; ERR: error: in function 'err_callee_arg': amdsync: cannot order RAW hazard on @lds: every position between 'store float %x, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4'
; ERR: note: amdsync: cannot order RAW hazard on @lds: this access conflicts with '%v = load float, ptr addrspace(3) %q, align 4'
; ERR: error: in function 'err_same_arm': amdsync: cannot order RAW hazard on @lds: every position between 'store float %x, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4' is in control flow that may diverge within the workgroup (a barrier there could hang)
; ERR-NEXT: %v = load float, ptr addrspace(3) %q
; ERR-NEXT: note: amdsync: cannot order RAW hazard on @lds: this access conflicts with '%v = load float, ptr addrspace(3) %q, align 4' and no barrier may be placed between them outside divergent control flow
; ERR-NEXT: store float %x, ptr addrspace(3) %p
define amdgpu_kernel void @err_same_arm(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %end
then:
  store float %x, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; Store in one arm, load in the other: lanes of different waves run both
; at once and no barrier can stand between them. Lane 0 stores lds[32],
; which lane 32 loads (the index proofs find the two lanes; with the load
; at lds[tid + 1] instead the arms' bytes never meet: test/llvm/index-proofs.ll).
; ERR: error: in function 'err_other_arm': amdsync: cannot order RAW hazard between 'store float %x, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4': lanes that take different ways of a branch that may diverge run them at once, and no barrier can stand between them
; ERR-NEXT: store float %x, ptr addrspace(3) %p
; ERR-NEXT: note: amdsync: the other access of this hazard, in the other way of the branch
; ERR-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @err_other_arm(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t32 = add i32 %tid, 32
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %t32
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %else
then:
  store float %x, ptr addrspace(3) %p
  br label %end
else:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; Other divergent conditions: the lane id in the wave (mbcnt), a loaded
; value, and the argument of a function that is not a kernel.
; ERR: error: in function 'err_mbcnt': amdsync: cannot order RAW hazard on @lds: every position between 'store float %x, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4'
; ERR: note: amdsync: cannot order RAW hazard on @lds: this access conflicts with '%v = load float, ptr addrspace(3) %q, align 4'
define amdgpu_kernel void @err_mbcnt(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %m = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %c = icmp ult i32 %m, 16
  br i1 %c, label %then, label %end
then:
  store float %x, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; ERR: error: in function 'err_loaded': amdsync: cannot order RAW hazard on @lds: every position between 'store float %x, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4'
; ERR: note: amdsync: cannot order RAW hazard on @lds: this access conflicts with '%v = load float, ptr addrspace(3) %q, align 4'
define amdgpu_kernel void @err_loaded(float %x, ptr addrspace(1) %flags, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %f = load i32, ptr addrspace(1) %flags
  %c = icmp ne i32 %f, 0
  br i1 %c, label %then, label %end
then:
  store float %x, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

define void @err_callee_arg(float %x, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %n, 4
  br i1 %c, label %then, label %end
then:
  store float %x, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; @two_branches with the barrier written right before the consumer, in
; the arm: refused by the barrier pass, and by the checker.
; ERR: error: in function 'err_barrier_in_arm': amdsync: existing barrier in control flow that may diverge within the workgroup (waves that skip it never arrive: hang)
; ERR-NEXT: call void @llvm.amdgcn.s.barrier()
; VERIFY: error: in function 'err_barrier_in_arm': amdsync-verify: barrier in control flow that may diverge within the workgroup
; VERIFY-NEXT: call void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @err_barrier_in_arm(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then1, label %join1
then1:
  store float %x, ptr addrspace(3) %p
  br label %join1
join1:
  %c2 = icmp ugt i32 %tid, 16
  br i1 %c2, label %then2, label %end
then2:
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; ERR: remark: amdsync-lds-barriers: 6 function(s), 4 hazard window(s), 0 already ordered; inserted 0 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 0 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)
; ERR: error: amdsync-lds-barriers: 6 error(s) in 6 function(s)

!0 = !{!"amdgpu-synchronize-as", !"local"}

!90 = !{i32 128, i32 1, i32 1}
