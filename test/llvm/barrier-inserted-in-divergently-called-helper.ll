; Soundness (failed on 4fb509e): amdsync-lds-barriers inserts s_barrier into a
; non-kernel function that its kernel calls under a divergent branch
; (threadIdx.x < 128), and amdsync-verify accepts the result.
; From HIP (clang-22 -x hip --offload-arch=gfx942 -O1, a __device__
; __attribute__((noinline)) helper with a race on a __shared__ array):
;   __device__ noinline float rotate(float v) { buf[tid] = v; return buf[(tid+1)%128]; }
;   __global__ void k(...) { ... if (threadIdx.x < 128) v = rotate(v); ... }
; Observed: exit 0, "inserted 1 barrier(s)"; the barrier sits in @rotate;
;   llc: s_barrier in _Z6rotatePff, reached only under s_and_saveexec in the
;   kernel: waves 2.. of a 256-lane workgroup never arrive (hang).
; Now: helpers are synchronized before kernels, so the barrier the helper
;   needs is in place when the kernel is analyzed, and the kernel's call of
;   it under the divergent branch is an error at the call (the pass fails,
;   opt exits 1); the checker rejects the same call.
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; CHECK: error: in function 'k': amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge
; CHECK-NEXT: call float @rotate

@buf = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define internal float @rotate(float %v) #0 {
  %t = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @buf, i32 %t
  store float %v, ptr addrspace(3) %p, align 4
  %t1 = add nuw nsw i32 %t, 1
  %i = and i32 %t1, 127
  %q = getelementptr inbounds float, ptr addrspace(3) @buf, i32 %i
  %r = load float, ptr addrspace(3) %q, align 4
  ret float %r
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) #1 {
  %t = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr inbounds float, ptr addrspace(1) %in, i32 %t
  %v = load float, ptr addrspace(1) %gi, align 4
  %c = icmp ult i32 %t, 128
  br i1 %c, label %then, label %join
then:
  %w = call float @rotate(float %v)
  br label %join
join:
  %x = phi float [ %w, %then ], [ %v, %0 ]
  %go = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %x, ptr addrspace(1) %go, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx942" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
