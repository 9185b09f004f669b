@s = internal addrspace(3) global [256 x float] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
!0 = !{i32 256, i32 1, i32 1}

define amdgpu_kernel void @k(ptr addrspace(1) %out, float %v) !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  call void @h(i32 %t, float %v)
  %i = sub i32 255, %t
  %q = getelementptr inbounds float, ptr addrspace(3) @s, i32 %i
  %r = load float, ptr addrspace(3) %q, align 4
  %g = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %g, align 4
  ret void
}
define i64 @__ockl_get_local_id(i32 %d, float %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @s, i32 %t
  store float %v, ptr addrspace(3) %p, align 4
  ret i64 0
}
define void @h(i32 %t, float %v) {
  %x = call i64 @__ockl_get_local_id(i32 0, float %v)
  ret void
}
