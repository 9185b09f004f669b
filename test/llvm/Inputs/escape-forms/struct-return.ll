; An LDS address returned inside a struct by a helper.
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define internal { ptr, i32 } @make() {
  %f = addrspacecast ptr addrspace(3) @s to ptr
  %agg0 = insertvalue { ptr, i32 } poison, ptr %f, 0
  %agg = insertvalue { ptr, i32 } %agg0, i32 256, 1
  ret { ptr, i32 } %agg
}

define amdgpu_kernel void @struct_return(ptr addrspace(1) %out, float %v) #0 {
  %agg = call { ptr, i32 } @make()
  %q = extractvalue { ptr, i32 } %agg, 0
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
