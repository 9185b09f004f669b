; Workgroup barriers (gfx942, wave64, 128 lanes): what orders LDS, what
; hangs, and how often a barrier completes.
;
; A barrier without its release/acquire fences orders no LDS (the project's
; model, docs/design.md: llc may move LDS accesses across a bare s_barrier).
; RUN: not %amdsync-exec %s --kernel=bare | FileCheck %s --check-prefix=BARE
; BARE: race: bare: {{write|read}} at
; BARE: amdsync-exec: bare: race barriers=1 wave-barriers=0 schedules=8
;
; A barrier in a branch on the lane id: a partial wave executes it.
; RUN: not %amdsync-exec %s --kernel=divergent | FileCheck %s --check-prefix=DIV
; DIV: hang: divergent: barrier call void @llvm.amdgcn.s.barrier() in divergent control flow: wave 0 executes it with 32 of 64 lanes active
; DIV: amdsync-exec: divergent: hang
;
; Wave 1 returns early (a uniform branch per wave), wave 0 waits forever.
; RUN: not %amdsync-exec %s --kernel=early_return | FileCheck %s --check-prefix=EARLY
; EARLY: hang: early_return: wave 0 waits at call void @llvm.amdgcn.s.barrier() but wave 1 returned without reaching it
;
; Waves at different static barriers.
; RUN: not %amdsync-exec %s --kernel=two_barriers | FileCheck %s --check-prefix=TWO
; TWO: hang: two_barriers: waves wait at different barriers: call void @llvm.amdgcn.s.barrier() (wave {{[01]}}) and call void @llvm.amdgcn.s.barrier() (wave {{[01]}})
;
; A loop of 4 iterations with 2 barriers each: 8 completions.
; RUN: %amdsync-exec %s --kernel=loop --args=4 | FileCheck %s --check-prefix=LOOP
; LOOP: amdsync-exec: loop: clean barriers=8 wave-barriers=0 schedules=8
; RUN: %amdsync-exec %s --kernel=loop --args=7 --schedules=3 | FileCheck %s --check-prefix=LOOP7
; LOOP7: amdsync-exec: loop: clean barriers=14 wave-barriers=0 schedules=3
; Without the loop's second barrier, the next iteration's store races with
; this one's load (write after read, loop-carried).
; RUN: not %amdsync-exec %s --kernel=loop_war --args=4 | FileCheck %s --check-prefix=LOOPWAR
; LOOPWAR: race: loop_war: read at %v = load i32, ptr addrspace(3) %q, align 4 ({{.*}}) and write at store i32 %i, ptr addrspace(3) %p, align 4 ({{.*}})
; LOOPWAR: amdsync-exec: loop_war: race barriers=4

@buf = internal addrspace(3) global [128 x i32] undef, align 4

define amdgpu_kernel void @bare(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  call void @llvm.amdgcn.s.barrier()
  %n = add i32 %tid, 64
  %j = and i32 %n, 127
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @divergent() #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = and i32 %tid, 63
  %c = icmp ult i32 %lane, 32
  br i1 %c, label %then, label %done
then:
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  br label %done
done:
  ret void
}

define amdgpu_kernel void @early_return() #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp uge i32 %tid, 64
  br i1 %c, label %out, label %work
work:
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  br label %out
out:
  ret void
}

define amdgpu_kernel void @two_barriers() #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp uge i32 %tid, 64
  br i1 %c, label %a, label %b
a:
  call void @llvm.amdgcn.s.barrier()
  br label %out
b:
  call void @llvm.amdgcn.s.barrier()
  br label %out
out:
  ret void
}

define amdgpu_kernel void @loop(i32 %n, ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %k = add i32 %tid, 1
  %j = and i32 %k, 127
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  store i32 %i, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %v = load i32, ptr addrspace(3) %q, align 4
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  br label %head
exit:
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @loop_war(i32 %n, ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %k = add i32 %tid, 1
  %j = and i32 %k, 127
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  store i32 %i, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %v = load i32, ptr addrspace(3) %q, align 4
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  br label %head
exit:
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,128" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
