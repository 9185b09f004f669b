; A module whose LDS addresses become integers only to be compared, and
; whose stored integers are not made of LDS addresses: nothing escapes, so
; a flat pointer made by inttoptr of an integer loaded from global memory
; addresses global memory and does not race (lds-escapes-integer.ll).
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @int_no_escape(ptr addrspace(1) %table, ptr addrspace(1) %o, float %v) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = ptrtoint ptr addrspace(3) @s to i32
  %null = icmp eq i32 %pi, 0
  %n = zext i1 %null to i32
  %sum = add i32 %t, %n
  store i32 %sum, ptr addrspace(1) %o, align 4
  %qi = load i64, ptr addrspace(1) %table, align 8
  %q = inttoptr i64 %qi to ptr
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
