; A hostile review's inputs (issue 20 review, gfx1201): the input already
; opens a split barrier (signal ... wait) around LDS accesses, and a hazard
; inside that open region needs ordering. A barrier, or a signal and wait
; pair, placed between the input's signal and its wait is a second signal
; in a row (spec/amdgpu-execution-synchronization.txt: a wave's wait
; completes the phase its own signal opened), and one right before the
; input's signal parts it from its release fence. `amdsync-lds-barriers`
; used to put its pair there and exit 0 (the checker then rejected the
; output: "two signals in a row", "wait with no signal"); the gaps where
; an input signal may be outstanding, and the one right before it, take no
; barrier now (AmdsyncCfg.gap_open, legality.c), so the pass refuses with
; the reason. A hazard that can be ordered before the region still is
; (@fine), and the output passes the checker. The second review: the gap
; right after an input wait parts the wait from its acquire fence (a signal
; of the pass landed there: the checker rejected the output,
; split-open-after-wait.ll, older than the change), and a wave-level
; ordering point, which is no signal, may still go inside the region (a
; one-wave workgroup, split-open-one-wave.ll, refused by the first version
; of the change).
;
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPEN
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>' -S %S/Inputs/split-open-loop.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPEN
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>' -S %S/Inputs/split-open-if.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPEN
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' -S %S/Inputs/split-open-fine.ll -o %t.fine.ll
; RUN: FileCheck %s --check-prefix=FINE < %t.fine.ll
; RUN: %amdsync-exec %t.fine.ll --kernel=fine --target=gfx1201 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' -S %S/Inputs/split-open-after-wait.ll -o %t.after.ll
; RUN: %amdsync-exec %t.after.ll --kernel=k --target=gfx1201 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC-K
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' -S %S/Inputs/split-open-one-wave.ll -o %t.wave.ll
; RUN: FileCheck %s --check-prefix=WAVE < %t.wave.ll
; RUN: %amdsync-exec %t.wave.ll --kernel=k --target=gfx1201 --block=32 --schedules=4 | FileCheck %s --check-prefix=EXEC-WAVE
;
; OPEN: error: in function 'k': amdsync: cannot order {{RAW|WAR}} hazard on @a: every position between {{.*}} is in control flow that may diverge or between a split barrier signal of the input and its wait, where a barrier would be a second signal in a row
;
; FINE-LABEL: define amdgpu_kernel void @fine(
; FINE: store i32 %tid, ptr addrspace(3) %pa
; FINE-NEXT: fence syncscope("workgroup") release
; FINE-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; FINE-NOT: s.barrier
; FINE: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; FINE-NEXT: fence syncscope("workgroup") acquire
; FINE-NEXT: load i32, ptr addrspace(3) %pa1
; FINE: store i32 %tid, ptr addrspace(3) %pb
; FINE-NEXT: fence syncscope("workgroup") release, !mmra !0
; FINE-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; FINE-NOT: s.barrier
; FINE: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; FINE-NEXT: fence syncscope("workgroup") acquire, !mmra !0
; FINE-NOT: s.barrier
; FINE: ret void
;
; EXEC: amdsync-exec: fine: clean
; EXEC-K: amdsync-exec: k: clean
; WAVE: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; WAVE: call void @llvm.amdgcn.wave.barrier()
; WAVE: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; EXEC-WAVE: amdsync-exec: k: clean barriers=1 wave-barriers=1
@a = internal addrspace(3) global [256 x i32] undef, align 4
@b = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n0, i32 %n1, i32 %n2, i32 %n3) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v1 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %v1, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %v3 = add i32 %tid, 1
  %v2 = and i32 %v3, 255
  %v4 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v2
  %v5 = load i32, ptr addrspace(3) %v4, align 4
  store volatile i32 %v5, ptr addrspace(1) %out, align 4
  br label %head1
head1:
  %i0 = phi i32 [ 0, %entry ], [ %inext0, %latch2 ]
  %v6 = icmp slt i32 %i0, %n0
  br i1 %v6, label %body4, label %exit3
body4:
  %v7 = xor i32 %tid, 1
  %v8 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v7
  %v9 = load i32, ptr addrspace(3) %v8, align 4
  store volatile i32 %v9, ptr addrspace(1) %out, align 4
  %v10 = icmp sgt i32 %n1, 0
  br i1 %v10, label %then5, label %join7
then5:
  %v11 = add i32 0, 0
  %v12 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v11
  %v13 = load i32, ptr addrspace(3) %v12, align 4
  store volatile i32 %v13, ptr addrspace(1) %out, align 4
  br label %join7
join7:
  br label %latch2
latch2:
  %inext0 = add i32 %i0, 1
  br label %head1
exit3:
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %v14 = sub i32 255, %tid
  %v15 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v14
  %v16 = load i32, ptr addrspace(3) %v15, align 4
  store volatile i32 %v16, ptr addrspace(1) %out, align 4
  %v18 = add i32 %tid, 1
  %v17 = and i32 %v18, 255
  %v19 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v17
  store i32 %tid, ptr addrspace(3) %v19, align 4
  %v20 = xor i32 %tid, 1
  %v21 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v20
  %v22 = load i32, ptr addrspace(3) %v21, align 4
  store volatile i32 %v22, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

attributes #0 = { "target-cpu"="gfx1201" "amdgpu-flat-work-group-size"="256,256" }
!0 = !{!"amdgpu-synchronize-as", !"local"}

