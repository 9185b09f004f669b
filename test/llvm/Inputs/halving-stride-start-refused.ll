; Inputs of halving-stride-start.ll: the reduction refused, each with what
; the analysis saw. Each kernel carries its authors' barriers (one before
; the loop, one after each step); the checker rejects each.
;
; @no_size: no workgroup size stated. Lanes that differ only in tid.y
; write the same slot (a race in a 2-D launch), and the error says so.
; REFUSED: error: in function 'no_size': amdsync: cannot order
; REFUSED-SAME: lanes that differ only in tid.y touch the same bytes
; CHECKER-DAG: error: in function 'no_size': amdsync-verify: unordered
;
; @overlap: the guard one too generous (tid <= s): lane s writes sdata[s],
; which lane 0 reads in the same step. The pass refuses it, the checker
; rejects the authors' barriers, and the oracle finds the race.
; REFUSED: error: in function 'overlap': amdsync: cannot order
; REFUSED-SAME: their offsets dynamic LDS (@sdata) + 4*tid.x + 4*s0 and dynamic LDS (@sdata) + 4*tid.x may meet across lanes
; CHECKER-DAG: error: in function 'overlap': amdsync-verify: unordered
; RACE: overlap: race
;
; @wide_start: the first stride is half a kernel argument, so it may be up
; to 2^30 and the read's offset 4*tid.x + 4*s may pass 2^32 (the form is
; then not the address): the read's offset stays unknown, and the pair is
; refused as before.
; REFUSED: error: in function 'wide_start': amdsync: cannot order
; CHECKER-DAG: error: in function 'wide_start': amdsync-verify: unordered

target triple = "amdgcn-amd-amdhsa"

@sdata = external addrspace(3) global [0 x float], align 4

define amdgpu_kernel void @no_size(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %tid = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %args = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %sizep = getelementptr inbounds nuw i8, ptr addrspace(4) %args, i64 12
  %size16 = load i16, ptr addrspace(4) %sizep, align 4, !range !1, !invariant.load !2
  %size = zext nneg i16 %size16 to i32
  %base = mul i32 %bid, %size
  %i = add i32 %base, %tid
  %iw = zext i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr addrspace(1) %in, i64 %iw
  %v = load float, ptr addrspace(1) %src, align 4
  %mine = getelementptr inbounds nuw float, ptr addrspace(3) @sdata, i32 %tid
  store float %v, ptr addrspace(3) %mine, align 4
  fence syncscope("workgroup") release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !3
  %start = lshr i32 %size, 1
  %none = icmp eq i32 %start, 0
  br i1 %none, label %done, label %loop

loop:
  %s = phi i32 [ %start, %entry ], [ %half, %latch ]
  %active = icmp samesign ult i32 %tid, %s
  br i1 %active, label %step, label %latch

step:
  %otherp = getelementptr inbounds nuw float, ptr addrspace(3) %mine, i32 %s
  %other = load float, ptr addrspace(3) %otherp, align 4
  %own = load float, ptr addrspace(3) %mine, align 4
  %sum = fadd float %other, %own
  store float %sum, ptr addrspace(3) %mine, align 4
  br label %latch

latch:
  fence syncscope("workgroup") release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !3
  %half = lshr i32 %s, 1
  %last = icmp eq i32 %half, 0
  br i1 %last, label %done, label %loop

done:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %write, label %exit

write:
  %total = load float, ptr addrspace(3) @sdata, align 4
  %bw = zext i32 %bid to i64
  %dst = getelementptr inbounds nuw float, ptr addrspace(1) %out, i64 %bw
  store float %total, ptr addrspace(1) %dst, align 4
  br label %exit

exit:
  ret void
}

define amdgpu_kernel void @overlap(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) !reqd_work_group_size !0 {
entry:
  %tid = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %args = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %sizep = getelementptr inbounds nuw i8, ptr addrspace(4) %args, i64 12
  %size16 = load i16, ptr addrspace(4) %sizep, align 4, !range !1, !invariant.load !2
  %size = zext nneg i16 %size16 to i32
  %base = mul i32 %bid, %size
  %i = add i32 %base, %tid
  %iw = zext i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr addrspace(1) %in, i64 %iw
  %v = load float, ptr addrspace(1) %src, align 4
  %mine = getelementptr inbounds nuw float, ptr addrspace(3) @sdata, i32 %tid
  store float %v, ptr addrspace(3) %mine, align 4
  fence syncscope("workgroup") release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !3
  %start = lshr i32 %size, 1
  %none = icmp eq i32 %start, 0
  br i1 %none, label %done, label %loop

loop:
  %s = phi i32 [ %start, %entry ], [ %half, %latch ]
  %active = icmp ule i32 %tid, %s
  br i1 %active, label %step, label %latch

step:
  %otherp = getelementptr inbounds nuw float, ptr addrspace(3) %mine, i32 %s
  %other = load float, ptr addrspace(3) %otherp, align 4
  %own = load float, ptr addrspace(3) %mine, align 4
  %sum = fadd float %other, %own
  store float %sum, ptr addrspace(3) %mine, align 4
  br label %latch

latch:
  fence syncscope("workgroup") release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !3
  %half = lshr i32 %s, 1
  %last = icmp eq i32 %half, 0
  br i1 %last, label %done, label %loop

done:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %write, label %exit

write:
  %total = load float, ptr addrspace(3) @sdata, align 4
  %bw = zext i32 %bid to i64
  %dst = getelementptr inbounds nuw float, ptr addrspace(1) %out, i64 %bw
  store float %total, ptr addrspace(1) %dst, align 4
  br label %exit

exit:
  ret void
}

define amdgpu_kernel void @wide_start(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) !reqd_work_group_size !0 {
entry:
  %tid = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %args = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %sizep = getelementptr inbounds nuw i8, ptr addrspace(4) %args, i64 12
  %size16 = load i16, ptr addrspace(4) %sizep, align 4, !range !1, !invariant.load !2
  %size = zext nneg i16 %size16 to i32
  %base = mul i32 %bid, %size
  %i = add i32 %base, %tid
  %iw = zext i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr addrspace(1) %in, i64 %iw
  %v = load float, ptr addrspace(1) %src, align 4
  %mine = getelementptr inbounds nuw float, ptr addrspace(3) @sdata, i32 %tid
  store float %v, ptr addrspace(3) %mine, align 4
  fence syncscope("workgroup") release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !3
  %start = lshr i32 %n, 1
  %none = icmp eq i32 %start, 0
  br i1 %none, label %done, label %loop

loop:
  %s = phi i32 [ %start, %entry ], [ %half, %latch ]
  %active = icmp samesign ult i32 %tid, %s
  br i1 %active, label %step, label %latch

step:
  %otherp = getelementptr inbounds nuw float, ptr addrspace(3) %mine, i32 %s
  %other = load float, ptr addrspace(3) %otherp, align 4
  %own = load float, ptr addrspace(3) %mine, align 4
  %sum = fadd float %other, %own
  store float %sum, ptr addrspace(3) %mine, align 4
  br label %latch

latch:
  fence syncscope("workgroup") release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !3
  %half = lshr i32 %s, 1
  %last = icmp eq i32 %half, 0
  br i1 %last, label %done, label %loop

done:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %write, label %exit

write:
  %total = load float, ptr addrspace(3) @sdata, align 4
  %bw = zext i32 %bid to i64
  %dst = getelementptr inbounds nuw float, ptr addrspace(1) %out, i64 %bw
  store float %total, ptr addrspace(1) %dst, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare void @llvm.amdgcn.s.barrier()

!0 = !{i32 128, i32 1, i32 1}
!1 = !{i16 1, i16 1025}
!2 = !{}
!3 = !{!"amdgpu-synchronize-as", !"local"}
