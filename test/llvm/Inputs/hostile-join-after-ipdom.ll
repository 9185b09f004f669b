target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [128 x i32] poison, align 4

; Odd lanes take a divergent `continue` straight to the header once (B -> H),
; the others go through L (B's immediate post-dominator). H is a join of B
; (paths B->H and B->L->H are disjoint), so %i differs between lanes; but
; isJoin skips the predecessor L (the ipdom) and keeps %i uniform.
define amdgpu_kernel void @k() !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %tid, 1
  br label %H
H:
  %i = phi i32 [ 0, %entry ], [ %i1, %B ], [ %i2, %M ]
  %n = phi i32 [ 0, %entry ], [ %n1, %B ], [ %n, %M ]
  br label %B
B:
  %c = icmp ult i32 %n, %odd
  %i1 = add i32 %i, 1
  %n1 = add i32 %n, 1
  br i1 %c, label %H, label %L
L:
  %p = getelementptr inbounds [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %tid
  store i32 %i, ptr addrspace(3) %p, align 4
  %v = load i32, ptr addrspace(3) @lds, align 4
  %i2 = add i32 %i, 1
  %e = icmp ult i32 %i2, 4
  br i1 %e, label %M, label %exit
M:
  br label %H
exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 128, i32 1, i32 1}
