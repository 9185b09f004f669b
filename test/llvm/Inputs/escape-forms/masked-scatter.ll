; An LDS address stored by llvm.masked.scatter.
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

declare void @llvm.masked.scatter.v1p0.v1p1(<1 x ptr>, <1 x ptr addrspace(1)>, <1 x i1>)

define amdgpu_kernel void @masked_scatter(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s to ptr
  %vec = insertelement <1 x ptr> poison, ptr %f, i32 0
  %ptrs = insertelement <1 x ptr addrspace(1)> poison, ptr addrspace(1) %slot, i32 0
  call void @llvm.masked.scatter.v1p0.v1p1(<1 x ptr> %vec, <1 x ptr addrspace(1)> align 8 %ptrs, <1 x i1> splat (i1 true))
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
