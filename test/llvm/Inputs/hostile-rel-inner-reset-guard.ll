target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [16 x i32] poison, align 4

; for (j = 0; ; ) { for (i = 1; i < 4; i++) { if (t == 0) lds[i] = t; x = lds[j]; }
;                   if (!(++j < i)) break; }   // i: the inner loop's last value
; The relation j <= i - 1 is true only of the i that ended the previous inner
; loop; the inner loop then starts i again at 1, while j keeps its value:
; j = 2, i = 2: lane 1 (t < i) reads lds[2], which lane 0 writes in the same iteration.
define amdgpu_kernel void @k(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %is0 = icmp eq i32 %t, 0
  br label %Jh
Jh:
  %j = phi i32 [ 0, %entry ], [ %j1, %Jl ]
  br label %Ih
Ih:
  %i = phi i32 [ 1, %Jh ], [ %i1, %Ilatch ]
  br i1 %is0, label %W, label %G
W:
  %pi = getelementptr inbounds [16 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 %t, ptr addrspace(3) %pi, align 4
  br label %G
G:
  %lt = icmp ult i32 %t, %i
  br i1 %lt, label %R, label %Ilatch
R:
  %pj = getelementptr inbounds [16 x i32], ptr addrspace(3) @lds, i32 0, i32 %j
  %v = load i32, ptr addrspace(3) %pj, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  br label %Ilatch
Ilatch:
  %i1 = add nuw nsw i32 %i, 1
  %ic = icmp ult i32 %i1, 4
  br i1 %ic, label %Ih, label %Jl
Jl:
  %j1 = add nuw nsw i32 %j, 1
  %jc = icmp ult i32 %j1, %i
  br i1 %jc, label %Jh, label %exit
exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 128, i32 1, i32 1}
