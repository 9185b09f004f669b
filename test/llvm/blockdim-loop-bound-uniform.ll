; Precision (refused on 4fb509e): a loop bounded by
; blockDim.x is taken as divergent. HIP's blockDim.x is
; __builtin_amdgcn_workgroup_size_x(): an invariant load from
; llvm.amdgcn.implicitarg.ptr() (offset 12, code object v5; older code
; objects read llvm.amdgcn.dispatch.ptr() + 4), the same in every lane.
; From HIP (clang-22 -x hip --offload-arch=gfx942 -O1/-O3):
;   for (unsigned i = 0; i < blockDim.x; i += 64) {
;     s[t] = in[i*1024+t]; __syncthreads(); acc += s[(t+i) % blockDim.x]; __syncthreads(); }
; The same shape refuses every `for (s = blockDim.x / 2; s > 0; s >>= 1)`
; reduction for this reason too (besides its index reasoning).
; Observed: amdsync-verify: "barrier in control flow that may diverge within
;   the workgroup" at both barriers; amdsync-lds-barriers<existing=replace>:
;   "cannot order RAW hazard ... no barrier may be placed between them
;   outside divergent control flow", exit 1.
; Expected: loads through llvm.amdgcn.implicitarg.ptr / dispatch.ptr
;   (kernel-invariant, addrspace(4), !invariant.load) are uniform; the
;   hand-written kernel is clean and existing=replace re-places 2 barriers.
; RUN: llvm-extract --func=blockdim_loop %s -S | %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace>,amdsync-verify<target=gfx942>' -S | grep -c 'call void @llvm.amdgcn.s.barrier()' | FileCheck %s --check-prefix=COUNT
; COUNT: {{^}}2{{$}}
; A load of global memory (address space 1) stays divergent: the same loop
; bounded by a value loaded from %in is refused (@global_bound).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=GLOBAL
; GLOBAL-NOT: in function 'blockdim_loop'
; GLOBAL: error: in function 'global_bound': amdsync-verify: barrier in control flow that may diverge

@s = internal addrspace(3) global [1024 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @blockdim_loop(ptr addrspace(1) %out, ptr addrspace(1) %in) #0 {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %ia = call align 8 dereferenceable(256) ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %bdp = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 12
  %bd16 = load i16, ptr addrspace(4) %bdp, align 4, !range !1, !invariant.load !2, !noundef !2
  %bd = zext i16 %bd16 to i32
  %mine = getelementptr inbounds float, ptr addrspace(3) @s, i32 %t
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %gi = getelementptr inbounds float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %gi, align 4
  store float %x, ptr addrspace(3) %mine, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %ti = add i32 %t, %i
  %j = urem i32 %ti, %bd
  %other = getelementptr inbounds float, ptr addrspace(3) @s, i32 %j
  %y = load float, ptr addrspace(3) %other, align 4
  %acc.next = fadd float %acc, %y
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %i.next = add nuw nsw i32 %i, 64
  %c = icmp ult i32 %i.next, %bd
  br i1 %c, label %loop, label %exit
exit:
  %go = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %acc.next, ptr addrspace(1) %go, align 4
  ret void
}

define amdgpu_kernel void @global_bound(ptr addrspace(1) %out, ptr addrspace(1) %in) #0 {
entry:
  %t = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %bd16 = load i16, ptr addrspace(1) %in, align 4
  %bd = zext i16 %bd16 to i32
  %mine = getelementptr inbounds float, ptr addrspace(3) @s, i32 %t
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %gi = getelementptr inbounds float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %gi, align 4
  store float %x, ptr addrspace(3) %mine, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %ti = add i32 %t, %i
  %j = urem i32 %ti, %bd
  %other = getelementptr inbounds float, ptr addrspace(3) @s, i32 %j
  %y = load float, ptr addrspace(3) %other, align 4
  %acc.next = fadd float %acc, %y
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %i.next = add nuw nsw i32 %i, 64
  %c = icmp ult i32 %i.next, %bd
  br i1 %c, label %loop, label %exit
exit:
  %go = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %acc.next, ptr addrspace(1) %go, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx942" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
!1 = !{i16 1, i16 1025}
!2 = !{}
