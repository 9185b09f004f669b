target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [128 x i32] poison, align 4

; A second shape of the missed join: lanes 0..31 leave the inner loop at
; i == 2 by a divergent branch (B -> X), go round the outer loop and come
; back into the header H with i = 0; lanes 32..63 wait at Lt (B's immediate
; post-dominator) with i = 2. H's predecessors are Pre (way X) and Lt (the
; post-dominator, skipped by isJoin), so %i, a counting phi [0, Pre],
; [i + 1, Lt], stays uniform and becomes a symbol. At Lt, lane 30 (i = 0)
; and lane 32 (i = 2) both address lds[63 - t + i] = lds[33].
define amdgpu_kernel void @k(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %low = icmp ult i32 %t, 32
  %rev = sub nuw nsw i32 63, %t
  br label %Pre
Pre:
  %kk = phi i32 [ 0, %entry ], [ %kk1, %X ]
  %first = icmp eq i32 %kk, 0
  br label %H
H:
  %i = phi i32 [ 0, %Pre ], [ %i1, %Lt ]
  br label %B
B:
  %at2 = icmp eq i32 %i, 2
  %c0 = and i1 %at2, %low
  %c = and i1 %c0, %first
  br i1 %c, label %X, label %Lt
X:
  %kk1 = add nuw nsw i32 %kk, 1
  br label %Pre
Lt:
  %a = add nuw nsw i32 %rev, %i
  %p = getelementptr inbounds [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %a
  store i32 %t, ptr addrspace(3) %p, align 4
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  %i1 = add nuw nsw i32 %i, 1
  %e = icmp ult i32 %i1, 4
  br i1 %e, label %H, label %exit
exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 64, i32 1, i32 1}
