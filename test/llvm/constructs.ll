; Every construct the LLVM IR front end reads as an LDS access, a resource,
; an existing barrier or a uniform branch (passes/llvm/translate.c,
; uniformity.c), one small kernel each: a hazard across lanes through the
; construct (a store at lane %tid, a load at lane %tid+1, or the reverse),
; and exactly the expected barrier between producer and consumer after
; `amdsync-lds-barriers`; the checker accepts the result. Negatives get no
; barrier: disjoint constant byte ranges of one global, two different
; globals, global memory (also through a flat pointer), ds.bpermute (no
; memory). Existing synchronization is credited (OpenCL's
; barrier(CLK_LOCAL_MEM_FENCE), a wave barrier between wavefront fences in
; a one-wave workgroup). The gfx1250 async transfers and a written split
; barrier (gfx1201) are in Inputs/constructs-gfx12.ll, each function with
; its "target-cpu".
;
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %s -S -o %t.942.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: FileCheck %s < %t.942.ll
; Per function: s.barrier, s.barrier.signal, s.barrier.wait, wave.barrier calls.
; RUN: awk -f %S/Inputs/barrier-count.awk %t.942.ll | FileCheck %s --check-prefix=COUNT
; The bare input: the checker reports every racy kernel and nothing else.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=RACE
; gfx1201: split signal/wait (wave32: a 64-lane workgroup is two waves).
; LDS DMA exists on GFX9 and GFX10 only (llc cannot select it for gfx1100
; or gfx1201): both passes refuse it there, at the op, and leave the
; function alone.
; RUN: llvm-extract --delete --func=global_load_lds --func=load_to_lds %s -S -o %t.nodma.ll
; RUN: llvm-extract --func=global_load_lds --func=load_to_lds %s -S -o %t.dma.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %t.nodma.ll -S -o %t.1201.ll
; RUN: not %opt-amdsync -passes='amdsync<target=gfx1201>' %t.dma.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NODMA12 --implicit-check-not=error:
; RUN: not %opt-amdsync -passes='amdsync-waitcnt<target=gfx1100>' %t.dma.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NODMA11 --implicit-check-not=error:
; RUN: %opt-amdsync -passes='amdsync<target=gfx1030>,amdsync-verify<target=gfx1030>' %t.dma.ll -disable-output
; The checker alone refuses it too (IR llc cannot compile is not correct
; for the chip, however it is ordered); a DMA no path reaches is accepted.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.dma.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NODMA12V --implicit-check-not=error:
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>,amdsync-verify<target=gfx1201>' %S/Inputs/dma-unreachable.ll -S -o %t.unreach.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 %t.unreach.ll -o /dev/null
; NODMA12V: error: in function 'global_load_lds': amdsync: LDS DMA on gfx1201 (GFX12), which has none
; NODMA12V: error: in function 'load_to_lds': amdsync: LDS DMA on gfx1201 (GFX12), which has none
; NODMA12V: error: amdsync-verify: 2 error(s) in 2 function(s)
; NODMA12: error: in function 'global_load_lds': amdsync: LDS DMA on gfx1201 (GFX12), which has none: only GFX9 and GFX10 load into LDS this way, and llc cannot select it here
; NODMA12-NEXT: call void @llvm.amdgcn.global.load.lds(
; NODMA12: error: in function 'load_to_lds': amdsync: LDS DMA on gfx1201 (GFX12)
; NODMA12: error: amdsync-lds-barriers: 2 error(s) in 2 function(s)
; NODMA11: error: in function 'global_load_lds': amdsync: LDS DMA on gfx1100 (GFX11), which has none
; NODMA11: error: in function 'load_to_lds': amdsync: LDS DMA on gfx1100 (GFX11)
; NODMA11: error: amdsync-waitcnt: 2 error(s) in 2 function(s)
; RUN: FileCheck %s --check-prefix=GFX12 < %t.1201.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.1201.ll | FileCheck %s --check-prefix=COUNT12
; In the gfx942 code the LDS write is complete (lgkmcnt; vmcnt for the
; DMA) before s_barrier, the read after it.
; RUN: llc -march=amdgcn -mcpu=gfx942 %t.942.ll -o - | FileCheck %s --check-prefix=ISA
; gfx1250 async transfers, tensor DMA, and a written gfx1201 split barrier.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<summary>,amdsync-verify' %S/Inputs/constructs-gfx12.ll -S -o %t.12.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY12
; RUN: FileCheck %s --check-prefix=ASYNC < %t.12.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.12.ll | FileCheck %s --check-prefix=COUNTA
; RUN: llc -march=amdgcn %t.12.ll -o - | FileCheck %s --check-prefix=ASYNC-ISA
; RUN: not %opt-amdsync -passes=amdsync-verify %S/Inputs/constructs-gfx12.ll -disable-output 2>&1 | FileCheck %s --check-prefix=RACE12

; SUMMARY: remark: amdsync-lds-barriers: 30 function(s), 26 hazard window(s), 2 already ordered; inserted 22 barrier(s), 2 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 2 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)

; COUNT:      @load_store 1 0 0 0
; COUNT-NEXT: @war 1 0 0 0
; COUNT-NEXT: @atomicrmw 1 0 0 0
; COUNT-NEXT: @cmpxchg 1 0 0 0
; COUNT-NEXT: @memset 1 0 0 0
; COUNT-NEXT: @memcpy 1 0 0 0
; COUNT-NEXT: @memmove 1 0 0 0
; COUNT-NEXT: @gep_chain 1 0 0 0
; COUNT-NEXT: @bitcast 1 0 0 0
; COUNT-NEXT: @flat 1 0 0 0
; COUNT-NEXT: @flat_and_back 1 0 0 0
; COUNT-NEXT: @select 1 0 0 0
; COUNT-NEXT: @phi 1 0 0 0
; COUNT-NEXT: @ds_append 1 0 0 0
; COUNT-NEXT: @global_load_lds 1 0 0 0
; COUNT-NEXT: @load_to_lds 1 0 0 0
; COUNT-NEXT: @kernel_arg 1 0 0 0
; COUNT-NEXT: @dynamic_lds 1 0 0 0
; COUNT-NEXT: @overlapping_constant 1 0 0 0
; COUNT-NEXT: @disjoint_constant 0 0 0 0
; COUNT-NEXT: @two_globals 0 0 0 0
; COUNT-NEXT: @global_memory 0 0 0 0
; COUNT-NEXT: @bpermute 0 0 0 0
; COUNT-NEXT: @opencl_barrier 1 0 0 0
; COUNT-NEXT: @one_wave 0 0 0 1
; COUNT-NEXT: @one_wave_reqd 0 0 0 1
; COUNT-NEXT: @one_wave_existing 0 0 0 1
; COUNT-NEXT: @two_waves 1 0 0 0
; COUNT-NEXT: @uniform_arg 1 0 0 0
; COUNT-NEXT: @uniform_group 1 0 0 0
; COUNT-NOT: {{.}}

; COUNT12:      @load_store 0 1 1 0
; COUNT12-NEXT: @war 0 1 1 0
; COUNT12-NEXT: @atomicrmw 0 1 1 0
; COUNT12-NEXT: @cmpxchg 0 1 1 0
; COUNT12-NEXT: @memset 0 1 1 0
; COUNT12-NEXT: @memcpy 0 1 1 0
; COUNT12-NEXT: @memmove 0 1 1 0
; COUNT12-NEXT: @gep_chain 0 1 1 0
; COUNT12-NEXT: @bitcast 0 1 1 0
; COUNT12-NEXT: @flat 0 1 1 0
; COUNT12-NEXT: @flat_and_back 0 1 1 0
; COUNT12-NEXT: @select 0 1 1 0
; COUNT12-NEXT: @phi 0 1 1 0
; COUNT12-NEXT: @ds_append 0 1 1 0
; COUNT12-NEXT: @kernel_arg 0 1 1 0
; COUNT12-NEXT: @dynamic_lds 0 1 1 0
; COUNT12-NEXT: @overlapping_constant 0 1 1 0
; COUNT12-NEXT: @disjoint_constant 0 0 0 0
; COUNT12-NEXT: @two_globals 0 0 0 0
; COUNT12-NEXT: @global_memory 0 0 0 0
; COUNT12-NEXT: @bpermute 0 0 0 0
; COUNT12-NEXT: @opencl_barrier 1 0 0 0
; COUNT12-NEXT: @one_wave 0 1 1 0
; COUNT12-NEXT: @one_wave_reqd 0 1 1 0
; COUNT12-NEXT: @one_wave_existing 0 1 1 1
; COUNT12-NEXT: @two_waves 0 1 1 0
; COUNT12-NEXT: @uniform_arg 0 1 1 0
; COUNT12-NEXT: @uniform_group 0 1 1 0
; COUNT12-NOT: {{.}}


;===--- gfx1250 transfers and a written split barrier (Inputs/constructs-gfx12.ll) ---===;
; Each transfer is an LDS access; the barrier publishes the async write
; (or retires the async read, for the WAR) with its counter wait.
; SUMMARY12: remark: amdsync-lds-barriers: 5 function(s), 5 hazard window(s), 1 already ordered; inserted 0 barrier(s), 0 ordering point(s), 4 signal(s), 4 wait(s), 0 fallback(s), 3 counter wait(s)
; COUNTA:      @async_load 0 1 1 0
; COUNTA-NEXT: @async_store 0 1 1 0
; COUNTA-NEXT: @async_store_war 0 1 1 0
; COUNTA-NEXT: @tensor_load 0 1 1 0
; COUNTA-NEXT: @split_existing 0 1 1 0
; COUNTA-NOT: {{.}}
; ASYNC-LABEL: define amdgpu_kernel void @async_load(
; ASYNC: call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %p
; ASYNC-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
; ASYNC-NEXT: fence syncscope("workgroup") release, !mmra
; ASYNC-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; ASYNC: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; ASYNC-NEXT: fence syncscope("workgroup") acquire, !mmra
; ASYNC-NEXT: %v = load float, ptr addrspace(3) %q
; ASYNC-LABEL: define amdgpu_kernel void @async_store(
; ASYNC: store float %x, ptr addrspace(3) %p
; ASYNC-NEXT: fence syncscope("workgroup") release, !mmra
; ASYNC-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; ASYNC: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; ASYNC-NEXT: fence syncscope("workgroup") acquire, !mmra
; ASYNC-NEXT: call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %q
; ASYNC-LABEL: define amdgpu_kernel void @async_store_war(
; ASYNC: call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %q
; ASYNC-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
; ASYNC-NEXT: fence syncscope("workgroup") release, !mmra
; ASYNC-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; ASYNC: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; ASYNC-NEXT: fence syncscope("workgroup") acquire, !mmra
; ASYNC-NEXT: store float %x, ptr addrspace(3) %p
; ASYNC-LABEL: define amdgpu_kernel void @tensor_load(
; ASYNC: call void @llvm.amdgcn.tensor.load.to.lds(
; ASYNC-NEXT: call void @llvm.amdgcn.s.wait.tensorcnt(i16 0)
; ASYNC-NEXT: fence syncscope("workgroup") release, !mmra
; ASYNC-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; ASYNC: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; ASYNC-NEXT: fence syncscope("workgroup") acquire, !mmra
; ASYNC-NEXT: %v = load float, ptr addrspace(3) %q
; ASYNC-LABEL: define amdgpu_kernel void @split_existing(
; ASYNC: store float %x, ptr addrspace(3) %p
; ASYNC-NEXT: fence syncscope("workgroup") release{{$}}
; ASYNC-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; ASYNC-NEXT: %y = load float, ptr addrspace(1) %out
; ASYNC-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; ASYNC-NEXT: fence syncscope("workgroup") acquire{{$}}
; ASYNC-NOT: s.barrier
; ASYNC: ret void
; ASYNC-ISA-LABEL: async_load:
; ASYNC-ISA: global_load_async_to_lds_b32
; ASYNC-ISA-NEXT: s_wait_asynccnt 0x0
; ASYNC-ISA-NEXT: s_barrier_signal -1
; ASYNC-ISA-NEXT: s_barrier_wait -1
; ASYNC-ISA-NEXT: ds_load_b32
; ASYNC-ISA-LABEL: tensor_load:
; ASYNC-ISA: tensor_load_to_lds
; ASYNC-ISA: s_wait_tensorcnt 0x0
; ASYNC-ISA-NEXT: s_barrier_signal -1
; ASYNC-ISA-NEXT: s_barrier_wait -1
; ASYNC-ISA-NEXT: ds_load_b32
; RACE12: error: in function 'async_load': amdsync-verify: unordered RAW hazard on @lds
; RACE12: error: in function 'async_store': amdsync-verify: unordered RAW hazard on @lds
; RACE12: error: in function 'async_store_war': amdsync-verify: unordered WAR hazard on @lds
; RACE12: error: in function 'tensor_load': amdsync-verify: unordered RAW hazard on unknown memory
; RACE12-NOT: 'split_existing'
; RACE12: error: amdsync-verify: 7 error(s) in 5 function(s)

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x float] poison, align 4
@lds2 = internal addrspace(3) global [256 x float] poison, align 4
@pair = internal addrspace(3) global { [64 x float], [64 x float] } poison, align 4
@cnt = internal addrspace(3) global i32 poison, align 4
@dyn = external addrspace(3) global [0 x i8], align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.wave.barrier()
declare void @llvm.memset.p3.i32(ptr addrspace(3), i8, i32, i1)
declare void @llvm.memcpy.p3.p1.i32(ptr addrspace(3), ptr addrspace(1), i32, i1)
declare void @llvm.memmove.p3.p1.i32(ptr addrspace(3), ptr addrspace(1), i32, i1)
declare i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3), i1)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.load.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

;===--- Accesses: load, store, atomicrmw, cmpxchg, memset/memcpy/memmove ---===;

; CHECK-LABEL: define amdgpu_kernel void @load_store(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL:![0-9]+]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; GFX12-LABEL: define amdgpu_kernel void @load_store(
; GFX12: store float %x, ptr addrspace(3) %p
; GFX12-NEXT: fence syncscope("workgroup") release, !mmra
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NOT: s.barrier
; GFX12: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire, !mmra
; GFX12-NEXT: %v = load float, ptr addrspace(3) %q
; ISA-LABEL: load_store:
; ISA: ds_write_b32
; ISA-NEXT: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA-NEXT: ds_read_b32
; RACE: error: in function 'load_store': amdsync-verify: unordered RAW hazard on @lds: a path from 'store float %x, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @load_store(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @war(
; CHECK: %v = load float, ptr addrspace(3) %q
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; GFX12-LABEL: define amdgpu_kernel void @war(
; GFX12: %v = load float, ptr addrspace(3) %q
; GFX12-NEXT: fence syncscope("workgroup") release, !mmra
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NOT: s.barrier
; GFX12: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire, !mmra
; GFX12-NEXT: store float %x, ptr addrspace(3) %p
; ISA-LABEL: war:
; ISA: ds_read_b32
; ISA: s_waitcnt lgkmcnt(0)
; ISA: s_barrier
; ISA-NEXT: ds_write_b32
; RACE: error: in function 'war': amdsync-verify: unordered WAR hazard on @lds: a path from '%v = load float, ptr addrspace(3) %q, align 4' reaches this access
; RACE-NEXT: store float %x, ptr addrspace(3) %p
define amdgpu_kernel void @war(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  store float %v, ptr addrspace(1) %out
  ret void
}

; An atomic against a plain load is a hazard (atomic against atomic is not).
; CHECK-LABEL: define amdgpu_kernel void @atomicrmw(
; CHECK: %old = atomicrmw fadd ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'atomicrmw': amdsync-verify: unordered RAW hazard on @lds: a path from '%old = atomicrmw fadd ptr addrspace(3) %p
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @atomicrmw(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %old = atomicrmw fadd ptr addrspace(3) %p, float 1.0 syncscope("workgroup") monotonic
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @cmpxchg(
; CHECK: store i32 %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %r = cmpxchg ptr addrspace(3) %q
; RACE: error: in function 'cmpxchg': amdsync-verify: unordered RAW hazard on @lds: a path from 'store i32 %x, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %r = cmpxchg ptr addrspace(3) %q
define amdgpu_kernel void @cmpxchg(i32 %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %tid
  store i32 %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr i32, ptr addrspace(3) @lds, i32 %t1
  %r = cmpxchg ptr addrspace(3) %q, i32 %x, i32 0 syncscope("workgroup") monotonic monotonic
  %v = extractvalue { i32, i1 } %r, 0
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @memset(
; CHECK: call void @llvm.memset.p3.i32(ptr addrspace(3) @lds
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; ISA-LABEL: memset:
; ISA: ds_write_b128
; ISA-NOT: s_barrier
; ISA: ds_write_b128 v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}]{{$}}
; ISA-NEXT: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA-NEXT: ds_read_b32
; RACE: error: in function 'memset': amdsync-verify: unordered RAW hazard on @lds: a path from 'call void @llvm.memset.p3.i32(ptr addrspace(3) @lds
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @memset(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.memset.p3.i32(ptr addrspace(3) @lds, i8 0, i32 1024, i1 false)
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @memcpy(
; CHECK: call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) @lds
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'memcpy': amdsync-verify: unordered RAW hazard on @lds: a path from 'call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) @lds
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @memcpy(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 1024, i1 false)
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; WAR: the lanes' reads before the memmove overwrites the array.
; CHECK-LABEL: define amdgpu_kernel void @memmove(
; CHECK: %v = load float, ptr addrspace(3) %q
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.memmove.p3.p1.i32(ptr addrspace(3) @lds
; RACE: error: in function 'memmove': amdsync-verify: unordered WAR hazard on @lds: a path from '%v = load float, ptr addrspace(3) %q, align 4' reaches this access
; RACE-NEXT: call void @llvm.memmove.p3.p1.i32
define amdgpu_kernel void @memmove(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %v = load float, ptr addrspace(3) %q
  call void @llvm.memmove.p3.p1.i32(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 1024, i1 false)
  store float %v, ptr addrspace(1) %out
  ret void
}

;===--- Pointers: GEPs, casts, addrspacecast to flat and back, select, phi ---===;

; GEPs of GEPs (a struct field, then a variable index) into @pair.
; CHECK-LABEL: define amdgpu_kernel void @gep_chain(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'gep_chain': amdsync-verify: unordered RAW hazard on @pair: a path from 'store float %x, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @gep_chain(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f1 = getelementptr { [64 x float], [64 x float] }, ptr addrspace(3) @pair, i32 0, i32 1
  %p = getelementptr [64 x float], ptr addrspace(3) %f1, i32 0, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr inbounds i8, ptr addrspace(3) %f1, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @bitcast(
; CHECK: store float %x, ptr addrspace(3) %c
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'bitcast': amdsync-verify: unordered RAW hazard on @lds: a path from 'store float %x, ptr addrspace(3) %c, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @bitcast(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %c = bitcast ptr addrspace(3) %p to ptr addrspace(3)
  store float %x, ptr addrspace(3) %c
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; A flat store through an addrspacecast of @lds.
; CHECK-LABEL: define amdgpu_kernel void @flat(
; CHECK: store float %x, ptr %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; ISA-LABEL: flat:
; ISA: flat_store_dword
; ISA-NEXT: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA-NEXT: ds_read_b32
; RACE: error: in function 'flat': amdsync-verify: unordered RAW hazard on @lds: a path from 'store float %x, ptr %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @flat(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %p = getelementptr float, ptr %f, i32 %tid
  store float %x, ptr %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @flat_and_back(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'flat_and_back': amdsync-verify: unordered RAW hazard on @lds: a path from 'store float %x, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @flat_and_back(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %fp = getelementptr float, ptr %f, i32 %tid
  %p = addrspacecast ptr %fp to ptr addrspace(3)
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @select(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'select': amdsync-verify: unordered RAW hazard on @lds: a path from 'store float %x, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @select(float %x, i1 %c, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lo = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %hi = getelementptr float, ptr addrspace(3) %lo, i32 128
  %p = select i1 %c, ptr addrspace(3) %lo, ptr addrspace(3) %hi
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; A phi of two flat pointers into @lds: only their root says LDS.
; CHECK-LABEL: define amdgpu_kernel void @phi(
; CHECK: join:
; CHECK: store float %x, ptr %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'phi': amdsync-verify: unordered RAW hazard on @lds: a path from 'store float %x, ptr %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @phi(float %x, i1 %c, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br i1 %c, label %a, label %b
a:
  %pa = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %fa = addrspacecast ptr addrspace(3) %pa to ptr
  br label %join
b:
  %fb = addrspacecast ptr addrspace(3) @lds to ptr
  br label %join
join:
  %p = phi ptr [ %fa, %a ], [ %fb, %b ]
  store float %x, ptr %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

;===--- Intrinsics that read or write LDS -----------------------------------===;

; CHECK-LABEL: define amdgpu_kernel void @ds_append(
; CHECK: %n = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @cnt
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load i32, ptr addrspace(3) @cnt
; RACE: error: in function 'ds_append': amdsync-verify: unordered RAW hazard on @cnt: a path from '%n = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @cnt, i1 false)' reaches this access
; RACE-NEXT: %v = load i32, ptr addrspace(3) @cnt
define amdgpu_kernel void @ds_append(ptr addrspace(1) %out) {
  %n = call i32 @llvm.amdgcn.ds.append.p3(ptr addrspace(3) @cnt, i1 false)
  %v = load i32, ptr addrspace(3) @cnt
  %s = add i32 %n, %v
  store i32 %s, ptr addrspace(1) %out
  ret void
}

; GFX9 LDS DMA: the transfer is on vmcnt, so the barrier waits for it
; (3952 = vmcnt(0), expcnt and lgkmcnt at their maximum).
; CHECK-LABEL: define amdgpu_kernel void @global_load_lds(
; CHECK: call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds
; CHECK: call void @llvm.amdgcn.s.waitcnt(i32 3952)
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; ISA-LABEL: global_load_lds:
; ISA: global_load_lds_dword
; ISA-NEXT: s_waitcnt vmcnt(0)
; ISA-NEXT: s_barrier
; ISA-NEXT: ds_read_b32
; RACE: error: in function 'global_load_lds': amdsync-verify: unordered RAW hazard on @lds: a path from 'call void @llvm.amdgcn.global.load.lds(
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @global_load_lds(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @load_to_lds(
; CHECK: call void @llvm.amdgcn.load.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) @lds
; CHECK: call void @llvm.amdgcn.s.waitcnt(i32 3952)
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'load_to_lds': amdsync-verify: unordered RAW hazard on @lds: a path from 'call void @llvm.amdgcn.load.to.lds.p1(
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @load_to_lds(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.load.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

;===--- Resources: kernel arguments, dynamic LDS, constant offsets ---------===;

; CHECK-LABEL: define amdgpu_kernel void @kernel_arg(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'kernel_arg': amdsync-verify: unordered RAW hazard on argument %buf: a path from 'store float %x, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @kernel_arg(ptr addrspace(3) %buf, float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) %buf, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) %buf, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @dynamic_lds(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'dynamic_lds': amdsync-verify: unordered RAW hazard on dynamic LDS (@dyn): a path from 'store float %x, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @dynamic_lds(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @dyn, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @dyn, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; Bytes [28, 32) and [30, 34) of @lds overlap.
; CHECK-LABEL: define amdgpu_kernel void @overlapping_constant(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'overlapping_constant': amdsync-verify: unordered RAW hazard on @lds: a path from 'store float %x, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @overlapping_constant(float %x, ptr addrspace(1) %out) {
  %p = getelementptr [256 x float], ptr addrspace(3) @lds, i32 0, i32 7
  store float %x, ptr addrspace(3) %p
  %q = getelementptr i8, ptr addrspace(3) @lds, i32 30
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

;===--- No hazard -------------------------------------------------------------===;

; Bytes [28, 32) then [32, 36) of @lds; the last element of the first field
; of @pair then the first of the second: disjoint, in any lane.
; CHECK-LABEL: define amdgpu_kernel void @disjoint_constant(
; CHECK-NOT: barrier
; CHECK: ret void
define amdgpu_kernel void @disjoint_constant(float %x, ptr addrspace(1) %out) {
  %p = getelementptr [256 x float], ptr addrspace(3) @lds, i32 0, i32 7
  store float %x, ptr addrspace(3) %p
  %q = getelementptr i8, ptr addrspace(3) @lds, i32 32
  %v = load float, ptr addrspace(3) %q
  %f = getelementptr { [64 x float], [64 x float] }, ptr addrspace(3) @pair, i32 0, i32 0, i32 63
  store float %v, ptr addrspace(3) %f
  %g = getelementptr { [64 x float], [64 x float] }, ptr addrspace(3) @pair, i32 0, i32 1, i32 0
  %w = load float, ptr addrspace(3) %g
  store float %w, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @two_globals(
; CHECK-NOT: barrier
; CHECK: ret void
define amdgpu_kernel void @two_globals(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds2, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; A race on global memory (also through a flat pointer to it) is not
; amdsync's business: no LDS hazard, no barrier.
; CHECK-LABEL: define amdgpu_kernel void @global_memory(
; CHECK-NOT: barrier
; CHECK: ret void
define amdgpu_kernel void @global_memory(float %x, ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %gp = getelementptr float, ptr addrspace(1) %g, i32 %tid
  store float %x, ptr addrspace(1) %gp
  %t1 = add i32 %tid, 1
  %gq = getelementptr float, ptr addrspace(1) %g, i32 %t1
  %fq = addrspacecast ptr addrspace(1) %gq to ptr
  %v = load float, ptr %fq
  store float %v, ptr addrspace(1) %out
  ret void
}

; ds.bpermute uses the LDS hardware but no LDS memory.
; CHECK-LABEL: define amdgpu_kernel void @bpermute(
; CHECK-NOT: barrier
; CHECK: ret void
define amdgpu_kernel void @bpermute(float %x, i32 %y, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %b = call i32 @llvm.amdgcn.ds.bpermute(i32 %tid, i32 %y)
  store i32 %b, ptr addrspace(1) %out
  ret void
}

;===--- Existing synchronization and one-wave workgroups --------------------===;

; clang's barrier(CLK_LOCAL_MEM_FENCE): credited, nothing added.
; CHECK-LABEL: define amdgpu_kernel void @opencl_barrier(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %t1 = add
; GFX12-LABEL: define amdgpu_kernel void @opencl_barrier(
; GFX12: store float %x, ptr addrspace(3) %p
; GFX12-NEXT: fence syncscope("workgroup") release, !mmra
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier()
; GFX12-NEXT: fence syncscope("workgroup") acquire, !mmra
; GFX12-NOT: s.barrier
; GFX12: ret void
define amdgpu_kernel void @opencl_barrier(float %x, ptr addrspace(1) %out) {
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

; At most 64 work-items on a wave64 chip: one wave, a wave barrier between
; wavefront fences (no s_barrier in the ISA). On gfx1201 (wave32) the same
; workgroup is two waves: a split barrier.
; CHECK-LABEL: define amdgpu_kernel void @one_wave(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("wavefront") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; GFX12-LABEL: define amdgpu_kernel void @one_wave(
; GFX12: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NOT: wave.barrier
; GFX12: ret void
; ISA-LABEL: one_wave:
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: ds_read_b32
; ISA: s_endpgm
; RACE: error: in function 'one_wave': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @one_wave(float %x, ptr addrspace(1) %out) "amdgpu-flat-work-group-size"="1,64" {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @one_wave_reqd(
; GFX12-LABEL: define amdgpu_kernel void @one_wave_reqd(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("wavefront") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'one_wave_reqd': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @one_wave_reqd(float %x, ptr addrspace(1) %out) !reqd_work_group_size !1 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; A written wave barrier between wavefront fences: credited in one wave
; (gfx1201, wave32: two waves, a split barrier is added; COUNT12).
; CHECK-LABEL: define amdgpu_kernel void @one_wave_existing(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("wavefront") release{{$}}
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire{{$}}
; CHECK-NEXT: %t1 = add
define amdgpu_kernel void @one_wave_existing(float %x, ptr addrspace(1) %out) "amdgpu-flat-work-group-size"="1,64" {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  fence syncscope("wavefront") release
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @two_waves(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; RACE: error: in function 'two_waves': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @two_waves(float %x, ptr addrspace(1) %out) "amdgpu-flat-work-group-size"="1,128" {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

;===--- Uniform branches: kernel arguments and workgroup ids ------------------===;
; The whole hazard is inside the arm; the branch is uniform, so the barrier
; goes there (divergent sources: divergent-outside.ll).

; CHECK-LABEL: define amdgpu_kernel void @uniform_arg(
; CHECK: then:
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; CHECK: end:
; RACE: error: in function 'uniform_arg': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @uniform_arg(float %x, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %n, 4
  br i1 %c, label %then, label %end
then:
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @uniform_group(
; CHECK: then:
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; CHECK: end:
; RACE: error: in function 'uniform_group': amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @uniform_group(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %c = icmp eq i32 %wg, 0
  br i1 %c, label %then, label %end
then:
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; 24 racy kernels, two errors each (one at each access), and two accesses
; that may run before their DMA completes.
; RACE: error: amdsync-verify: 26 error(s) in 30 function(s)

; CHECK: [[LOCAL]] = !{!"amdgpu-synchronize-as", !"local"}

!0 = !{!"amdgpu-synchronize-as", !"local"}
!1 = !{i32 64, i32 1, i32 1}
