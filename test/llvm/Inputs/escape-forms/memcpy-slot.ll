; An LDS address in a constant table (a global's initializer) copied by
; llvm.memcpy into a private slot, and loaded back.
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

@table = internal addrspace(4) constant ptr addrspacecast (ptr addrspace(3) @s to ptr), align 8

declare void @llvm.memcpy.p5.p4.i64(ptr addrspace(5), ptr addrspace(4), i64, i1)

define amdgpu_kernel void @memcpy_slot(ptr addrspace(1) %out, float %v) #0 {
  %slot = alloca ptr, align 8, addrspace(5)
  call void @llvm.memcpy.p5.p4.i64(ptr addrspace(5) align 8 %slot, ptr addrspace(4) align 8 @table, i64 8, i1 false)
  %q = load ptr, ptr addrspace(5) %slot, align 8
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
