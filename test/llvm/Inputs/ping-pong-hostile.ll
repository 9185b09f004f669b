target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Ping-pong shapes the groups of LDS globals (pointers.c amdsyncLlvmGroupLds)
; must not be fooled by; each races where its hazard is left unordered.

@a = internal addrspace(3) global [256 x float] poison, align 4
@b = internal addrspace(3) global [256 x float] poison, align 4

; Lane t writes b[t]; then every lane reads through select(c, a, select(d, b, a)):
; with c = 0 and d = 1 (kernel arguments) that is b[255 - t], another lane's
; element of b: a RAW hazard on b.
define amdgpu_kernel void @nested_select(ptr addrspace(1) %out, i32 %c, i32 %d) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pw = getelementptr inbounds float, ptr addrspace(3) @b, i32 %t
  store float 1.0, ptr addrspace(3) %pw, align 4
  %cc = icmp ne i32 %c, 0
  %dd = icmp ne i32 %d, 0
  %inner = select i1 %dd, ptr addrspace(3) @b, ptr addrspace(3) @a
  %base = select i1 %cc, ptr addrspace(3) @a, ptr addrspace(3) %inner
  %r = sub i32 255, %t
  %pr = getelementptr inbounds float, ptr addrspace(3) %base, i32 %r
  %v = load float, ptr addrspace(3) %pr, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}

; Lane t writes the buffer `select f, a, b` and reads p[255 - t]. The entry
; (a, f = 0) and the edge from %even (b, f = 1) say p = f ? b : a, under
; which the two are apart; the edge from %odd brings b with f = 0: after
; it, both are b and lane t's write meets lane 255 - t's read.
define amdgpu_kernel void @third_edge(ptr addrspace(1) %out, i32 %n) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = sub i32 255, %t
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i1, %even ], [ %i1, %odd ]
  %p = phi ptr addrspace(3) [ @a, %entry ], [ @b, %even ], [ @b, %odd ]
  %f = phi i1 [ false, %entry ], [ true, %even ], [ false, %odd ]
  %q = select i1 %f, ptr addrspace(3) @a, ptr addrspace(3) @b
  %pw = getelementptr inbounds float, ptr addrspace(3) %q, i32 %t
  store float 1.0, ptr addrspace(3) %pw, align 4
  %pr = getelementptr inbounds float, ptr addrspace(3) %p, i32 %r
  %v = load float, ptr addrspace(3) %pr, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %po, align 4
  %i1 = add i32 %i, 1
  %done = icmp sge i32 %i1, %n
  br i1 %done, label %exit, label %choose

choose:
  %low = and i32 %i1, 1
  %c = icmp eq i32 %low, 0
  br i1 %c, label %even, label %odd

even:
  br label %header

odd:
  br label %header

exit:
  ret void
}

; p and q swap on the edge from %swap, but the edge from %reset sets both
; to a (its incoming value listed first): after it, lane t's write to q
; meets lane 255 - t's read of p.
define amdgpu_kernel void @swap_reset(ptr addrspace(1) %out, i32 %n) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = sub i32 255, %t
  br label %header

header:
  %i = phi i32 [ %i1, %reset ], [ 0, %entry ], [ %i1, %swap ]
  %p = phi ptr addrspace(3) [ @a, %reset ], [ @a, %entry ], [ %q, %swap ]
  %q = phi ptr addrspace(3) [ @a, %reset ], [ @b, %entry ], [ %p, %swap ]
  %pw = getelementptr inbounds float, ptr addrspace(3) %q, i32 %t
  store float 1.0, ptr addrspace(3) %pw, align 4
  %pr = getelementptr inbounds float, ptr addrspace(3) %p, i32 %r
  %v = load float, ptr addrspace(3) %pr, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %po, align 4
  %i1 = add i32 %i, 1
  %done = icmp sge i32 %i1, %n
  br i1 %done, label %exit, label %choose

choose:
  %c = icmp eq i32 %i1, 2
  br i1 %c, label %reset, label %swap

reset:
  br label %header

swap:
  br label %header

exit:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 256, i32 1, i32 1}
