; Private slots (passes/llvm/uniformity.c rule 5): clang -O0 keeps loop
; counters in allocas. A slot whose address only loads and stores use
; holds the same value in every lane while every store stores a uniform
; value outside every divergent branch's region; its loads are then
; uniform, and a barrier in a loop counted by it is a barrier in uniform
; control flow (before: "barrier in control flow that may diverge").
; - @counted: for (i = 0; i < n; i++) { store; barrier; load } with i in a
;   slot: accepted as written, and the barrier pass adds nothing;
; - @err_stored_in_arm: the slot is set under a divergent if (1 or 2): the
;   loop it counts is divergent, its barrier a hang;
; - @err_left_early: the slot counts a loop that lanes leave at different
;   iterations (exit on the thread id); read after the loop, it differs
;   between lanes;
; - @err_stored_after_loop (a review's kernel): the loop's count, uniform
;   inside it, is stored after a loop lanes leave at different iterations:
;   the store itself is marked (rule 4), and the slot with it;
; - @err_escapes: the slot's address goes to a call: its loads are
;   divergent as any load.
; The oracle runs @counted clean and hangs on the other three.
;
; RUN: llvm-extract --delete --rfunc='^err_' %s -S -o %t.ok.ll
; RUN: llvm-extract --rfunc='^err_' %s -S -o %t.err.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942;summary>' %t.ok.ll -disable-output 2>&1 | FileCheck %s --check-prefix=OK
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;summary>' %t.ok.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NOTHING
; RUN: %amdsync-exec %t.ok.ll --target=gfx942 --args=3,0 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: not %amdsync-exec %t.err.ll --target=gfx942 --kernel=err_stored_in_arm --args=3,0 --schedules=2 | FileCheck %s --check-prefix=HANG1
; RUN: not %amdsync-exec %t.err.ll --target=gfx942 --kernel=err_left_early --args=3,0 --schedules=2 | FileCheck %s --check-prefix=HANG2
; RUN: not %amdsync-exec %t.err.ll --target=gfx942 --kernel=err_stored_after_loop --args=3,0 --schedules=2 | FileCheck %s --check-prefix=HANG2

; OK: remark: amdsync-verify: 1 function(s), 0 violation(s)
; NOTHING: inserted 0 barrier(s)
; EXEC: amdsync-exec: counted: clean
; ERR-DAG: error: in function 'err_stored_in_arm': amdsync-verify: barrier in control flow that may diverge
; ERR-DAG: error: in function 'err_left_early': amdsync-verify: barrier in control flow that may diverge
; ERR-DAG: error: in function 'err_escapes': amdsync-verify: barrier in control flow that may diverge
; ERR-DAG: error: in function 'err_stored_after_loop': amdsync-verify: barrier in control flow that may diverge
; HANG1: hang
; HANG2: hang

target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [256 x float] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare void @keep(ptr addrspace(5))

define amdgpu_kernel void @counted(i32 %n, i32 %unused) !reqd_work_group_size !0 {
entry:
  %i = alloca i32, addrspace(5)
  %ip = addrspacecast ptr addrspace(5) %i to ptr
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %t
  %u = xor i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %u
  store i32 0, ptr %ip
  br label %head
head:
  %iv = load i32, ptr %ip
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %body, label %end
body:
  store float 1.0, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %x = load float, ptr addrspace(3) %q
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %iv2 = load i32, ptr %ip
  %inc = add i32 %iv2, 1
  store i32 %inc, ptr %ip
  br label %head
end:
  ret void
}

define amdgpu_kernel void @err_stored_in_arm(i32 %n, i32 %unused) !reqd_work_group_size !0 {
entry:
  %i = alloca i32, addrspace(5)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %low = icmp ult i32 %t, 64
  br i1 %low, label %one, label %two
one:
  store i32 1, ptr addrspace(5) %i
  br label %head
two:
  store i32 2, ptr addrspace(5) %i
  br label %head
head:
  %iv = load i32, ptr addrspace(5) %i
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %body, label %end
body:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %inc = add i32 %iv, 1
  store i32 %inc, ptr addrspace(5) %i
  br label %head
end:
  ret void
}

define amdgpu_kernel void @err_left_early(i32 %n, i32 %unused) !reqd_work_group_size !0 {
entry:
  %i = alloca i32, addrspace(5)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %lim = and i32 %t, 3
  store i32 0, ptr addrspace(5) %i
  br label %loop
loop:
  %iv = load i32, ptr addrspace(5) %i
  %inc = add i32 %iv, 1
  store i32 %inc, ptr addrspace(5) %i
  %more = icmp ult i32 %iv, %lim
  br i1 %more, label %loop, label %after
after:
  %k = load i32, ptr addrspace(5) %i
  %c = icmp eq i32 %k, 1
  br i1 %c, label %sync, label %end
sync:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %end
end:
  ret void
}

define amdgpu_kernel void @err_escapes(i32 %n, i32 %unused) !reqd_work_group_size !0 {
entry:
  %i = alloca i32, addrspace(5)
  store i32 0, ptr addrspace(5) %i
  call void @keep(ptr addrspace(5) %i)
  %iv = load i32, ptr addrspace(5) %i
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %sync, label %end
sync:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %end
end:
  ret void
}

define amdgpu_kernel void @err_stored_after_loop(i32 %n, i32 %unused) !reqd_work_group_size !0 {
entry:
  %s = alloca i32, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 0, ptr addrspace(5) %s
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %tid
  br i1 %c, label %loop, label %exit
exit:
  store i32 %i1, ptr addrspace(5) %s
  %v = load i32, ptr addrspace(5) %s
  %d = icmp eq i32 %v, 1
  br i1 %d, label %bar, label %end
bar:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %end
end:
  ret void
}

!0 = !{i32 256, i32 1, i32 1}
