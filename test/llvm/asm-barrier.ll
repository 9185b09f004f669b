; Inline assembly that is nothing but `s_barrier` (comment lines aside; the
; way upstream writes amdgpu.lds_barrier before gfx90a) is the workgroup
; barrier: with its fences it orders the store and the other lane's load
; (@asm_barrier, accepted as written). Assembly that does anything more
; (@asm_more: an s_nop after it) is a call, which orders nothing: the pass
; adds its own barrier, the checker rejects the input. 359b8e9 rejected
; @asm_barrier too.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx908>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY
; RUN: %opt-amdsync -passes='amdsync<target=gfx908>' %s -S | FileCheck %s
; VERIFY-NOT: in function 'asm_barrier'
; VERIFY: error: in function 'asm_more': amdsync-verify: unordered RAW hazard on @l
; CHECK-LABEL: define amdgpu_kernel void @asm_barrier
; CHECK-NOT: @llvm.amdgcn.s.barrier
; CHECK-LABEL: define amdgpu_kernel void @asm_more
; CHECK: call void @llvm.amdgcn.s.barrier()

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @asm_barrier(float %x, ptr addrspace(1) %out) "target-cpu"="gfx908" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void asm sideeffect ";;;WARNING: BREAKS DEBUG WATCHES\0As_barrier", ""()
  fence syncscope("workgroup") acquire
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  store float %y, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @asm_more(float %x, ptr addrspace(1) %out) "target-cpu"="gfx908" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void asm sideeffect "s_barrier\0As_nop 0", ""()
  fence syncscope("workgroup") acquire
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  store float %y, ptr addrspace(1) %out
  ret void
}
