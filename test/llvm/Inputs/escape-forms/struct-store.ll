; An LDS address stored inside a struct ({ptr, i32}, built by insertvalue).
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @struct_store(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s to ptr
  %agg0 = insertvalue { ptr, i32 } poison, ptr %f, 0
  %agg = insertvalue { ptr, i32 } %agg0, i32 256, 1
  store { ptr, i32 } %agg, ptr addrspace(1) %slot, align 8
  %q = load ptr, ptr addrspace(1) %slot, align 8
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
