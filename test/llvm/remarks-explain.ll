; Explanations on the LLVM side (issue 23, 1 and 2): an analysis remark per
; pair of accesses that conflict by their kinds and buffer but that an
; index proof keeps apart (named for the rule), and a missed remark where
; a barrier's window had a position executed less often that no barrier
; may take: here the store is in the arm of a divergent branch that enters
; the loop directly, so the barrier stands in the loop (an estimated 17
; executions) where after the store it would run once. -pass-remarks-missed
; and -pass-remarks-analysis print them, remark files hold them, and they
; change nothing: the output is the same with and without.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -pass-remarks-missed=amdsync -pass-remarks-analysis=amdsync -S -o %t.with.ll 2>&1 | FileCheck %s
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -S -o %t.without.ll 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
; RUN: diff %t.with.ll %t.without.ll
; RUN: FileCheck %s --check-prefix=IR < %t.with.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -pass-remarks-output=%t.yaml -pass-remarks-filter=amdsync -disable-output
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: llvm-remarkutil count --parser=yaml --group-by=total --count-by=remark-name %t.yaml | FileCheck %s --check-prefix=COUNT
; The same pairs counted by -stats and by amdsync-opt --stats.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -stats -disable-output 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %amdsync-opt --target=gfx942 --stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; Run again on its own output, every window is ordered by the barriers
; it placed: an already-ordered remark names the barrier.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %t.with.ll -pass-remarks-analysis=amdsync -disable-output 2>&1 | FileCheck %s --check-prefix=AGAIN
; AGAIN: remark: {{.*}}amdsync: no barrier for RAW pair on @buf between 'store float 1.000000e+00, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4': already-ordered: the input's barrier 'call void @llvm.amdgcn.s.barrier()' stands on every path between them
; On gfx1201 the split pair's signal cannot leave the loop either (it
; meets its wait once per iteration): a missed remark says where it stopped
; and why; the GEMM-like loops elsewhere, whose signals reach their
; producers, get none (test/mlir/remarks-split.mlir).
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>' %s -pass-remarks-missed=amdsync -disable-output 2>&1 | FileCheck %s --check-prefix=SIGNAL
; SIGNAL: remark: {{.*}}amdsync: the signal of the split barrier for RAW hazard on @buf between 'store float 1.000000e+00, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4' stops at the start of its block, not right after the producer: it would leave the region where it meets its wait exactly once
; SIGNAL-NOT: the signal of the split barrier for {{.*}} on @half
; Only what the flags ask for: -pass-remarks-analysis alone prints no missed remark.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -pass-remarks-analysis=amdsync -disable-output 2>&1 | FileCheck %s --check-prefix=ANALYSIS

; CHECK: remark: {{.*}}amdsync: the barrier for RAW hazard on @buf between 'store float 1.000000e+00, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4' executes an estimated 17 time(s) where it stands; after 'store float 1.000000e+00, ptr addrspace(3) %p, align 4' it would execute 1 time(s), but that position is in control flow that may diverge within the workgroup (a barrier there could hang)
; CHECK: remark: {{.*}}amdsync: no barrier for WAR pair on @half between '%b = load float, ptr addrspace(3) %hp, align 4' and 'store float %s, ptr addrspace(3) %tp, align 4': thread-private:
; The step's write and the next step's read of the other half are a
; hazard: a barrier, no remark.
; CHECK-NOT: no barrier for RAW pair on @half between 'store float %s, ptr addrspace(3) %tp, align 4' and '%b2 = load
; QUIET-NOT: remark
; IR-LABEL: define amdgpu_kernel void @missed(
; IR: loop:
; IR-NEXT: %i = load
; IR: call void @llvm.amdgcn.s.barrier()
; IR: %v = load float
; YAML: --- !Missed
; YAML-NEXT: Pass: amdsync
; YAML-NEXT: Name: divergent-position
; YAML-NEXT: Function: missed
; YAML: --- !Analysis
; YAML-NEXT: Pass: amdsync
; YAML-NEXT: Name: thread-private
; YAML-NEXT: Function: tree
; COUNT: Total,{{ *}}[[#]]
; STATS: ... Statistics Collected (amdsync-lds-barriers) ...
; STATS: 4 amdsync-lds-barriers - Read-after-write windows to order
; STATS: [[#]] amdsync-lds-barriers - Pairs kept apart by the thread-private proof
; STATS: 3 amdsync-lds-barriers - s_barrier barriers inserted
; ANALYSIS-NOT: the barrier for
; ANALYSIS: no barrier for
; ANALYSIS-NOT: the barrier for

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@buf = internal addrspace(3) global [256 x float] poison, align 4
@half = internal addrspace(3) global [256 x float] poison, align 4

; The loop's counter lives in a private slot (clang -O0's shape), so the
; loop is uniform although the divergent arm enters its header directly.
define amdgpu_kernel void @missed(ptr addrspace(1) %out, i32 %n) "amdgpu-flat-work-group-size"="1,256" {
entry:
  %slot = alloca i32, align 4, addrspace(5)
  store i32 0, ptr addrspace(5) %slot, align 4
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %div, label %loop

div:
  %p = getelementptr inbounds float, ptr addrspace(3) @buf, i32 %tid
  store float 1.0, ptr addrspace(3) %p, align 4
  br label %loop

loop:
  %i = load i32, ptr addrspace(5) %slot, align 4
  %t1 = add nuw nsw i32 %tid, 1
  %q = getelementptr inbounds float, ptr addrspace(3) @buf, i32 %t1
  %v = load float, ptr addrspace(3) %q, align 4
  %i.next = add nuw nsw i32 %i, 1
  store i32 %i.next, ptr addrspace(5) %slot, align 4
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}

; Two steps of a tree reduction over 256 lanes.
define amdgpu_kernel void @tree(ptr addrspace(1) %out, float %x) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %tp = getelementptr inbounds float, ptr addrspace(3) @half, i32 %tid
  store float %x, ptr addrspace(3) %tp, align 4
  %c1 = icmp ult i32 %tid, 128
  br i1 %c1, label %step1, label %join1

step1:
  %h = add nuw nsw i32 %tid, 128
  %hp = getelementptr inbounds float, ptr addrspace(3) @half, i32 %h
  %a = load float, ptr addrspace(3) %tp, align 4
  %b = load float, ptr addrspace(3) %hp, align 4
  %s = fadd float %a, %b
  store float %s, ptr addrspace(3) %tp, align 4
  br label %join1

join1:
  %c2 = icmp ult i32 %tid, 64
  br i1 %c2, label %step2, label %exit

step2:
  %h2 = add nuw nsw i32 %tid, 64
  %hp2 = getelementptr inbounds float, ptr addrspace(3) @half, i32 %h2
  %a2 = load float, ptr addrspace(3) %tp, align 4
  %b2 = load float, ptr addrspace(3) %hp2, align 4
  %s2 = fadd float %a2, %b2
  store float %s2, ptr addrspace(3) %tp, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{i32 256, i32 1, i32 1}
