; A helper's bulk write of the same LDS bytes in every lane: the kernel
; check (same-bytes-every-lane.ll) covers the kernel's own llvm.memset and
; memcpy; a helper's were not checked at all, since a helper may be called
; from one lane (left open since session 18, design.md 9). Now the kernel's
; calls that every lane makes (in no divergent branch) are checked against
; the helper, translated for the call: its parameters the same in every
; lane where the call's arguments are, lane-dependent otherwise. The build
; before this check accepted every kernel here; the oracle (--waw=on)
; finds the four refused ones racing on byte 0 of @lds.
;
; Refused: @err_lane (the fill value is the lane id, passed in),
; @err_tid (the helper reads the lane id itself), @err_at (the destination
; comes in as an argument, the same in every lane), @err_outer (two calls
; deep), @err_deep_first (a review's kernel: the helper first met at the
; depth limit through @l0..@l4 was remembered as "no" and the kernel's own
; later call of it was accepted), @err_alias (the call names an alias of
; the helper). Accepted: @uniform (the same value in every lane), @at_own (each
; lane its own 4 bytes), @one (the helper writes under its own thread id
; test), @guarded (the kernel calls it from lane 0 only).
; RUN: llvm-extract --delete --func=uniform --func=at_own --func=one --func=guarded %s -S -o %t.err.ll
; RUN: llvm-extract --delete --rfunc='^err_' %s -S -o %t.ok.ll
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --implicit-check-not=error:
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY --implicit-check-not=error:
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>,amdsync-verify<target=gfx942>' %t.ok.ll -S -o %t.out.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>,amdsync-verify<target=gfx1201>' %t.ok.ll -disable-output
; RUN: %amdsync-exec %t.out.ll --kernel=at_own --target=gfx942 --block=64 --schedules=4 --waw=on | FileCheck %s --check-prefix=EXEC
; RUN: %amdsync-exec %t.out.ll --kernel=guarded --target=gfx942 --block=64 --schedules=4 --waw=on | FileCheck %s --check-prefix=EXEC
; RUN: not %amdsync-exec %t.err.ll --kernel=err_lane --target=gfx942 --block=64 --schedules=2 --waw=on | FileCheck %s --check-prefix=RACE
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.out.ll -o - | FileCheck %s --check-prefix=ISA

; CHECK: error: in function 'err_lane': amdsync: every lane of the workgroup calls 'fill', which writes the same LDS bytes in every lane in one llvm.memset, memcpy or memmove (its destination is the same in every lane) with values that may differ between lanes: a write/write race inside one call, which no barrier can order; call it from one lane (e.g. under a thread id test), then a barrier
; CHECK-NEXT: call void @fill(i8 %v)
; CHECK: error: in function 'err_tid': amdsync: every lane of the workgroup calls 'fill_tid'
; CHECK: error: in function 'err_at': amdsync: every lane of the workgroup calls 'fill_at'
; CHECK: error: in function 'err_outer': amdsync: every lane of the workgroup calls 'outer'
; CHECK: error: in function 'err_deep_first': amdsync: every lane of the workgroup calls 'fill'
; CHECK-NEXT: call void @fill(i8 %v)
; CHECK: error: in function 'err_alias': amdsync: every lane of the workgroup calls 'fill'
; CHECK-NEXT: call void @fill_alias(i8 %v)
; CHECK: error: amdsync-lds-barriers: 6 error(s) in
; VERIFY: error: in function 'err_lane': amdsync: every lane of the workgroup calls 'fill'
; VERIFY: error: in function 'err_tid':
; VERIFY: error: in function 'err_at':
; VERIFY: error: in function 'err_outer':
; VERIFY: error: in function 'err_deep_first':
; VERIFY: error: in function 'err_alias':
; VERIFY: error: amdsync-verify: 6 error(s) in

; EXEC: clean
; RACE: race: err_lane: write at call void @llvm.memset.p3.i64({{.*}}) (lane 0 wave 0) and write at call void @llvm.memset.p3.i64({{.*}}) (lane 1 wave 0) byte 0 of @lds

; No barrier in any accepted kernel (nothing to order).
; ISA-NOT: s_barrier

target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [64 x i32] poison, align 4
declare void @llvm.memset.p3.i64(ptr addrspace(3), i8, i64, i1)
declare i32 @llvm.amdgcn.workitem.id.x()

define internal void @fill(i8 %v) {
  call void @llvm.memset.p3.i64(ptr addrspace(3) @lds, i8 %v, i64 256, i1 false)
  ret void
}

define internal void @fill_tid() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = trunc i32 %t to i8
  call void @llvm.memset.p3.i64(ptr addrspace(3) @lds, i8 %v, i64 256, i1 false)
  ret void
}

define internal void @fill_at(ptr addrspace(3) %p, i8 %v) {
  call void @llvm.memset.p3.i64(ptr addrspace(3) %p, i8 %v, i64 4, i1 false)
  ret void
}

define internal void @fill_one(i8 %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %t, 0
  br i1 %c, label %w, label %e
w:
  call void @llvm.memset.p3.i64(ptr addrspace(3) @lds, i8 %v, i64 256, i1 false)
  br label %e
e:
  ret void
}

define internal void @outer(i8 %v) {
  call void @fill(i8 %v)
  ret void
}

define amdgpu_kernel void @err_lane() !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = trunc i32 %t to i8
  call void @fill(i8 %v)
  ret void
}

define amdgpu_kernel void @err_tid() !reqd_work_group_size !0 {
  call void @fill_tid()
  ret void
}

define amdgpu_kernel void @err_at() !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %w = trunc i32 %t to i8
  call void @fill_at(ptr addrspace(3) @lds, i8 %w)
  ret void
}

define amdgpu_kernel void @err_outer() !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %w = trunc i32 %t to i8
  call void @outer(i8 %w)
  ret void
}

@g = addrspace(1) global [64 x i8] zeroinitializer
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)

; A chain to @fill five calls deep: @l4 also writes global memory, so the
; look for bulk writes walks into it.
define internal void @l4(i8 %v) {
  call void @llvm.memset.p1.i64(ptr addrspace(1) @g, i8 0, i64 64, i1 false)
  call void @fill(i8 %v)
  ret void
}
define internal void @l3(i8 %v) {
  call void @l4(i8 %v)
  ret void
}
define internal void @l2(i8 %v) {
  call void @l3(i8 %v)
  ret void
}
define internal void @l1(i8 %v) {
  call void @l2(i8 %v)
  ret void
}
define internal void @l0(i8 %v) {
  call void @l1(i8 %v)
  ret void
}

define amdgpu_kernel void @err_deep_first() !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = trunc i32 %t to i8
  call void @l0(i8 %v)
  call void @fill(i8 %v)
  ret void
}

@fill_alias = internal alias void (i8), ptr @fill

define amdgpu_kernel void @err_alias() !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = trunc i32 %t to i8
  call void @fill_alias(i8 %v)
  ret void
}

define amdgpu_kernel void @uniform(i8 %v) !reqd_work_group_size !0 {
  call void @fill(i8 %v)
  ret void
}

define amdgpu_kernel void @at_own() !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %w = trunc i32 %t to i8
  %i = mul i32 %t, 4
  %p = getelementptr i8, ptr addrspace(3) @lds, i32 %i
  call void @fill_at(ptr addrspace(3) %p, i8 %w)
  ret void
}

define amdgpu_kernel void @one() !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %w = trunc i32 %t to i8
  call void @fill_one(i8 %w)
  ret void
}

define amdgpu_kernel void @guarded() !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %w = trunc i32 %t to i8
  %c = icmp eq i32 %t, 0
  br i1 %c, label %a, label %b
a:
  call void @fill(i8 %w)
  br label %b
b:
  ret void
}

!0 = !{i32 64, i32 1, i32 1}
