; Nested counting loops and OpenCL's `__local` arguments (docs/design.md
; 2b), the shapes of Rodinia's LU perimeter kernel:
; - an inner loop counting up to an outer loop's counter (`for (j = 0; j <
;   i; j++)`, exit `j + 1 == i` with `nuw nsw`) has a symbol too: its range
;   ends below the outer counter's largest value;
; - a loop inside a divergent `if` has symbols: its header is no join of
;   the branch (only the lanes of one arm reach it, in step), so its phis
;   are as uniform as their incoming values;
; - lane t updating its own row, `a[16*t + i]` against `a[16*t + j]`, is
;   thread-private: the counters' spread (i in [0, 15], j in [0, 14]: 60
;   bytes) stays inside one row of 64;
; - the guard of the edge into a loop's header holds in the loop when the
;   header's other predecessors are its own back edges (`if (tid == 127)
;   for (q ...) c[q] += ...`: one lane's loop, no barrier, as SHOC's radix
;   sort updates its block counts); with two lanes in the loop it is a race
;   in divergent control flow, refused (Inputs/one-lane-loop-two-lanes.ll);
; - an OpenCL kernel's `__local` arguments (clang marks the kernel with
;   `!kernel_arg_addr_space`) are buffers of their own (clSetKernelArg): a
;   store through one and a load through another need no barrier. Without
;   the mark the two may alias, as before.
;
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=FORM
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S -o %t.942.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.942.ll | FileCheck %s --check-prefix=COUNT
; RUN: %amdsync-exec %t.942.ll --target=gfx942 --schedules=4 --local-arg-bytes=8192 | FileCheck %s --check-prefix=EXEC
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %s -S -o %t.1201.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.1201.ll | FileCheck %s --check-prefix=COUNT12
; RUN: %amdsync-exec %t.1201.ll --target=gfx1201 --schedules=4 --local-arg-bytes=8192 | FileCheck %s --check-prefix=EXEC
; The checker on the kernels as written (no barriers): the rows and the
; separate arguments are clean; rows one float short, and arguments that
; may alias, are not. The oracle finds the short rows' race.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=CHECKER --implicit-check-not='in function '\''rows_in_divergent_if' --implicit-check-not='in function '\''args_apart' --implicit-check-not='in function '\''one_lane_loop'
; RUN: not %amdsync-exec %s --target=gfx942 --kernel=rows_overlap --local-arg-bytes=8192 | FileCheck %s --check-prefix=RACE
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %S/Inputs/one-lane-loop-two-lanes.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TWO
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/one-lane-loop-two-lanes.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TWOCHECK
; RUN: not %amdsync-exec %S/Inputs/one-lane-loop-two-lanes.ll --target=gfx942 | FileCheck %s --check-prefix=TWORACE

; Both counters are symbols (s0: the outer i, made first as the bound of
; s1, the inner j).
; FORM:      amdsync-trace: index: %pj: 4 byte(s) at argument %a + 64*tid.x + 4*s1{{$}}
; FORM-NEXT: amdsync-trace: index: %pi: 4 byte(s) at argument %a + 64*tid.x + 4*s0{{$}}
; FORM-NEXT: amdsync-trace: index: %pi: 4 byte(s) at argument %a + 64*tid.x + 4*s0{{$}}
; FORM-NEXT: amdsync-trace: index: %pj: 4 byte(s) at argument %a + 60*tid.x + 4*s1{{$}}

; COUNT:      @rows_in_divergent_if 0 0 0 0
; COUNT-NEXT: @rows_overlap 2 0 0 0
; COUNT-NEXT: @args_apart 0 0 0 0
; COUNT-NEXT: @args_may_alias 1 0 0 0
; COUNT-NEXT: @one_lane_loop 0 0 0 0
; COUNT12:      @rows_in_divergent_if 0 0 0 0
; COUNT12-NEXT: @rows_overlap 0 2 2 0
; COUNT12-NEXT: @args_apart 0 0 0 0
; COUNT12-NEXT: @args_may_alias 0 1 1 0
; COUNT12-NEXT: @one_lane_loop 0 0 0 0

; EXEC: amdsync-exec: rows_in_divergent_if: clean barriers=0
; EXEC: amdsync-exec: rows_overlap: clean
; EXEC: amdsync-exec: args_apart: clean barriers=0
; EXEC: amdsync-exec: args_may_alias: clean barriers=1
; EXEC: amdsync-exec: one_lane_loop: clean barriers=0

; CHECKER-DAG: in function 'rows_overlap': amdsync-verify: unordered RAW hazard on argument %a
; CHECKER-DAG: in function 'args_may_alias': amdsync-verify: unordered RAW hazard on argument %a
; RACE: race: rows_overlap: {{.*}}byte 60 of %a
; TWO: error: in function 'two_lanes_loop': amdsync: cannot order {{WAR|RAW}} hazard on @c: every position between
; TWOCHECK: error: in function 'two_lanes_loop': amdsync-verify: unordered {{WAR|RAW}} hazard on @c
; TWORACE: race: two_lanes_loop:

target triple = "amdgcn-amd-amdhsa"

; Lanes 0..63 of 128 each update their own row of 16 floats, inside a
; divergent `if`.
define amdgpu_kernel void @rows_in_divergent_if(ptr addrspace(3) %a) !reqd_work_group_size !0 !kernel_arg_addr_space !1 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp ult i32 %t, 64
  br i1 %in, label %body, label %exit

body:
  %off = shl nuw nsw i32 %t, 6
  %row = getelementptr inbounds nuw i8, ptr addrspace(3) %a, i32 %off
  br label %outer

outer:
  %i = phi i32 [ 0, %body ], [ %i.next, %outer.latch ]
  %pi = getelementptr inbounds nuw float, ptr addrspace(3) %row, i32 %i
  %first = icmp eq i32 %i, 0
  br i1 %first, label %outer.latch, label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %pj = getelementptr inbounds nuw float, ptr addrspace(3) %row, i32 %j
  %vj = load float, ptr addrspace(3) %pj, align 4
  %vi = load float, ptr addrspace(3) %pi, align 4
  %d = fsub float %vi, %vj
  store float %d, ptr addrspace(3) %pi, align 4
  %j.next = add nuw nsw i32 %j, 1
  %j.done = icmp eq i32 %j.next, %i
  br i1 %j.done, label %outer.latch, label %inner

outer.latch:
  %i.next = add nuw nsw i32 %i, 1
  %i.done = icmp eq i32 %i.next, 16
  br i1 %i.done, label %exit, label %outer

exit:
  ret void
}

; Rows of 15 floats: lane t's last float is lane t + 1's first.
define amdgpu_kernel void @rows_overlap(ptr addrspace(3) %a) !reqd_work_group_size !0 !kernel_arg_addr_space !1 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %off = mul nuw nsw i32 %t, 60
  %row = getelementptr inbounds nuw i8, ptr addrspace(3) %a, i32 %off
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %pi = getelementptr inbounds nuw float, ptr addrspace(3) %row, i32 %i
  %first = icmp eq i32 %i, 0
  br i1 %first, label %outer.latch, label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %pj = getelementptr inbounds nuw float, ptr addrspace(3) %row, i32 %j
  %vj = load float, ptr addrspace(3) %pj, align 4
  %vi = load float, ptr addrspace(3) %pi, align 4
  %d = fsub float %vi, %vj
  store float %d, ptr addrspace(3) %pi, align 4
  %j.next = add nuw nsw i32 %j, 1
  %j.done = icmp eq i32 %j.next, %i
  br i1 %j.done, label %outer.latch, label %inner

outer.latch:
  %i.next = add nuw nsw i32 %i, 1
  %i.done = icmp eq i32 %i.next, 16
  br i1 %i.done, label %exit, label %outer

exit:
  ret void
}

; Lane t stores a[t] and loads b[127 - t]: no lane reads what another wrote.
define amdgpu_kernel void @args_apart(ptr addrspace(3) %a, ptr addrspace(3) %b) !reqd_work_group_size !0 !kernel_arg_addr_space !2 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr inbounds nuw float, ptr addrspace(3) %a, i32 %t
  store float 1.0, ptr addrspace(3) %pa, align 4
  %r = sub nuw nsw i32 127, %t
  %pb = getelementptr inbounds nuw float, ptr addrspace(3) %b, i32 %r
  %v = load float, ptr addrspace(3) %pb, align 4
  ret void
}

; The same without `!kernel_arg_addr_space`: %a and %b may alias.
define amdgpu_kernel void @args_may_alias(ptr addrspace(3) %a, ptr addrspace(3) %b) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr inbounds nuw float, ptr addrspace(3) %a, i32 %t
  store float 1.0, ptr addrspace(3) %pa, align 4
  %r = sub nuw nsw i32 127, %t
  %pb = getelementptr inbounds nuw float, ptr addrspace(3) %b, i32 %r
  %v = load float, ptr addrspace(3) %pb, align 4
  ret void
}

; Lane 127 alone adds to each of 16 counters in a loop.
@c = internal addrspace(3) global [16 x i32] poison, align 4

define amdgpu_kernel void @one_lane_loop() !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %last = icmp eq i32 %t, 127
  br i1 %last, label %loop, label %exit

loop:
  %q = phi i32 [ 0, %entry ], [ %q.next, %loop ]
  %p = getelementptr inbounds nuw i32, ptr addrspace(3) @c, i32 %q
  %v = load i32, ptr addrspace(3) %p, align 4
  %v1 = add i32 %v, 1
  store i32 %v1, ptr addrspace(3) %p, align 4
  %q.next = add nuw nsw i32 %q, 1
  %done = icmp eq i32 %q.next, 16
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{i32 128, i32 1, i32 1}
!1 = !{i32 3}
!2 = !{i32 3, i32 3}
