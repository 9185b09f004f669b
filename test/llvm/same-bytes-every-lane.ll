; Issue "Soundness, round three", 10, on LLVM IR: an llvm.memset/memcpy
; into LDS that every lane of a kernel runs with the same destination, and
; a fill value or source that may differ between lanes, makes the lanes
; race on the same bytes inside one call, which no barrier can order: an
; error in the barrier pass and the checker (accepted without a word on
; 359b8e9). The same values in every lane are accepted (the LLVM passes
; have no waw-hazards option: write after write is not a hazard), as are
; the call under a thread id test, in a helper, or into a lane's own slot.
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --implicit-check-not=error:
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY --implicit-check-not=error:

; CHECK: error: in function 'memset_lane_value': amdsync: every lane of the workgroup writes the same LDS bytes with this 'llvm.memset.p3.i64' (its destination is the same in every lane) and the lanes' values may differ: a write/write race inside one call, which no barrier can order; write from one lane (e.g. under a thread id test), then a barrier
; CHECK-NEXT: call void @llvm.memset.p3.i64(ptr addrspace(3) @l, i8 %b, i64 256, i1 false)
; CHECK: error: in function 'memcpy_lane_source': amdsync: every lane of the workgroup writes the same LDS bytes with this 'llvm.memcpy.p3.p1.i64' (its destination is the same in every lane) and the lanes' values may differ
; CHECK: error: amdsync-lds-barriers: 2 error(s) in 7 function(s)
; VERIFY: error: in function 'memset_lane_value': amdsync: every lane
; VERIFY: error: in function 'memcpy_lane_source': amdsync: every lane
; VERIFY: error: amdsync-verify: 2 error(s) in 7 function(s)

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x float] poison
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.memset.p3.i64(ptr addrspace(3), i8, i64, i1)
declare void @llvm.memcpy.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)

define amdgpu_kernel void @memset_lane_value() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %b = trunc i32 %t to i8
  call void @llvm.memset.p3.i64(ptr addrspace(3) @l, i8 %b, i64 256, i1 false)
  ret void
}

define amdgpu_kernel void @memcpy_lane_source(ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %src = getelementptr float, ptr addrspace(1) %in, i32 %t
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) @l, ptr addrspace(1) %src, i64 256, i1 false)
  ret void
}

define amdgpu_kernel void @memset_zero() {
  call void @llvm.memset.p3.i64(ptr addrspace(3) @l, i8 0, i64 256, i1 false)
  ret void
}

define amdgpu_kernel void @memcpy_uniform_source(ptr addrspace(1) %in) {
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) @l, ptr addrspace(1) %in, i64 256, i1 false)
  ret void
}

define amdgpu_kernel void @guarded() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %fill, label %done
fill:
  %b = trunc i32 %t to i8
  call void @llvm.memset.p3.i64(ptr addrspace(3) @l, i8 %b, i64 256, i1 false)
  br label %done
done:
  ret void
}

define void @helper(i8 %b) {
  call void @llvm.memset.p3.i64(ptr addrspace(3) @l, i8 %b, i64 256, i1 false)
  ret void
}

define amdgpu_kernel void @own_slot() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %b = trunc i32 %t to i8
  %p = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %t
  call void @llvm.memset.p3.i64(ptr addrspace(3) %p, i8 %b, i64 4, i1 false)
  ret void
}
