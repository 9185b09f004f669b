target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global [2048 x i32] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %jslot = alloca i32, align 4, addrspace(5)
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %lid2 = shl nuw nsw i32 %lid, 1
  br label %outer
outer:
  %off = phi i32 [ 1, %entry ], [ %off2, %olatch ]
  store i32 %off, ptr addrspace(5) %jslot
  br label %ihdr
ihdr:
  %j = load i32, ptr addrspace(5) %jslot
  %z0 = icmp eq i32 %j, 0
  br i1 %z0, label %olatch, label %ibody
ibody:
  %z = mul i32 %off, 0
  %t = add i32 %z, %lid2
  %jj = load i32, ptr addrspace(5) %jslot
  %idx = add i32 %t, %jj
  %p = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %idx
  store i32 %lid, ptr addrspace(3) %p
  %v = load i32, ptr addrspace(3) %p
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  %j3 = load i32, ptr addrspace(5) %jslot
  %j2 = lshr i32 %j3, 1
  store i32 %j2, ptr addrspace(5) %jslot
  br label %ihdr
olatch:
  %off2 = shl nuw nsw i32 %off, 1
  %more = icmp ult i32 %off2, 16
  br i1 %more, label %outer, label %done
done:
  ret void
}
!0 = !{i32 256, i32 1, i32 1}
