; GFX12 split barriers (gfx1201, wave32, 64 lanes = 2 waves): the release
; fence and signal after the producer, the wait and acquire fence before the
; consumer, independent work between them.
; RUN: %amdsync-exec %s --kernel=split | FileCheck %s --check-prefix=SPLIT
; SPLIT: amdsync-exec: split: clean barriers=1 wave-barriers=0 schedules=8
; A store between the signal and the wait is not published by them.
; RUN: not %amdsync-exec %s --kernel=store_after_signal | FileCheck %s --check-prefix=AFTER
; AFTER: race: store_after_signal: {{write|read}} at {{.*}} (lane {{[0-9]+}} wave {{[01]}}) and {{write|read}} at {{.*}} (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @buf
; A wait with no signal before it never completes.
; RUN: not %amdsync-exec %s --kernel=wait_only | FileCheck %s --check-prefix=WAIT
; WAIT: hang: wait_only: wave {{[01]}} waits at call void @llvm.amdgcn.s.barrier.wait(i16 -1) without a signal before it
; A signal never waited for before the end.
; RUN: not %amdsync-exec %s --kernel=signal_only | FileCheck %s --check-prefix=SIG
; SIG: hang: signal_only: wave {{[01]}} ends with a signaled barrier it never waited for
; A loop of 3 iterations with 2 signal/wait pairs each, the first signal
; peeled before the loop as the disjoint strategy places it: 1 + 2 * 3 phases.
; RUN: %amdsync-exec %s --kernel=peeled --args=3 | FileCheck %s --check-prefix=PEEL
; PEEL: amdsync-exec: peeled: clean barriers=7 wave-barriers=0 schedules=8

@buf = internal addrspace(3) global [64 x i32] undef, align 4

define amdgpu_kernel void @split(ptr addrspace(1) %out, ptr addrspace(1) %g) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  store i32 7, ptr addrspace(1) %gp, align 4
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %r = sub i32 63, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @store_after_signal(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %r = sub i32 63, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @wait_only() #0 {
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  ret void
}

define amdgpu_kernel void @signal_only() #0 {
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  ret void
}

define amdgpu_kernel void @peeled(i32 %n, ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %r = sub i32 63, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  store i32 %i, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %v = load i32, ptr addrspace(3) %q, align 4
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  br label %head
exit:
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

attributes #0 = { "target-cpu"="gfx1201" "amdgpu-flat-work-group-size"="1,64" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
