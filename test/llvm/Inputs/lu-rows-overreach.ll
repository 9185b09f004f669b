; test/llvm/loop-counter-relations.ll: @lu_rows with the inner loop
; running one row too far (j < i + 2): it reads row i + 1, which lane
; i + 1 writes in the same iteration, in divergent control flow.
target triple = "amdgcn-amd-amdhsa"

@a = internal addrspace(3) global [2048 x float] poison, align 4

define amdgpu_kernel void @lu_rows_overreach() !reqd_work_group_size !0 {
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
  %i2 = add nuw nsw i32 %i, 2
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
  %j.done = icmp eq i32 %j.next, %i2
  br i1 %j.done, label %latch, label %inner

latch:
  %i.next = add nuw nsw i32 %i, 1
  %i.done = icmp eq i32 %i.next, 16
  br i1 %i.done, label %exit, label %outer

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{i32 128, i32 1, i32 1}
