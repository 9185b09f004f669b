target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [128 x i32] poison, align 4

; s is 100 or 50 (a uniform phi of constants). N: if (t < 4) if (t < s) lds[t] = 1;
; W: if (t < s) lds[t] = 2; R: if (t == 0) out[0] = lds[99].
; The pass gives N and W the same threads (the inner guard t < s wins), so
; one key; the checker's own chain for N is t <= min(3, s - 1).
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %sel) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ne i32 %sel, 0
  br i1 %c, label %A, label %B
A:
  br label %J
B:
  br label %J
J:
  %s = phi i32 [ 100, %A ], [ 50, %B ]
  %c4 = icmp ult i32 %t, 4
  br i1 %c4, label %N1, label %W0
N1:
  %cs = icmp ult i32 %t, %s
  br i1 %cs, label %N2, label %W0
N2:
  %pn = getelementptr inbounds [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %t
  store i32 1, ptr addrspace(3) %pn, align 4
  br label %W0
W0:
  %cw = icmp ult i32 %t, %s
  br i1 %cw, label %W1, label %R0
W1:
  %pw = getelementptr inbounds [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %t
  store i32 2, ptr addrspace(3) %pw, align 4
  br label %R0
R0:
  %z = icmp eq i32 %t, 0
  br i1 %z, label %R1, label %exit
R1:
  %pr = getelementptr inbounds [128 x i32], ptr addrspace(3) @lds, i32 0, i32 99
  %v = load i32, ptr addrspace(3) %pr, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %exit
exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 128, i32 1, i32 1}
