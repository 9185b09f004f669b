; test/llvm/wave-local.ll: lanes 0..32 at stride 16 with a wave-level
; ordering point, written by hand, between the step's loads and its store.
; Lane 16 reads lds[32], which lane 32 overwrites: one wave of 64 lanes
; (gfx942: clean), two waves of 32 (gfx1201: the point orders nothing
; between them).
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [1024 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.wave.barrier()

define amdgpu_kernel void @step16_lane32() !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %c = icmp ult i32 %tid, 33
  br i1 %c, label %s, label %end
s:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 16
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  fence syncscope("wavefront") release, !mmra !1
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire, !mmra !1
  store float %r, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

!0 = !{i32 256, i32 1, i32 1}
!1 = !{!"amdgpu-synchronize-as", !"local"}
