; A kernel whose LDS pointers stay in SSA values (none is stored, passed
; or returned): a flat pointer it loads from global memory addresses global
; memory, so its accesses do not race the LDS ones (lds-escapes-memory.ll).
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @no_escape(ptr addrspace(1) %table, float %v) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = load ptr, ptr addrspace(1) %table, align 8
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  %l = getelementptr inbounds float, ptr addrspace(3) @s, i32 %t
  store float %r, ptr addrspace(3) %l, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
