; test/llvm/wave-local.ll: @err_point_not_dominating with a wave-level
; ordering point written by hand at the end of %a. Lanes 32..47 reach the
; store through %b without passing it, and lane 32 overwrites what lane 16
; loads: the checker rejects it.
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [1024 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.wave.barrier()

define amdgpu_kernel void @point_not_dominating() !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %c0 = icmp ult i32 %tid, 48
  br i1 %c0, label %r, label %exit
r:
  %c1 = icmp ult i32 %tid, 32
  br i1 %c1, label %a, label %b
a:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 16
  %v = load float, ptr addrspace(3) %q
  fence syncscope("wavefront") release, !mmra !1
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire, !mmra !1
  br label %s
b:
  br label %s
s:
  %w = phi float [ %v, %a ], [ 0.0, %b ]
  store float %w, ptr addrspace(3) %p
  br label %exit
exit:
  ret void
}

!0 = !{i32 64, i32 1, i32 1}
!1 = !{!"amdgpu-synchronize-as", !"local"}
