target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [256 x i32] poison, align 4

; for (x = 5; x != 3; x = x +nsw 1) { lds[t + x] = ...; ... = lds[t + x]; if (x == 9) break; }
; x starts above the `!=` bound, so only the uniform break ends the loop
; (x = 5..9, no overflow, no poison). countingPhiRange takes the `nsw`
; `x != 3` exit as bounding x (edgeBound's no_wrap) and gives x the range
; [5, 5]: iterations look like one, and lane t reading lds[t + x] after lane
; t - 1 wrote it one iteration earlier needs no barrier.
define amdgpu_kernel void @k(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %H
H:
  %x = phi i32 [ 5, %entry ], [ %x1, %L ]
  %a = add nuw nsw i32 %t, %x
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %a
  store i32 %t, ptr addrspace(3) %p, align 4
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  %brk = icmp eq i32 %x, 9
  br i1 %brk, label %exit, label %L
L:
  %x1 = add nsw i32 %x, 1
  %c = icmp ne i32 %x1, 3
  br i1 %c, label %H, label %exit
exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 128, i32 1, i32 1}
