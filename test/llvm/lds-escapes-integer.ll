; Soundness (accepted races before this change, on d578b25): an LDS
; address that escapes SSA values as an integer. Each kernel races (a store
; through the pointer, a load of another lane's element, no barrier); the
; module's only escapes are integers.
; @spill_int: the address spilled as an i64 (ptrtoint of the flat pointer),
;   reloaded, and made a flat pointer again by inttoptr.
; @pass_int: the address passed to a helper as an i64 (ptrtoint of the LDS
;   pointer, zext); the helper makes a flat pointer of it.
; Observed: amdsync-verify exit 0; amdsync-lds-barriers: 0 hazard windows.
; Now: once an integer made of an LDS address is stored, passed or returned,
; an integer loaded, returned by a call or received by a helper, under an
; inttoptr to a flat pointer, may address LDS (unknown memory), as a flat
; pointer does (lds-escapes-memory.ll). An integer spilled to a private
; slot (an alloca only loaded and stored, clang -O0's locals) is what was
; stored there: @spill_int's reload is @s itself (on 5fa4867, unknown
; memory; both race).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; CHECK-DAG: error: in function 'spill_int': amdsync-verify: unordered RAW hazard on @s
; CHECK-DAG: error: in function 'helper': amdsync-verify: unordered RAW hazard on unknown memory
; CHECK: error: amdsync-verify: 2 error(s) in 3 function(s)
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; PLACED: remark: amdsync-lds-barriers: 3 function(s), 2 hazard window(s), 0 already ordered; inserted 2 barrier(s)
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; IR-LABEL: define amdgpu_kernel void @spill_int(
; IR: store float %v, ptr %e1
; IR: fence syncscope("workgroup") release
; IR-NEXT: call void @llvm.amdgcn.s.barrier()
; IR-NEXT: fence syncscope("workgroup") acquire
; IR-NEXT: %r = load float, ptr %e2
; Without an escape, an integer loaded and made a pointer addresses global
; memory: no hazard.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/lds-int-no-escape.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NOESC
; NOESC: remark: amdsync-lds-barriers: 1 function(s), 0 hazard window(s), 0 already ordered; inserted 0 barrier(s)

@s = internal addrspace(3) global [256 x float] poison, align 4
@t = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @spill_int(ptr addrspace(1) %out, float %v) #0 {
  %slot = alloca i64, align 8, addrspace(5)
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %flat = addrspacecast ptr addrspace(3) @s to ptr
  %int = ptrtoint ptr %flat to i64
  store i64 %int, ptr addrspace(5) %slot, align 8
  %back = load i64, ptr addrspace(5) %slot, align 8
  %p = inttoptr i64 %back to ptr
  %e1 = getelementptr inbounds float, ptr %p, i32 %id
  store float %v, ptr %e1, align 4
  %i = sub i32 255, %id
  %e2 = getelementptr inbounds float, ptr %p, i32 %i
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define internal void @helper(i64 %a, float %v, i32 %id, ptr addrspace(1) %out) {
  %p = inttoptr i64 %a to ptr
  %e1 = getelementptr inbounds float, ptr %p, i32 %id
  store float %v, ptr %e1, align 4
  %i = sub i32 255, %id
  %e2 = getelementptr inbounds float, ptr %p, i32 %i
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define amdgpu_kernel void @pass_int(ptr addrspace(1) %out, float %v) #0 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %int = ptrtoint ptr addrspace(3) @t to i32
  %wide = zext i32 %int to i64
  call void @helper(i64 %wide, float %v, i32 %id, ptr addrspace(1) %out)
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
