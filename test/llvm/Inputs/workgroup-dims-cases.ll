; Inputs of workgroup-dims.ll.
;
; @helper, no size of its own, writes s[x + 16y] and reads s[x + 32y]
; (another lane's element when y > 0); its one caller @k2d states
; 16 x 16 x 1. The statement workgroup-dims=1 is about kernels that state
; no size, and a helper runs in its callers' workgroups: it must not make
; the helper's tid.y 0 (a review found the race: no barrier placed, the
; checker accepting it).
; HELPER: error: in function 'helper': amdsync-verify: unordered RAW hazard on @s
; HELPER-CLEAN: k2d: clean barriers=1
;
; @ty2: s[x + y] written, s[x] read by the same lane: with workgroup-dims=1
; y is 0 and each lane reads what it wrote, though clang's range(0, 1024)
; on workitem.id.y bounds it (a bound, not a stated size).
; TY2: error: in function 'ty2': amdsync-verify: unordered

target triple = "amdgcn-amd-amdhsa"

@s = addrspace(3) global [1024 x float] poison, align 16
@t = addrspace(3) global [1024 x float] poison, align 16

define internal float @helper(ptr addrspace(1) %in) {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %y16 = shl nuw nsw i32 %y, 4
  %i = add nuw nsw i32 %y16, %x
  %ip = getelementptr inbounds float, ptr addrspace(1) %in, i32 %i
  %v = load float, ptr addrspace(1) %ip, align 4
  %sp = getelementptr inbounds nuw float, ptr addrspace(3) @s, i32 %i
  store float %v, ptr addrspace(3) %sp, align 4
  %y32 = shl nuw nsw i32 %y, 5
  %j = add nuw nsw i32 %y32, %x
  %rp = getelementptr inbounds nuw float, ptr addrspace(3) @s, i32 %j
  %r = load float, ptr addrspace(3) %rp, align 4
  ret float %r
}

define amdgpu_kernel void @k2d(ptr addrspace(1) %out, ptr addrspace(1) %in) !reqd_work_group_size !0 {
  %r = call float @helper(ptr addrspace(1) %in)
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %y16 = shl nuw nsw i32 %y, 4
  %i = add nuw nsw i32 %y16, %x
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i32 %i
  store float %r, ptr addrspace(1) %op, align 4
  ret void
}

define amdgpu_kernel void @ty2(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %x = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %ip = getelementptr inbounds float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %ip, align 4
  %y = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.y()
  %sx = getelementptr inbounds nuw float, ptr addrspace(3) @t, i32 %x
  %sxy = getelementptr inbounds nuw float, ptr addrspace(3) %sx, i32 %y
  store float %v, ptr addrspace(3) %sxy, align 4
  %r = load float, ptr addrspace(3) %sx, align 4
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i32 %x
  store float %r, ptr addrspace(1) %op, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()

!0 = !{i32 16, i32 16, i32 1}
