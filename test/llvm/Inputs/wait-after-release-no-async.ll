; A plain LDS store and another lane's read across `fence release; s.waitcnt;
; s.barrier; fence acquire`: no async transfer, so the wait after the
; release fence changes nothing (publish-wait-after-release.ll).
target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
declare void @llvm.amdgcn.s.waitcnt(i32)
declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @plain(float %x, ptr addrspace(1) %out) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.waitcnt(i32 0)
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  store float %y, ptr addrspace(1) %out
  ret void
}
