; The LLVM IR checker (amdsync-verify in the opt plugin): its own
; translation of loads, stores and intrinsic calls, the shared core.
; RUN: not %opt-amdsync -passes=amdsync-verify %s -disable-output 2>&1 | FileCheck %s --implicit-check-not=error:

; CHECK-NOT: in function 'fenced'
; CHECK: error: in function 'missing': amdsync-verify: unordered RAW hazard on @lds
; CHECK: note: amdsync-verify: unordered RAW hazard on @lds
; CHECK: error: in function 'bare': amdsync-verify: unordered RAW hazard on @lds
; CHECK: note: amdsync-verify: unordered RAW hazard on @lds
; CHECK: error: in function 'bare': amdsync-verify: barrier without workgroup-scope fences: no release fence before it and acquire fence after it
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK: error: in function 'global_mmra': amdsync-verify: unordered RAW hazard
; CHECK: note: amdsync-verify: unordered RAW hazard
; CHECK: error: in function 'global_mmra': amdsync-verify: barrier without workgroup-scope fences: no release fence before it;
; CHECK: error: in function 'divergent_if': amdsync-verify: barrier in control flow that may diverge
; CHECK-NOT: in function 'uniform_if'
; CHECK-NOT: in function 'uniform_loop'
; CHECK: error: in function 'divergent_loop': amdsync-verify: barrier in control flow that may diverge
; CHECK: error: in function 'temporal_divergence': amdsync-verify: barrier in control flow that may diverge
; CHECK-NOT: in function 'disjoint_offsets'
; CHECK: error: in function 'overlapping_offsets': amdsync-verify: unordered RAW hazard on @lds
; CHECK: note: amdsync-verify: unordered RAW hazard on @lds
; CHECK-NOT: in function 'descriptor_fields'
; CHECK: error: amdsync-verify: 9 error(s) in 12 function(s)

@lds = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @fenced(float %x, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @missing(float %x, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @bare(float %x, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier()
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @global_mmra(float %x, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release, !mmra !1
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @divergent_if(float %x) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %end
then:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %end
end:
  ret void
}

define amdgpu_kernel void @uniform_if(float %x, i32 %n) #0 {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %c = icmp ult i32 %wg, %n
  br i1 %c, label %then, label %end
then:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %end
end:
  ret void
}

define amdgpu_kernel void @uniform_loop(float %x, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %q
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %end
end:
  ret void
}

define amdgpu_kernel void @divergent_loop(float %x) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %tid
  br i1 %c, label %loop, label %end
end:
  ret void
}

; Lanes leave both loops by a divergent branch in the inner one, in
; different iterations of the outer one: after the loops, where all lanes
; meet again, the outer counter differs between lanes, and so does the
; branch on it.
define amdgpu_kernel void @temporal_divergence(i32 %n) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j1, %outer.latch ]
  br label %inner
inner:
  %i = phi i32 [ 0, %outer ], [ %i1, %inner.latch ]
  %c = icmp ult i32 %i, %tid
  br i1 %c, label %inner.latch, label %exit
inner.latch:
  %i1 = add i32 %i, 1
  %ci = icmp ult i32 %i1, 4
  br i1 %ci, label %inner, label %outer.latch
outer.latch:
  %j1 = add i32 %j, 1
  %cj = icmp ult i32 %j1, %n
  br i1 %cj, label %outer, label %exit
exit:
  %cd = icmp ult i32 %j, 2
  br i1 %cd, label %bar, label %end
bar:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %end
end:
  ret void
}

; Constant offsets into one global: bytes [0, 4) and [4, 8) do not
; overlap (no hazard), [0, 4) twice does (the checker reports the race).
define amdgpu_kernel void @disjoint_offsets(float %x, ptr addrspace(1) %out) #0 {
  store float %x, ptr addrspace(3) @lds
  %q = getelementptr [256 x float], ptr addrspace(3) @lds, i32 0, i32 1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @overlapping_offsets(float %x, ptr addrspace(1) %out) #0 {
  %p = getelementptr i8, ptr addrspace(3) @lds, i32 2
  store float %x, ptr addrspace(3) %p
  %q = getelementptr [256 x float], ptr addrspace(3) @lds, i32 0, i32 1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; Pointers carried in aggregates (lowered memref descriptors): the field an
; extractvalue reads is the one an insertvalue set, so the store goes to
; @lds and the load to @other, which do not alias.
@other = internal addrspace(3) global [64 x float] poison, align 4

define amdgpu_kernel void @descriptor_fields(float %x, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %d0 = insertvalue { ptr addrspace(3), ptr addrspace(3) } poison, ptr addrspace(3) @lds, 0
  %d1 = insertvalue { ptr addrspace(3), ptr addrspace(3) } %d0, ptr addrspace(3) @other, 1
  %pa = extractvalue { ptr addrspace(3), ptr addrspace(3) } %d1, 0
  %pb = extractvalue { ptr addrspace(3), ptr addrspace(3) } %d1, 1
  %p = getelementptr float, ptr addrspace(3) %pa, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) %pb, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="gfx942" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
!1 = !{!"amdgpu-synchronize-as", !"global"}
