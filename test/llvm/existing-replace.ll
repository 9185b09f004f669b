; existing=replace removes only barriers that order LDS alone (both fences
; limited to "local" by their MMRA) and places its own; a barrier whose
; fences order all memory stays as written. Here amdsync needs one barrier
; in each kernel: @lds_only gets a new one where the old one stood, @all
; keeps its own (nothing inserted).
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace;summary>,amdsync-verify<target=gfx942>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: FileCheck %s < %t.ll

; SUMMARY: 2 function(s), 2 hazard window(s), 1 already ordered; inserted 1 barrier(s), {{.*}}; removed 1 LDS-only barrier(s)

; CHECK-LABEL: define amdgpu_kernel void @lds_only
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: %t1 = add
; CHECK-NEXT: %q = getelementptr
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra
; CHECK-NEXT: %v = load
; CHECK-LABEL: define amdgpu_kernel void @all
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("workgroup") release{{$}}
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire{{$}}
; CHECK-NOT: s.barrier

@lds = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @lds_only(float %x, ptr addrspace(1) %out) {
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

define amdgpu_kernel void @all(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

!0 = !{!"amdgpu-synchronize-as", !"local"}
