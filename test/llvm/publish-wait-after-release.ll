; An async write into LDS is ordered before another wave's access only when
; it completes before the release (spec/amdgpu-async-operations.txt). A
; counter wait between the barrier's release fence and the barrier
; completes it after the release: the barrier publishes nothing it wrote.
; Written that way (the order amdsync itself emitted on 359b8e9), the
; checker rejects both kernels; the barrier pass
; completes the release with a fence after the wait, and its own publish
; waits stand before the release fence (pipeline-publish.ll).
; RUN: not %opt-amdsync -passes='amdsync-verify' %s -disable-output 2>&1 | FileCheck %s --check-prefix=LATE
; RUN: %opt-amdsync -passes='amdsync' %s -S -o %t.ll
; RUN: FileCheck %s --check-prefix=FIXED < %t.ll
; RUN: %opt-amdsync -passes='amdsync-verify' %t.ll -disable-output
; RUN: llc -march=amdgcn %t.ll -o - | FileCheck %s --check-prefix=ISA
; The execution oracle agrees: other waves read the transfers unordered as
; written, and nothing is wrong after the pass.
; RUN: not %amdsync-exec %s --block=128 --waw=off | FileCheck %s --check-prefix=EXEC-LATE
; RUN: %amdsync-exec %t.ll --block=128 --waw=off | FileCheck %s --check-prefix=EXEC
; EXEC-LATE: amdsync-exec: late_async: async barriers=1
; EXEC-LATE: amdsync-exec: late_dma: async barriers=1
; EXEC: amdsync-exec: late_async: clean barriers=1
; EXEC: amdsync-exec: late_dma: clean barriers=1
; Without async transfers a wait there is harmless: accepted as written.
; RUN: %opt-amdsync -passes='amdsync-verify' %S/Inputs/wait-after-release-no-async.ll -disable-output

; LATE: error: in function 'late_async': amdsync-verify: unordered RAW hazard on @l
; LATE: error: in function 'late_async': amdsync-verify: split barrier signal after a counter wait that follows its release fence: the asynchronous transfers the wait completes finish after the release, so the split barrier signal publishes none of them to other waves (the wait must come before the fence)
; LATE: error: in function 'late_dma': amdsync-verify: unordered RAW hazard on @l
; LATE: error: in function 'late_dma': amdsync-verify: barrier after a counter wait that follows its release fence

; FIXED-LABEL: define amdgpu_kernel void @late_async
; FIXED: call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
; FIXED-NEXT: fence syncscope("workgroup") release
; FIXED-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; FIXED-LABEL: define amdgpu_kernel void @late_dma
; FIXED: call void @llvm.amdgcn.s.waitcnt(i32 3952)
; FIXED-NEXT: fence syncscope("workgroup") release
; FIXED-NEXT: call void @llvm.amdgcn.s.barrier()

; ISA-LABEL: late_async:
; ISA: global_load_async_to_lds_b32
; ISA: s_wait_asynccnt 0x0
; ISA: s_barrier_signal -1
; ISA: s_barrier_wait -1
; ISA: ds_load_b32
; ISA-LABEL: late_dma:
; ISA: global_load_lds_dword
; ISA: s_waitcnt vmcnt(0)
; ISA: s_barrier
; ISA: ds_read_b32

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.s.wait.asynccnt(i16)
declare void @llvm.amdgcn.s.waitcnt(i32)
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @late_async(ptr addrspace(1) %g, ptr addrspace(1) %out) "target-cpu"="gfx1250" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %p, i32 0, i32 0)
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  store float %y, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @late_dma(ptr addrspace(1) %g, ptr addrspace(1) %out) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 4, i32 0, i32 0)
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.waitcnt(i32 3952)
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  store float %y, ptr addrspace(1) %out
  ret void
}
