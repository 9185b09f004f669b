target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global [2048 x i32] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %lid2 = shl nuw nsw i32 %lid, 1
  br label %outer
outer:
  %off = phi i32 [ 1, %entry ], [ %off2, %olatch ]
  %st = add nuw nsw i32 %off, 0
  br label %inner
inner:
  %j = phi i32 [ %st, %outer ], [ %j2, %inner ]
  %z = mul i32 %off, 0
  %t = add i32 %z, %lid2
  %idx = add i32 %t, %j
  %p = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %idx
  store i32 %lid, ptr addrspace(3) %p
  %v = load i32, ptr addrspace(3) %p
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  %j2 = lshr i32 %j, 1
  %c = icmp eq i32 %j2, 0
  br i1 %c, label %olatch, label %inner
olatch:
  %off2 = shl nuw nsw i32 %off, 1
  %more = icmp ult i32 %off2, 16
  br i1 %more, label %outer, label %done
done:
  ret void
}
!0 = !{i32 256, i32 1, i32 1}
