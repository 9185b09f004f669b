target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@s = internal addrspace(3) global [256 x float] poison, align 4
@count = addrspace(1) global i32 0

; This module's own _Z7barrierj: counts calls, synchronizes nothing.
define void @_Z7barrierj(i32 %f) noinline {
  atomicrmw add ptr addrspace(1) @count, i32 1 monotonic
  ret void
}

; This module's own _Z12get_group_idj: the lane id.
define i64 @_Z12get_group_idj(i32 %d) noinline {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %z = zext i32 %t to i64
  ret i64 %z
}

; lane t writes s[t], then reads s[255-t]: lane 0 reads lane 255's store
define amdgpu_kernel void @nobar(ptr addrspace(1) %out) #0 !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pw = getelementptr float, ptr addrspace(3) @s, i32 %t
  store float 1.0, ptr addrspace(3) %pw, align 4
  call void @_Z7barrierj(i32 1)
  %r = sub i32 255, %t
  %pr = getelementptr float, ptr addrspace(3) @s, i32 %r
  %v = load float, ptr addrspace(3) %pr, align 4
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}

; a real fenced barrier, executed only by lanes 0..63 (wave 0): hang
define amdgpu_kernel void @hang(ptr addrspace(1) %out) #0 !reqd_work_group_size !0 {
  %g = call i64 @_Z12get_group_idj(i32 0)
  %c = icmp ult i64 %g, 64
  br i1 %c, label %then, label %end
then:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %end
end:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
attributes #0 = { "amdgpu-flat-work-group-size"="256,256" "target-cpu"="gfx942" }
!0 = !{i32 256, i32 1, i32 1}
