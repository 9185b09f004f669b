; `amdsync<...>` in opt runs the barrier pass, the wait pass and the checker,
; as the MLIR side's amdsync{...} pipeline does. A multi-wave kernel writes
; LDS asynchronously and reads another lane's element: the barrier pass
; puts the barrier and, before it, the wait that publishes the transfer
; (spec/amdgpu-async-operations.txt: an async write is visible to other
; waves only once complete); the wait pass lowers the asyncmarks. In the
; ISA the wait stands before the barrier (gfx1250: split signal/wait;
; gfx942: the LDS DMA on vmcnt before s_barrier).
; Each kernel's chip is its "target-cpu".
; RUN: %opt-amdsync -passes='amdsync<summary>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: llc -march=amdgcn %t.ll -o - | FileCheck %s --check-prefix=ISA
; Each kernel is translated twice: once for the barrier pass, whose model as
; emitted (the barriers and publish waits it inserted as nodes) the wait
; pass then works on, and once for the checker (issue 20; before, five and
; four times: publish waits, the signal check and the wait pass each
; translated again).
; RUN: env AMDSYNC_TRACE=pipeline %opt-amdsync -passes='amdsync' %s -disable-output 2>&1 | FileCheck %s --check-prefix=TRACE
; Without the barrier pass, the checker rejects both kernels.
; RUN: not %opt-amdsync -passes='amdsync-waitcnt,amdsync-verify' %s -disable-output 2>&1 | FileCheck %s --check-prefix=BARE

; SUMMARY: remark: amdsync-lds-barriers: 2 function(s), {{.*}} inserted 1 barrier(s), 0 ordering point(s), 1 signal(s), 1 wait(s), 0 fallback(s), 2 counter wait(s)
; SUMMARY: remark: amdsync-waitcnt: 2 function(s), 2 async operation(s); inserted 0 counter wait(s); lowered 4 asyncmark call(s)
; SUMMARY: remark: amdsync-verify: 2 function(s), 0 violation(s)

; TRACE: translate @publish_async for placement (llvm)
; TRACE-NEXT: translate @publish_dma for placement (llvm)
; TRACE-NEXT: waits on the model as emitted: 2 op(s), 1 publish wait(s)
; TRACE-NEXT: waits on the model as emitted: 1 op(s), 1 publish wait(s)
; TRACE-NEXT: translate @publish_async for the checker (llvm)
; TRACE-NEXT: translate @publish_dma for the checker (llvm)
; TRACE-NOT: amdsync-trace: pipeline

; IR-LABEL: define amdgpu_kernel void @publish_async
; IR: call void @llvm.amdgcn.global.load.async.to.lds.b32
; IR-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
; IR-NEXT: fence syncscope("workgroup") release
; IR-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; IR: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; IR-NEXT: fence syncscope("workgroup") acquire
; IR-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: publish_async:
; ISA: global_load_async_to_lds_b32
; ISA: s_wait_asynccnt 0x0
; ISA: s_barrier_signal -1
; ISA: s_barrier_wait -1
; ISA: ds_load_b32
; ISA-LABEL: publish_dma:
; ISA: global_load_lds_dword
; ISA: s_waitcnt vmcnt(0)
; ISA: s_barrier
; ISA: ds_read_b32
; BARE: error: in function 'publish_async': amdsync-verify: unordered RAW hazard on @l
; BARE: error: in function 'publish_dma': amdsync-verify: unordered RAW hazard on @l

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @publish_async(ptr addrspace(1) %g, ptr addrspace(1) %out) "target-cpu"="gfx1250" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %p, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %x = load float, ptr addrspace(1) %g
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  %s = fadd float %x, %y
  store float %s, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_kernel void @publish_dma(ptr addrspace(1) %g, ptr addrspace(1) %out) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  store float %y, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}
