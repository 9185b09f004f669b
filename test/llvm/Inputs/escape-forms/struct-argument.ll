; An LDS address passed to a helper inside a struct; the helper extracts
; the flat pointer from its parameter.
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define internal void @helper({ ptr, i32 } %d, ptr addrspace(1) %out, float %v) {
  %q = extractvalue { ptr, i32 } %d, 0
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define amdgpu_kernel void @struct_argument(ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s to ptr
  %agg = insertvalue { ptr, i32 } poison, ptr %f, 0
  call void @helper({ ptr, i32 } %agg, ptr addrspace(1) %out, float %v)
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
