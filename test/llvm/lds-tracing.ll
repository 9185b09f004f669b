; LDS accesses the LLVM IR front end used to miss (the barrier pass
; inserted nothing and the checker accepted the race; each fails on
; 4bd6fbd):
;  @memcpy_lds_source, @memmove_lds_source_war: an intrinsic the table does
;    not know reads and writes what ANY of its LDS arguments points to (was:
;    the first only, so memcpy(@lds2 <- @lds) lost the read of @lds);
;  @dynamic_lds_alias: every dynamic LDS variable (`external addrspace(3)
;    global [0 x i8]`) is placed at one address (AMDGPULowerModuleLDS;
;    llc-22 gives both base 0): one resource;
;  @flat_select_two_globals, @flat_phi_loop, @flat_phi_nested: a flat
;    pointer is traced through every input of selects and phis, loop-carried
;    ones included; it may touch LDS when any path reaches LDS (was: only
;    when all inputs agreed on one root, one level deep);
;  @masked_scatter, @masked_gather: vectors of LDS pointers are LDS
;    arguments.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: awk -f %S/Inputs/barrier-count.awk %t.ll | FileCheck %s --check-prefix=COUNT
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=RACE

; SUMMARY: remark: amdsync-lds-barriers: 8 function(s), 8 hazard window(s), 0 already ordered; inserted 8 barrier(s)
; COUNT:      @memcpy_lds_source 1 0 0 0
; COUNT-NEXT: @memmove_lds_source_war 1 0 0 0
; COUNT-NEXT: @dynamic_lds_alias 1 0 0 0
; COUNT-NEXT: @flat_select_two_globals 1 0 0 0
; COUNT-NEXT: @flat_phi_loop 1 0 0 0
; COUNT-NEXT: @flat_phi_nested 1 0 0 0
; COUNT-NEXT: @masked_scatter 1 0 0 0
; COUNT-NEXT: @masked_gather 1 0 0 0
; RACE: error: in function 'memcpy_lds_source': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'memmove_lds_source_war': amdsync-verify: unordered WAR hazard
; RACE: error: in function 'dynamic_lds_alias': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'flat_select_two_globals': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'flat_phi_loop': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'flat_phi_nested': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'masked_scatter': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'masked_gather': amdsync-verify: unordered RAW hazard

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x float] poison, align 4
@lds2 = internal addrspace(3) global [256 x float] poison, align 4
@dyn = external addrspace(3) global [0 x i8], align 4
@dyn2 = external addrspace(3) global [0 x i8], align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.memcpy.p3.p3.i32(ptr addrspace(3), ptr addrspace(3), i32, i1)
declare void @llvm.memmove.p3.p3.i32(ptr addrspace(3), ptr addrspace(3), i32, i1)
declare void @llvm.masked.scatter.v2f32.v2p3(<2 x float>, <2 x ptr addrspace(3)>, i32, <2 x i1>)
declare <2 x float> @llvm.masked.gather.v2f32.v2p3(<2 x ptr addrspace(3)>, i32, <2 x i1>, <2 x float>)

; Every lane stores its element of @lds, then copies all of @lds.
define amdgpu_kernel void @memcpy_lds_source(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  call void @llvm.memcpy.p3.p3.i32(ptr addrspace(3) @lds2, ptr addrspace(3) @lds, i32 1024, i1 false)
  ret void
}

; Every lane reads all of @lds (the memmove), then overwrites its element.
define amdgpu_kernel void @memmove_lds_source_war(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.memmove.p3.p3.i32(ptr addrspace(3) @lds2, ptr addrspace(3) @lds, i32 1024, i1 false)
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  ret void
}

; HIP: extern __shared__ float a[]; extern __shared__ float b[]; a == b.
define amdgpu_kernel void @dynamic_lds_alias(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @dyn, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @dyn2, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @flat_select_two_globals(float %x, i1 %c, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %fa = addrspacecast ptr addrspace(3) @lds to ptr
  %fb = addrspacecast ptr addrspace(3) @lds2 to ptr
  %s = select i1 %c, ptr %fa, ptr %fb
  %p = getelementptr float, ptr %s, i32 %tid
  store float %x, ptr %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; A pointer-increment loop over a flat pointer into @lds.
define amdgpu_kernel void @flat_phi_loop(float %x, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f0 = addrspacecast ptr addrspace(3) @lds to ptr
  %fs = getelementptr float, ptr %f0, i32 %tid
  br label %loop
loop:
  %pf = phi ptr [ %fs, %entry ], [ %pn, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  store float %x, ptr %pf
  %pn = getelementptr float, ptr %pf, i32 64
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %end
end:
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; Two diamonds in a row: a phi of a phi, all inputs rooted at @lds.
define amdgpu_kernel void @flat_phi_nested(float %x, i1 %c, i1 %d, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %g = getelementptr float, ptr %f, i32 %tid
  br i1 %c, label %a, label %j1
a:
  %h = getelementptr float, ptr %g, i32 64
  br label %j1
j1:
  %p1 = phi ptr [ %g, %entry ], [ %h, %a ]
  br i1 %d, label %b, label %j2
b:
  %k = getelementptr float, ptr %p1, i32 1
  br label %j2
j2:
  %p2 = phi ptr [ %p1, %j1 ], [ %k, %b ]
  store float %x, ptr %p2
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @masked_scatter(<2 x float> %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %v0 = insertelement <2 x ptr addrspace(3)> poison, ptr addrspace(3) %p, i32 0
  %v1 = insertelement <2 x ptr addrspace(3)> %v0, ptr addrspace(3) %p, i32 1
  call void @llvm.masked.scatter.v2f32.v2p3(<2 x float> %x, <2 x ptr addrspace(3)> %v1, i32 4, <2 x i1> <i1 true, i1 true>)
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @masked_gather(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v0 = insertelement <2 x ptr addrspace(3)> poison, ptr addrspace(3) %q, i32 0
  %v1 = insertelement <2 x ptr addrspace(3)> %v0, ptr addrspace(3) %q, i32 1
  %g = call <2 x float> @llvm.masked.gather.v2f32.v2p3(<2 x ptr addrspace(3)> %v1, i32 4, <2 x i1> <i1 true, i1 true>, <2 x float> poison)
  %e = extractelement <2 x float> %g, i32 0
  store float %e, ptr addrspace(1) %out
  ret void
}
