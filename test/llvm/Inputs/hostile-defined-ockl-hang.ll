@s = internal addrspace(3) global [256 x float] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
!0 = !{i32 256, i32 1, i32 1}

define amdgpu_kernel void @k(ptr addrspace(1) %out, float %v) !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 64
  br i1 %c, label %a, label %b
a:
  call void @h(i32 %t, float %v)
  br label %b
b:
  ret void
}
define i64 @__ockl_get_local_id(i32 %d, float %v) {
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret i64 0
}
define void @h(i32 %t, float %v) {
  %x = call i64 @__ockl_get_local_id(i32 0, float %v)
  ret void
}
