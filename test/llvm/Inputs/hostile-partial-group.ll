target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@s = internal addrspace(3) global [256 x float] poison, align 4

; OpenCL 2.0 (uniform-work-group-size false): in the last group of a
; non-uniform dispatch, get_local_size(0) is the remainder, below 256.
define amdgpu_kernel void @align(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 !reqd_work_group_size !0 {
  %t = call i64 @_Z12get_local_idj(i32 0)
  %n = call i64 @_Z14get_local_sizej(i32 0)
  %g = call i64 @_Z13get_global_idj(i32 0)
  %pi = getelementptr float, ptr addrspace(1) %in, i64 %g
  %v = load float, ptr addrspace(1) %pi, align 4
  %off = sub i64 256, %n            ; 0 in a full group, 256-n in the tail group
  %i = add i64 %t, %off
  %pw = getelementptr float, ptr addrspace(3) @s, i64 %i
  store float %v, ptr addrspace(3) %pw, align 4
  %pr = getelementptr float, ptr addrspace(3) @s, i64 %t
  %r = load float, ptr addrspace(3) %pr, align 4
  %po = getelementptr float, ptr addrspace(1) %out, i64 %g
  store float %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i64 @_Z12get_local_idj(i32) #1
declare i64 @_Z14get_local_sizej(i32) #1
declare i64 @_Z13get_global_idj(i32) #1

attributes #0 = { "amdgpu-flat-work-group-size"="256,256" "target-cpu"="gfx942" "uniform-work-group-size"="false" }
attributes #1 = { nounwind willreturn memory(none) }
!0 = !{i32 256, i32 1, i32 1}
