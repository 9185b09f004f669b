; Soundness (an accepted race on 4fb509e): a flat pointer parameter of a
; non-kernel function, once LDS pointers escape (here: the kernel passes
; one to it), may address LDS. HIP writes __shared__ arrays passed to __device__
; helpers exactly so: `float *s` = addrspacecast of the LDS array. clang
; -O1 recovers addrspace(3) when the helper is internal and every call
; passes LDS (infer-address-spaces); it does not at -O0, with -fgpu-rdc
; (external helpers), or when some call passes global memory.
;   __device__ float xchg(float *s, float v) { s[tid] = v; return s[tid ^ 1]; }
; Observed: amdsync-verify exit 0; amdsync-lds-barriers: 0 hazard windows.
; Now: the store and the load through %p may touch LDS: an unordered RAW
;   hazard on unknown memory (error).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; CHECK: error: in function 'helper': amdsync-verify: unordered RAW hazard

@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define float @helper(ptr %p, float %v) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr float, ptr %p, i32 %t
  store float %v, ptr %a
  %u = xor i32 %t, 1
  %b = getelementptr float, ptr %p, i32 %u
  %r = load float, ptr %b
  ret float %r
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s to ptr
  %r = call float @helper(ptr %f, float %v)
  store float %r, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="gfx942" }
