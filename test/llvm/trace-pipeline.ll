; The trace switch (AMDSYNC_TRACE, passes/core/include/amdsync/trace.h) on the LLVM
; side: `amdsync<target=gfx942>` translates a kernel without asynchronous
; transfers twice, once for the placement and once for the checker (the
; wait pass does not translate a function with no transfer, mark or wait,
; but still rejects an unknown target), and so does
; `amdsync<target=gfx1201>`, whose check of the split pairs as emitted runs
; on the placement's model. Without the variable nothing is traced.
; RUN: env AMDSYNC_TRACE=pipeline %opt-amdsync -passes='amdsync<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=PIPE
; RUN: env AMDSYNC_TRACE=pipeline,signals %opt-amdsync -passes='amdsync<target=gfx1201>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=SPLIT
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>' %s -S | %opt-amdsync -passes='amdsync-verify<target=gfx1201>' -disable-output
; RUN: env AMDSYNC_TRACE=windows,placement %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=CORE
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -S | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output
; RUN: not %opt-amdsync -passes='amdsync-waitcnt<target=gfx9999>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=BADTARGET

; The checker's translation takes the values' uniformity the placement's
; solved (design.md 7b).
; PIPE: amdsync-trace: pipeline: translate @k for placement (llvm): {{[0-9]+}} blocks{{$}}
; PIPE-NEXT: amdsync-trace: pipeline: translate @k for the checker (llvm): {{[0-9]+}} blocks, the values' uniformity from placement{{$}}
; PIPE-NOT: amdsync-trace

; SPLIT: amdsync-trace: pipeline: translate @k for placement (llvm)
; SPLIT: amdsync-trace: signals: signal check on the model as emitted: clean
; SPLIT-NEXT: amdsync-trace: pipeline: translate @k for the checker (llvm)
; SPLIT-NOT: amdsync-trace: pipeline

; CORE-DAG: amdsync-trace: windows: RAW window access #0 (block 0) -> access #1 (block 0), forward, 1 gap(s)
; CORE-DAG: amdsync-trace: placement: stab gap 1 (block 0, weight 1) with a barrier for RAW window access #0 -> access #1

; NONE-NOT: amdsync-trace

; BADTARGET: LLVM ERROR: invalid amdsync-waitcnt pass parameter 'target=gfx9999': unknown target; known:

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(float %x, ptr addrspace(1) %out) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  store float %y, ptr addrspace(1) %out
  ret void
}
