target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [16 x i32] poison, align 4

; for (i = 0; i < 4; i++) { j = 0; do { if (t == 0) lds[i] = t;
;                                      if (t < i + 2) x = lds[j]; } while (++j < i); }
; The inner loop is a do-while: it runs once with j = 0 when i = 0. The
; relation made for j is j <= i - 1 (countingPhiRange: base_lo = by.lo -
; by.off takes the bound's lower end, then adds back the -1 of `<`: i's
; lowest value 0 is read as 1, so max(c0 - lo(i), -1) = max(-1, -1)).
; At i = j = 0, lane 1 reads lds[0] while lane 0 writes it.
define amdgpu_kernel void @k(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %is0 = icmp eq i32 %t, 0
  br label %Ih
Ih:
  %i = phi i32 [ 0, %entry ], [ %i1, %Il ]
  %ip2 = add nuw nsw i32 %i, 2
  br label %Jh
Jh:
  %j = phi i32 [ 0, %Ih ], [ %j1, %Jl ]
  br i1 %is0, label %W, label %G
W:
  %pi = getelementptr inbounds [16 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 %t, ptr addrspace(3) %pi, align 4
  br label %G
G:
  %lt = icmp ult i32 %t, %ip2
  br i1 %lt, label %R, label %Jl
R:
  %pj = getelementptr inbounds [16 x i32], ptr addrspace(3) @lds, i32 0, i32 %j
  %v = load i32, ptr addrspace(3) %pj, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  br label %Jl
Jl:
  %j1 = add nuw nsw i32 %j, 1
  %jc = icmp ult i32 %j1, %i
  br i1 %jc, label %Jh, label %Il
Il:
  %i1 = add nuw nsw i32 %i, 1
  %ic = icmp ult i32 %i1, 4
  br i1 %ic, label %Ih, label %exit
exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 128, i32 1, i32 1}
