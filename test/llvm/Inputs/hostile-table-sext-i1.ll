target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global [2048 x i32] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %next, %latch ]
  %k1 = add nsw i32 %k, 1
  %m = shl nsw i32 %k1, 3
  %small = icmp ult i32 %lid, 4
  br i1 %small, label %write, label %join
write:
  %i = mul nsw i32 %lid, %m
  %pw = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 %k, ptr addrspace(3) %pw
  br label %join
join:
  %j = add nuw nsw i32 %lid, 32
  %pr = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %j
  %v = load i32, ptr addrspace(3) %pr
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  br label %latch
latch:
  %c = icmp ne i32 %k, -100
  %sx = sext i1 %c to i32
  %next = sub nsw i32 %k, %sx
  %e1 = icmp eq i32 %next, 3
  %e2 = icmp eq i32 %next, -1
  %e = or i1 %e1, %e2
  br i1 %e, label %done, label %loop
done:
  ret void
}
!0 = !{i32 256, i32 1, i32 1}
