; A hostile review's input (issue 21, final rows in the placement): a loop
; tested at the top whose header holds no op, with an `add` counter: the
; model enters the body from the preheader (amdsyncCfgCountLoop), so the
; body heads the model's loop and the IR header, where the iteration
; table's symbol is defined, runs at the end of each model iteration. Its
; table's final row is the test that leaves (i = 9), where the body does
; not run. A path from the body's store out of the loop crosses no back
; edge of the model, and the first version of the final rows judged it in
; row 9 alone: the real last row (i = 8, d = 256: lane 0 writes u[510]) was
; lost, the loop's barrier (drawn to the top of the body by the carried
; hazard on @w) stood above the store, and lane 255's read of u[510] after
; the loop raced. The placement now uses final rows only where the
; symbol's block heads the model's loop (hazards.c finalLoopOf), as the
; checker's first rows do; this test fails without that condition
; (checked): the barrier-only pass's output races and the checker rejects
; it.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace>' %s -S -o %t.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output
; RUN: %amdsync-exec --target=gfx942 --kernel=ht4 --schedules=8 %t.ll | FileCheck %s
; RUN: not %amdsync-exec --target=gfx942 --kernel=ht4 --schedules=8 %s | FileCheck %s --check-prefix=INPUT
; CHECK: amdsync-exec: ht4: clean barriers=19
; INPUT: race: ht4:

target triple = "amdgcn-amd-amdhsa"
@u = internal addrspace(3) global [512 x float] poison, align 4
@w = internal addrspace(3) global [256 x float] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @ht4(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %t, 1
  %tn = and i32 %t1, 255
  %pw0 = getelementptr inbounds [256 x float], ptr addrspace(3) @w, i32 0, i32 %t
  %pw1 = getelementptr inbounds [256 x float], ptr addrspace(3) @w, i32 0, i32 %tn
  br label %header

header:
  %d = phi i32 [ 1, %entry ], [ %d2, %latch ]
  %i = phi i32 [ 0, %entry ], [ %i2, %latch ]
  %more = icmp slt i32 %i, 9
  br i1 %more, label %body, label %exit

body:
  %r = load float, ptr addrspace(3) %pw1, align 4
  %r2 = fadd float %r, 1.0
  store float %r2, ptr addrspace(3) %pw0, align 4
  %q = udiv i32 256, %d
  %c = icmp ult i32 %t, %q
  br i1 %c, label %write, label %latch

write:
  %half = udiv i32 512, %d
  %base = sub i32 512, %half
  %idx = add i32 %base, %t
  %p = getelementptr inbounds [512 x float], ptr addrspace(3) @u, i32 0, i32 %idx
  store float 1.0, ptr addrspace(3) %p, align 4
  br label %latch

latch:
  %d2 = shl i32 %d, 1
  %i2 = add nsw i32 %i, 1
  br label %header

exit:
  %last = icmp eq i32 %t, 255
  br i1 %last, label %read, label %done

read:
  %pr = getelementptr inbounds [512 x float], ptr addrspace(3) @u, i32 0, i32 510
  %v = load float, ptr addrspace(3) %pr, align 4
  store float %v, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}
!0 = !{i32 256, i32 1, i32 1}
