; Calls that cannot race are not hazards (precision; each was a barrier
; nobody needs and a checker error on f4befcc):
;  @append_consume, @append_atomicrmw: llvm.amdgcn.ds.append/ds.consume are
;    atomic read-modify-writes of their counter (DS_APPEND/DS_CONSUME), in
;    the shared intrinsic table as such: atomic against atomic is no hazard;
;  @is_shared: llvm.amdgcn.is.shared/is.private read only the pointer's
;    address bits: no memory.
; The counter read by a plain load after ds.append still races
; (@append_then_load: one barrier, and the checker rejects the bare input).
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=RACE --implicit-check-not=error:
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; SUMMARY: remark: amdsync-lds-barriers: 4 function(s), 1 hazard window(s), 0 already ordered; inserted 1 barrier(s)
; RACE: error: in function 'append_then_load': amdsync-verify: unordered RAW hazard on @cnt
; RACE: note: amdsync-verify: unordered RAW hazard on @cnt
; RACE: error: amdsync-verify: 1 error(s) in 4 function(s)
; IR-LABEL: define amdgpu_kernel void @append_then_load
; IR: call i32 @llvm.amdgcn.ds.append.p3
; IR-NEXT: fence syncscope("workgroup") release
; IR-NEXT: call void @llvm.amdgcn.s.barrier()
; IR-NEXT: fence syncscope("workgroup") acquire
; IR-NEXT: load i32, ptr addrspace(3) @cnt

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x float] poison, align 4
@cnt = internal addrspace(3) global i32 poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i1 @llvm.amdgcn.is.shared(ptr)
declare i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3), i1)
declare i32 @llvm.amdgcn.ds.consume.p3(ptr addrspace(3), i1)

define amdgpu_kernel void @append_consume(ptr addrspace(1) %out) {
  %a = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @cnt, i1 false)
  %b = call i32 @llvm.amdgcn.ds.consume.p3(ptr addrspace(3) @cnt, i1 false)
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @append_atomicrmw(ptr addrspace(1) %out) {
  %a = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @cnt, i1 false)
  %b = atomicrmw add ptr addrspace(3) @cnt, i32 1 syncscope("workgroup") monotonic
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @is_shared(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %s = call i1 @llvm.amdgcn.is.shared(ptr %f)
  %z = zext i1 %s to i32
  store i32 %z, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @append_then_load(ptr addrspace(1) %out) {
  %a = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @cnt, i1 false)
  %b = load i32, ptr addrspace(3) @cnt
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %out
  ret void
}
