; Soundness (a hang was accepted on 4fb509e): a barrier in a non-kernel
; function that the kernel calls under a divergent branch.
; From HIP (clang-22 -x hip --offload-arch=gfx942 -O1/-O3):
;   __device__ noinline float rotate(float *buf, float v)
;     { buf[tid] = v; __syncthreads(); return buf[(tid+1)%128]; }
;   __global__ void k(...) { ... if (threadIdx.x < 128) v = rotate(buf, v); ... }
; (the classic "__syncthreads in a helper called by some threads" bug).
; Observed: amdsync-verify exits 0; amdsync-lds-barriers<existing=replace>
;   removes and re-inserts the barrier in @rotate and exits 0.
; Now: the call is an error in both passes: a call of a function (defined
;   in the module) that executes a workgroup barrier, in control flow that
;   may diverge.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace>,amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; CHECK: error: in function 'k': amdsync{{(-verify)?}}: call of a function that executes a workgroup barrier, in control flow that may diverge
; CHECK-NEXT: call float @rotate

@buf = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define internal float @rotate(float %v) #0 {
  %t = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @buf, i32 %t
  store float %v, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
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

!0 = !{!"amdgpu-synchronize-as", !"local"}
