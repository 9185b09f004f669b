; An LDS DMA no path reaches (a reviewer's kernel): llc-22 compiles it for
; gfx1201, which has no LDS DMA, so the passes accept it there too
; (constructs.ll).
target triple = "amdgcn-amd-amdhsa"
@a = internal addrspace(3) global [1024 x i32] poison, align 4
declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
define amdgpu_kernel void @unreach(ptr addrspace(1) %g, ptr addrspace(1) %o) !reqd_work_group_size !0 {
entry:
  ret void
dead:
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @a, i32 4, i32 0, i32 0)
  ret void
}
!0 = !{i32 256, i32 1, i32 1}
