; An LDS address stored as a double (ptrtoint, then bitcast to double).
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @double_bitcast(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s to ptr
  %i = ptrtoint ptr %f to i64
  %d = bitcast i64 %i to double
  store double %d, ptr addrspace(1) %slot, align 8
  %back = load i64, ptr addrspace(1) %slot, align 8
  %q = inttoptr i64 %back to ptr
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
