; amdsync-waitcnt on LLVM IR (the opt plugin): asyncmark and wait.asyncmark
; calls (LLVM 22 has no such intrinsics: llc would emit calls to them) are
; lowered to counter waits exactly as the MLIR side lowers the amdsync
; dialect ops (test/mlir/waitcnt-asyncmark.mlir), with the examples of
; spec/amdgpu-async-operations.txt:
;  - uneven blocks (3, 5, 2 loads), wait.asyncmark 2: s_wait_asynccnt 7;
;  - the software pipeline over an LLVM loop (phi, unknown trip count): 4 in
;    every iteration, then 4, 2, 0 after it; a wait allowing more marks than
;    are outstanding (3) is removed;
;  - a read in a one-wave workgroup waits for the async write (0) after
;    the barrier pass put an ordering point between them;
;  - GFX9 LDS DMA (global.load.lds) counts on vmcnt: s_waitcnt vmcnt(1).
; Every mark is gone and its declarations with it; a second run changes
; nothing; the checker accepts the output; llc shows the waits.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers,amdsync-waitcnt<summary>,amdsync-verify' %s -S -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
; RUN: not grep 'llvm[.]amdgcn[.].*asyncmark' %t.ll
; RUN: sed 1d %t.ll > %t.body.ll
; RUN: %opt-amdsync -passes='amdsync-waitcnt' %t.ll -S | sed 1d | diff - %t.body.ll
; RUN: llc -march=amdgcn -mcpu=gfx1250 %t.ll -o - | FileCheck %s --check-prefix=ISA
; The C driver runs the same pass bodies (barriers, waits, checker).
; RUN: %amdsync-opt %s | FileCheck %s

; SUMMARY: remark: amdsync-waitcnt: 4 function(s), 22 async operation(s); inserted 7 counter wait(s); lowered 17 asyncmark call(s)

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x float] poison

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: define amdgpu_kernel void @uneven
; CHECK-COUNT-10: call void @llvm.amdgcn.global.load.async.to.lds.b32
; CHECK-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 7)
; CHECK-NEXT: ret void
; ISA-LABEL: uneven:
; ISA-COUNT-10: global_load_async_to_lds_b32
; ISA-NEXT: s_wait_asynccnt 0x7
; ISA-NOT: asyncmark
; ISA: s_endpgm
define amdgpu_kernel void @uneven(ptr addrspace(1) %g) "target-cpu"="gfx1250" {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @pipeline
; CHECK: loop:
; CHECK-NEXT: %i = phi
; CHECK-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 4)
; CHECK-NEXT: load volatile float, ptr addrspace(1) %g
; CHECK: exit:
; CHECK-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 4)
; CHECK-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 2)
; CHECK-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
; CHECK-NEXT: ret void
; ISA-LABEL: pipeline:
; ISA: s_wait_asynccnt 0x4
; ISA-NEXT: global_load_b32
; ISA: s_cbranch_
; ISA: s_wait_asynccnt 0x0
; ISA-NEXT: s_endpgm
define amdgpu_kernel void @pipeline(ptr addrspace(1) %g, i64 %n, ptr addrspace(1) %out) "target-cpu"="gfx1250" {
entry:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %enter = icmp sgt i64 %n, 0
  br i1 %enter, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  %v = load volatile float, ptr addrspace(1) %g
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %next = add nsw i64 %i, 1
  %more = icmp slt i64 %next, %n
  br i1 %more, label %loop, label %exit

exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @llvm.amdgcn.wait.asyncmark(i16 3)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @same_wave
; CHECK: call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("wavefront") release
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire
; CHECK-NEXT: call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
; CHECK-NEXT: load float, ptr addrspace(3) %p
; ISA-LABEL: same_wave:
; ISA: global_load_async_to_lds_b32
; ISA: s_wait_asynccnt 0x0
; ISA: ds_load_b32
define amdgpu_kernel void @same_wave(ptr addrspace(1) %g, ptr addrspace(1) %out) "target-cpu"="gfx1250" "amdgpu-flat-work-group-size"="1,32" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %p, i32 0, i32 0)
  %v = load float, ptr addrspace(3) %p
  store float %v, ptr addrspace(1) %out
  ret void
}

; vmcnt(1): 0xF71 (vmcnt 1, expcnt 7, lgkmcnt 15).
; CHECK-LABEL: define amdgpu_kernel void @gfx9_dma
; CHECK-COUNT-3: call void @llvm.amdgcn.global.load.lds
; CHECK-NEXT: call void @llvm.amdgcn.s.waitcnt(i32 3953)
; CHECK-NEXT: ret void
define amdgpu_kernel void @gfx9_dma(ptr addrspace(1) %g, ptr addrspace(1) %out) "target-cpu"="gfx942" {
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}
