; Whether a workgroup fits one wave (then an ordering point, a wave barrier
; between wavefront fences, replaces s_barrier), from every source LLVM IR
; has: "amdgpu-flat-work-group-size", !reqd_work_group_size, and `range`
; (attribute or !range metadata) on the workitem.id calls, which bound the
; workgroup only when all three dimensions are bounded (a dimension the
; kernel never asks about may be wide). The smallest bound wins. gfx942
; (wave64).
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S | FileCheck %s
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S | llc -march=amdgcn -mcpu=gfx942 | FileCheck %s --check-prefix=ISA

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workitem.id.z()

; CHECK-LABEL: define amdgpu_kernel void @unknown(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NOT: wave.barrier
; CHECK: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: unknown:
; ISA: ds_write_b32
; ISA: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @unknown(ptr addrspace(1) %out, float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @flat_64(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("wavefront") release
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: flat_64:
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @flat_64(ptr addrspace(1) %out, float %x) "amdgpu-flat-work-group-size"="1,64" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @flat_128(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NOT: wave.barrier
; CHECK: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: flat_128:
; ISA: ds_write_b32
; ISA: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @flat_128(ptr addrspace(1) %out, float %x) "amdgpu-flat-work-group-size"="1,128" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @reqd_32x2(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("wavefront") release
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: reqd_32x2:
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @reqd_32x2(ptr addrspace(1) %out, float %x) !reqd_work_group_size !0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @range_all_three(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("wavefront") release
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: range_all_three:
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @range_all_three(ptr addrspace(1) %out, float %x) {
  %t = call range(i32 0, 64) i32 @llvm.amdgcn.workitem.id.x()
  %ty = call range(i32 0, 1) i32 @llvm.amdgcn.workitem.id.y()
  %tz = call range(i32 0, 1) i32 @llvm.amdgcn.workitem.id.z()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; The form clang -O1 writes, `tail call noundef range(...)` (b7f270b read
; the range from the call's text, found only "call range(", and took this
; kernel as several waves), and ranges read as attributes, not text.
; CHECK-LABEL: define amdgpu_kernel void @range_tail_noundef(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("wavefront") release
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: range_tail_noundef:
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @range_tail_noundef(ptr addrspace(1) %out, float %x) {
  %t = tail call noundef range(i32 0, 64) i32 @llvm.amdgcn.workitem.id.x()
  %ty = tail call noundef range(i32 0, 1) i32 @llvm.amdgcn.workitem.id.y()
  %tz = tail call noundef range(i32 0, 1) i32 @llvm.amdgcn.workitem.id.z()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @range_x_only(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NOT: wave.barrier
; CHECK: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: range_x_only:
; ISA: ds_write_b32
; ISA: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @range_x_only(ptr addrspace(1) %out, float %x) {
  %t = call range(i32 0, 64) i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @range_md_128(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NOT: wave.barrier
; CHECK: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: range_md_128:
; ISA: ds_write_b32
; ISA: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @range_md_128(ptr addrspace(1) %out, float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x(), !range !1
  %ty = call i32 @llvm.amdgcn.workitem.id.y(), !range !2
  %tz = call i32 @llvm.amdgcn.workitem.id.z(), !range !2
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @range_md_64(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("wavefront") release
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: range_md_64:
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @range_md_64(ptr addrspace(1) %out, float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x(), !range !3
  %ty = call i32 @llvm.amdgcn.workitem.id.y(), !range !2
  %tz = call i32 @llvm.amdgcn.workitem.id.z(), !range !2
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @flat_wins(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK: fence syncscope("wavefront") release
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire
; CHECK-NEXT: load float, ptr addrspace(3) %q
; ISA-LABEL: flat_wins:
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: ds_read_b32

define amdgpu_kernel void @flat_wins(ptr addrspace(1) %out, float %x) "amdgpu-flat-work-group-size"="1,64" {
  %t = call range(i32 0, 128) i32 @llvm.amdgcn.workitem.id.x()
  %ty = call range(i32 0, 1) i32 @llvm.amdgcn.workitem.id.y()
  %tz = call range(i32 0, 1) i32 @llvm.amdgcn.workitem.id.z()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %q = getelementptr float, ptr addrspace(3) @l, i32 %u
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

!0 = !{i32 32, i32 2, i32 1}
!1 = !{i32 0, i32 128}
!2 = !{i32 0, i32 1}
!3 = !{i32 0, i32 64}
