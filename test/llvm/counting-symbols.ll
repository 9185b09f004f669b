; Counting loops' induction variables as symbols of index forms (docs/
; design.md, 2b): a uniform phi [c0, entry], [phi + s, latch] whose back
; edge a comparison with a constant bounds (at the latch's own branch, as
; clang rotates `for (i = 0; i < 4; i++)`, or at the header's, as
; convert-scf-to-cf writes scf.for) is a symbol of range [c0, last value],
; defined at its header. Within one iteration both accesses see one value;
; across iterations the thread-private proof measures the distance between
; the iterations' tiles (iteration distance).
;
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=FORM
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S -o %t.942.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.942.ll | FileCheck %s --check-prefix=COUNT
; RUN: %amdsync-exec %t.942.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %s -S -o %t.1201.ll
; RUN: %amdsync-exec %t.1201.ll --target=gfx1201 --schedules=4 | FileCheck %s --check-prefix=EXEC12
; The checker on the kernels as written here (no barriers): the tiles are
; clean, the overlapping tiles and the tail are not.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=CHECKER --implicit-check-not='in function '\''tiles_'

; FORM-COUNT-4: amdsync-trace: index: %p: 4 byte(s) at @lds + 4*tid.x + 1024*s0{{$}}
; FORM-COUNT-2: amdsync-trace: index: %p: 4 byte(s) at @lds + 4*tid.x + 512*s0{{$}}
; FORM-NEXT:    amdsync-trace: index: %p: 4 byte(s) at @lds + 4*tid.x + 1024*s0{{$}}
; FORM-NEXT:    amdsync-trace: index: %q: 4 byte(s) at @lds + 4*tid.x + 3076{{$}}
; FORM-COUNT-2: amdsync-trace: index: %p: 4 byte(s) at unknown

; Tiles of 1,024 bytes, one per iteration, each lane adding into its own
; element: no barrier, in either loop form.
; COUNT:      @tiles_rotated 0 0 0 0
; COUNT-NEXT: @tiles_header 0 0 0 0
; Tiles 512 bytes apart: lane t + 128 of one iteration and lane t of the
; next share an element: one barrier in the loop.
; COUNT-NEXT: @overlap 1 0 0 0
; Lane t + 1 reads after the loop what lane t wrote in its last iteration
; (i = 3): a barrier between the loop and the read. A range one iteration
; short would leave it out (the oracle would see the race).
; COUNT-NEXT: @tail 1 0 0 0
; A bound the comparison does not give (a kernel argument): no symbol, the
; buffer-level answer as before: the overlapping tiles' barrier, and one
; between each iteration's load and store (two lanes' elements may be one).
; COUNT-NEXT: @unbounded 2 0 0 0

; EXEC: amdsync-exec: tiles_rotated: clean barriers=0
; EXEC: amdsync-exec: tiles_header: clean barriers=0
; EXEC: amdsync-exec: overlap: clean barriers=4
; EXEC: amdsync-exec: tail: clean barriers=1
; EXEC: amdsync-exec: unbounded: clean barriers=2
; On gfx1201 the loop's split barrier keeps its signal at the top of the
; iteration: peeled to the end of the previous one it would follow the
; store and overlap only the loop's counter, no work (placement.c), for one
; completion more per loop entry; so as many completions as on gfx942
; (5 and 3 with the peel).
; EXEC12: amdsync-exec: tiles_rotated: clean barriers=0
; EXEC12: amdsync-exec: tiles_header: clean barriers=0
; EXEC12: amdsync-exec: overlap: clean barriers=4
; EXEC12: amdsync-exec: tail: clean barriers=1
; EXEC12: amdsync-exec: unbounded: clean barriers=2

; CHECKER-DAG: in function 'overlap': amdsync-verify: unordered
; CHECKER-DAG: in function 'tail': amdsync-verify: unordered RAW
; CHECKER-DAG: in function 'unbounded': amdsync-verify: unordered

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [2048 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

; clang -O1: the loop rotated, the exit tested on i + 1 at the latch.
define amdgpu_kernel void @tiles_rotated(float %x) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %base = shl i32 %i, 8
  %j = add nuw nsw i32 %base, %tid
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %j
  %v = load float, ptr addrspace(3) %p
  %w = fadd float %v, %x
  store float %w, ptr addrspace(3) %p
  %inc = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %inc, 4
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; convert-scf-to-cf: the header tests i, the body's end branches back.
define amdgpu_kernel void @tiles_header(float %x) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %inc, %body ]
  %go = icmp slt i64 %i, 4
  br i1 %go, label %body, label %exit
body:
  %t64 = zext i32 %tid to i64
  %base = mul i64 %i, 256
  %j = add i64 %base, %t64
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i64 %j
  %v = load float, ptr addrspace(3) %p
  %w = fadd float %v, %x
  store float %w, ptr addrspace(3) %p
  %inc = add i64 %i, 1
  br label %head
exit:
  ret void
}

define amdgpu_kernel void @overlap(float %x) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %base = shl i32 %i, 7
  %j = add nuw nsw i32 %base, %tid
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %j
  %v = load float, ptr addrspace(3) %p
  %w = fadd float %v, %x
  store float %w, ptr addrspace(3) %p
  %inc = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %inc, 4
  br i1 %done, label %exit, label %body
exit:
  ret void
}

define amdgpu_kernel void @tail(float %x, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %base = shl i32 %i, 8
  %j = add nuw nsw i32 %base, %tid
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %j
  store float %x, ptr addrspace(3) %p
  %inc = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %inc, 4
  br i1 %more, label %body, label %exit
exit:
  %k = add nuw nsw i32 %tid, 769
  %q = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %k
  %r = load float, ptr addrspace(3) %q
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  ret void
}

define amdgpu_kernel void @unbounded(float %x, i32 %n) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %base = shl i32 %i, 7
  %j = add nuw nsw i32 %base, %tid
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %j
  %v = load float, ptr addrspace(3) %p
  %w = fadd float %v, %x
  store float %w, ptr addrspace(3) %p
  %inc = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %inc, %n
  br i1 %more, label %body, label %exit
exit:
  ret void
}

!0 = !{i32 256, i32 1, i32 1}
