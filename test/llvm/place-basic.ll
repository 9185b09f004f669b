; The barrier pass on LLVM IR (amdsync-lds-barriers in the opt plugin): the
; same core and emission schedule as the MLIR side, the same instruction
; sequences the MLIR ops lower to. gfx942: a fenced s_barrier before the
; consumer; gfx1201: the signal right after the producer (independent
; global work between it and the wait), a loop peeled (signal before it,
; wait after it); a barrier written without fences is completed. Each
; output passes the checker, a second run changes nothing, and llc shows
; the waits and barriers in order.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S -o %t.942.ll
; RUN: FileCheck %s --check-prefix=GFX9 < %t.942.ll
; RUN: sed 1d %t.942.ll > %t.942.body.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %t.942.ll -S | sed 1d | diff - %t.942.body.ll
; RUN: llc -march=amdgcn -mcpu=gfx942 %t.942.ll -o - | FileCheck %s --check-prefix=ISA9
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %s -S -o %t.1201.ll
; RUN: FileCheck %s --check-prefix=GFX12 < %t.1201.ll
; RUN: llc -march=amdgcn -mcpu=gfx1201 %t.1201.ll -o - | FileCheck %s --check-prefix=ISA12
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=SUMMARY
; Why each barrier is there, as LLVM optimization remarks.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' -pass-remarks=amdsync %s -disable-output 2>&1 | FileCheck %s --check-prefix=REMARK
; The `remarks` parameter (as on the MLIR side) prints the same remarks
; without -pass-remarks; without either there are none.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;remarks>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;remarks=true>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;remarks=false>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=NOREMARK --allow-empty
; RUN: not %opt-amdsync -passes='amdsync<remarks=maybe>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=BADREMARK
; NOREMARK-NOT: remark
; BADREMARK: LLVM ERROR: invalid amdsync pass parameter 'remarks=maybe': remarks takes true or false
; REMARK: remark: {{.*}}amdsync: barrier orders RAW hazard on @lds between 'store float %x, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4'
; REMARK: remark: {{.*}}amdsync: barrier orders loop-carried WAR hazard on @lds between '%v = load float
; REMARK: remark: {{.*}}amdsync: barrier orders RAW hazard on @lds
; The C driver takes .ll files to the same pass bodies.
; RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s --check-prefix=GFX9

; GFX9-LABEL: define amdgpu_kernel void @missing
; GFX9: store float %x, ptr addrspace(3) %p
; GFX9: store float %z, ptr addrspace(1) %out
; GFX9: fence syncscope("workgroup") release, !mmra [[MMRA:![0-9]+]]
; GFX9-NEXT: call void @llvm.amdgcn.s.barrier()
; GFX9-NEXT: fence syncscope("workgroup") acquire, !mmra [[MMRA]]
; GFX9: load float, ptr addrspace(3) %q
; GFX9-LABEL: define amdgpu_kernel void @bare
; GFX9: store float %x, ptr addrspace(3) %p
; GFX9-NEXT: fence syncscope("workgroup") release, !mmra [[MMRA]]
; GFX9-NEXT: call void @llvm.amdgcn.s.barrier()
; GFX9-NEXT: fence syncscope("workgroup") acquire, !mmra [[MMRA]]
; GFX9-NOT: call void @llvm.amdgcn.s.barrier()
; GFX9-LABEL: define amdgpu_kernel void @loop
; GFX9: loop:
; GFX9: call void @llvm.amdgcn.s.barrier()
; GFX9: store float %x, ptr addrspace(3) %p
; GFX9: call void @llvm.amdgcn.s.barrier()
; GFX9: load float, ptr addrspace(3) %q
; GFX9: end:
; GFX9-NOT: s.barrier
; GFX9: [[MMRA]] = !{!"amdgpu-synchronize-as", !"local"}

; ISA9-LABEL: missing:
; ISA9: ds_write_b32
; ISA9: s_waitcnt lgkmcnt(0)
; ISA9: s_barrier
; ISA9-NEXT: ds_read_b32
; ISA9-LABEL: bare:
; ISA9: ds_write_b32
; ISA9-NEXT: s_waitcnt lgkmcnt(0)
; ISA9-NEXT: s_barrier
; ISA9-NEXT: ds_read_b32

; GFX12-LABEL: define amdgpu_kernel void @missing
; GFX12: store float %x, ptr addrspace(3) %p
; GFX12-NEXT: fence syncscope("workgroup") release
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NEXT: load float, ptr addrspace(1) %out
; GFX12: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire
; GFX12-NEXT: load float, ptr addrspace(3) %q
; GFX12-LABEL: define amdgpu_kernel void @loop
; GFX12: entry:
; GFX12: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12: loop:
; GFX12: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12: store float %x, ptr addrspace(3) %p
; GFX12: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12: load float, ptr addrspace(3) %q
; GFX12: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12: end:
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)

; ISA12-LABEL: missing:
; ISA12: ds_store_b32
; ISA12-NEXT: s_wait_dscnt 0x0
; ISA12-NEXT: s_barrier_signal -1
; ISA12: global_store_b32
; ISA12: s_barrier_wait -1
; ISA12: ds_load_b32

; One of the five windows is @loop's store against itself in the next
; iteration (write/write: no workgroup size is stated, so lanes that differ
; in y write one element); the loop's barrier orders it too.
; SUMMARY: remark: amdsync-lds-barriers: 3 function(s), 4 hazard window(s), 1 already ordered; inserted 3 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 0 counter wait(s); completed 1 barrier(s) with fences; removed 0 LDS-only barrier(s)

@lds = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @missing(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %y = load float, ptr addrspace(1) %out
  %z = fmul float %y, %y
  store float %z, ptr addrspace(1) %out
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %o = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %o
  ret void
}

define amdgpu_kernel void @bare(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier()
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @loop(float %x, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  store float %x, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) %q
  %acc1 = fadd float %acc, %v
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %end
end:
  store float %acc1, ptr addrspace(1) %out
  ret void
}
