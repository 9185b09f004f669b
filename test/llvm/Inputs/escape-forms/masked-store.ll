; An LDS address stored by llvm.masked.store (a vector of one pointer).
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

declare void @llvm.masked.store.v1p0.p1(<1 x ptr>, ptr addrspace(1), <1 x i1>)

define amdgpu_kernel void @masked_store(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s to ptr
  %vec = insertelement <1 x ptr> poison, ptr %f, i32 0
  call void @llvm.masked.store.v1p0.p1(<1 x ptr> %vec, ptr addrspace(1) align 8 %slot, <1 x i1> splat (i1 true))
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
