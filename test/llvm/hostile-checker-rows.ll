; Two inputs a hostile review found the checker accepting, though they
; race (each rejected now; the barrier pass was right on both).
; @joined: a store before a loop and one inside it (under a uniform flag)
; have one key; where paths meet, the entry is the earlier store's, and the
; checker took the loop's read as in its first row only (it is reached
; from the earlier store without going round the loop), while the store
; inside the loop meets row d = 2's read of w[2 lid]. An entry now records
; the loops of every access it stands for (`inside`), and the first rows
; apply only where none lies in the loop.
; @bypass: a counted loop whose header holds no op is entered at its body
; from the preheader (the model's edit); row 2 breaks out through an outer
; loop into the next entry's row 0, and the index symbol, defined at the
; header, never went stale on the way: the checker took the two rows for
; one. The head of the model's loop now makes a symbol stale too.
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=joined --args=1 --schedules=8 | FileCheck %s --check-prefix=RACE-JOINED
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=bypass --schedules=8 | FileCheck %s --check-prefix=RACE-BYPASS
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %s -S -o %t.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=joined --args=1 --schedules=8 | FileCheck %s --check-prefix=CLEAN-JOINED
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=bypass --schedules=8 | FileCheck %s --check-prefix=CLEAN-BYPASS

; REJECT-DAG: error: in function 'joined': amdsync-verify: unordered RAW hazard on @w
; REJECT-DAG: error: in function 'bypass': amdsync-verify: unordered {{RAW|WAR|WAW}} hazard on @v
; RACE-JOINED: race: joined:
; RACE-BYPASS: race: bypass:
; CLEAN-JOINED: amdsync-exec: joined: clean
; CLEAN-BYPASS: amdsync-exec: bypass: clean

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@w = internal addrspace(3) global [512 x float] poison, align 4
@v = internal addrspace(3) global [1024 x float] poison, align 4

define amdgpu_kernel void @joined(ptr addrspace(1) %out, i32 %flag) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pw = getelementptr inbounds [512 x float], ptr addrspace(3) @w, i32 0, i32 %t
  store float 1.0, ptr addrspace(3) %pw, align 4
  br label %header

header:
  %d = phi i32 [ 1, %entry ], [ %d2, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc2, %latch ]
  %f = icmp ne i32 %flag, 0
  br i1 %f, label %wr, label %body

wr:
  store float 2.0, ptr addrspace(3) %pw, align 4
  br label %body

body:
  %q = udiv i32 256, %d
  %c = icmp ult i32 %t, %q
  br i1 %c, label %read, label %latch

read:
  %idx = mul i32 %t, %d
  %p = getelementptr inbounds [512 x float], ptr addrspace(3) @w, i32 0, i32 %idx
  %v = load float, ptr addrspace(3) %p, align 4
  %sum = fadd float %acc, %v
  br label %latch

latch:
  %acc2 = phi float [ %sum, %read ], [ %acc, %body ]
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %d2 = shl i32 %d, 1
  %more = icmp ule i32 %d2, 256
  br i1 %more, label %header, label %exit

exit:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %acc2, ptr addrspace(1) %po, align 4
  ret void
}

define amdgpu_kernel void @bypass(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %outer

outer:
  %j = phi i32 [ 0, %entry ], [ %j1, %olatch ]
  br label %h

h:
  %i = phi i32 [ 0, %outer ], [ %i1, %latch ]
  %c = icmp slt i32 %i, 4
  br i1 %c, label %b, label %iexit

b:
  %i1p = add i32 %i, 1
  %idx = mul i32 %t, %i1p
  %p = getelementptr inbounds [1024 x float], ptr addrspace(3) @v, i32 0, i32 %idx
  %v = load float, ptr addrspace(3) %p, align 4
  %v2 = fadd float %v, 1.0
  store float %v2, ptr addrspace(3) %p, align 4
  %brk = icmp eq i32 %i, 2
  br i1 %brk, label %olatch, label %latch

latch:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %i1 = add nsw i32 %i, 1
  br label %h

iexit:
  br label %olatch

olatch:
  %j1 = add nsw i32 %j, 1
  %cj = icmp slt i32 %j1, 2
  br i1 %cj, label %outer, label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
!0 = !{i32 256, i32 1, i32 1}
