; Soundness (accepted races on 4fb509e): real compiler output passes LDS
; pointers through memory. Once an LDS pointer of the module escapes SSA
; values (stored as data, passed to a function, returned), a flat pointer
; loaded from memory may address LDS (unknown memory). The two ordinary HIP
; shapes:
; @o0: any kernel at -O0 (clang-22 -x hip -O0): `float *p = s;` lives in an
;   alloca; p[t] = ...; ... = p[255 - t]; with no __syncthreads.
; @shptr: a `__shared__ float *buf;` set by thread 0 (buf = sel ? a : b),
;   barrier, then buf[t] = ...; ... = buf[t ^ 1] with no barrier (-O1/-O3).
; Observed: amdsync-verify exit 0 on both; amdsync-lds-barriers inserts no
;   barrier for the race (llc: ds_write/ds_read or flat ops, no s_barrier).
; Now: an unordered RAW hazard on unknown memory in each kernel, which the
;   barrier pass orders (3 barriers: in @shptr the loaded pointer may also
;   point into @buf, so its store waits for the load of @buf too). A module where no LDS pointer escapes keeps flat
;   loaded pointers as global memory (Inputs/lds-no-escape.ll: no hazard).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; CHECK-DAG: error: in function 'o0': amdsync-verify: unordered RAW hazard
; CHECK-DAG: error: in function 'shptr': amdsync-verify: unordered RAW hazard
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=PLACED
; PLACED: remark: amdsync-lds-barriers: 2 function(s), {{.*}} inserted 3 barrier(s)
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/lds-no-escape.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NOESC
; NOESC: remark: amdsync-lds-barriers: 1 function(s), 0 hazard window(s), 0 already ordered; inserted 0 barrier(s)

@s = internal addrspace(3) global [256 x float] poison, align 4
@a = internal addrspace(3) global [256 x float] poison, align 4
@b = internal addrspace(3) global [256 x float] poison, align 4
@buf = internal addrspace(3) global ptr poison, align 8

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @o0(ptr addrspace(1) %out, float %v) #0 {
  %slot = alloca ptr, align 8, addrspace(5)
  %fslot = addrspacecast ptr addrspace(5) %slot to ptr
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %fslot, align 8
  %p1 = load ptr, ptr %fslot, align 8
  %e1 = getelementptr inbounds float, ptr %p1, i32 %t
  store float %v, ptr %e1, align 4
  %p2 = load ptr, ptr %fslot, align 8
  %i = sub i32 255, %t
  %e2 = getelementptr inbounds float, ptr %p2, i32 %i
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define amdgpu_kernel void @shptr(ptr addrspace(1) %out, float %v, i32 %sel) #0 {
  %t = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %z = icmp eq i32 %t, 0
  br i1 %z, label %set, label %go
set:
  %c = icmp eq i32 %sel, 0
  %p = select i1 %c, ptr addrspacecast (ptr addrspace(3) @b to ptr), ptr addrspacecast (ptr addrspace(3) @a to ptr)
  store ptr %p, ptr addrspace(3) @buf, align 8
  br label %go
go:
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %q = load ptr, ptr addrspace(3) @buf, align 8
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
