; AMDSYNC_TRACE=index (issue 21, first brick; the analysis does not use
; these forms yet): each LDS access's byte offset into its global as a
; linear form over the thread ids, built from GEP chains as clang writes
; them (sext/zext of i32 indices, add nsw, shifts, arrays of arrays,
; struct fields). A form is printed only when it is exact for every thread
; id up to 1023: no 32-bit wrap, every extension reading the value it was
; computed as (an offset below 0 or past the object for some thread is
; one no thread that runs the access can have: reading outside the object
; is undefined). A kernel argument in the index is not a form yet (symbols
; come next), nor is an offset that may wrap.
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; RUN: env AMDSYNC_TRACE=all %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
; The barrier pass's output passes the checker.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -S | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output

; CHECK: amdsync-trace: index: %p.x: 4 byte(s) at @buf + 4*tid.x{{$}}
; CHECK: amdsync-trace: index: %p.next: 4 byte(s) at @buf + 4*tid.x + 4{{$}}
; CHECK: amdsync-trace: index: %p.tile: 4 byte(s) at @tile + 4*tid.x + 68*tid.y{{$}}
; CHECK: amdsync-trace: index: %p.byte: 4 byte(s) at @buf + 4*tid.x{{$}}
; CHECK: amdsync-trace: index: %p.field: 4 byte(s) at @s + 4*tid.x + 4{{$}}
; CHECK: amdsync-trace: index: %p.arg: 4 byte(s) at unknown
; CHECK: amdsync-trace: index: %p.far: 4 byte(s) at @buf + 8*tid.x{{$}}
; CHECK: amdsync-trace: index: %p.wrap: 4 byte(s) at unknown
; CHECK: amdsync-trace: index: %p.zneg: 4 byte(s) at unknown
; CHECK: amdsync-trace: index: %p.sneg: 4 byte(s) at @buf + 4*tid.x + -4{{$}}
; NONE-NOT: amdsync-trace

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@buf = internal addrspace(3) global [256 x float] poison
@tile = internal addrspace(3) global [16 x [17 x float]] poison
@s = internal addrspace(3) global { i32, [64 x i32] } poison

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  ; clang -O1: sext of an i32 index
  %i64 = sext i32 %tx to i64
  %p.x = getelementptr inbounds float, ptr addrspace(3) @buf, i64 %i64
  store float 1.0, ptr addrspace(3) %p.x
  ; the neighbour, add nsw
  %t1 = add nsw i32 %tx, 1
  %e1 = zext i32 %t1 to i64
  %p.next = getelementptr inbounds [256 x float], ptr addrspace(3) @buf, i64 0, i64 %e1
  %v = load float, ptr addrspace(3) %p.next
  ; a 2-D padded tile: tile[ty][tx]
  %p.tile = getelementptr inbounds [16 x [17 x float]], ptr addrspace(3) @tile, i32 0, i32 %ty, i32 %tx
  store float %v, ptr addrspace(3) %p.tile
  ; byte offsets by shift: (tx << 2) into i8
  %sh = shl i32 %tx, 2
  %p.byte = getelementptr inbounds i8, ptr addrspace(3) @buf, i32 %sh
  %w = load float, ptr addrspace(3) %p.byte
  ; a struct field, then an element: s.1[tx]
  %p.field = getelementptr inbounds { i32, [64 x i32] }, ptr addrspace(3) @s, i32 0, i32 1, i32 %tx
  store i32 7, ptr addrspace(3) %p.field
  ; a kernel argument in the index: not (yet) a form
  %m = add i32 %tx, %n
  %p.arg = getelementptr inbounds float, ptr addrspace(3) @buf, i32 %m
  %u = load float, ptr addrspace(3) %p.arg
  ; may leave the object (tx up to 1023 for a 256-float buffer * 2)
  %far = mul i32 %tx, 2
  %p.far = getelementptr inbounds float, ptr addrspace(3) @buf, i32 %far
  %z = load float, ptr addrspace(3) %p.far
  ; 1023 << 23 is past 2^32: the offset wraps
  %big = shl i32 %tx, 23
  %p.wrap = getelementptr inbounds i8, ptr addrspace(3) @buf, i32 %big
  %q = load float, ptr addrspace(3) %p.wrap
  ; zext of tx - 1, which is -1 for thread 0: 2^32 - 1 after the extension
  %dec = sub i32 %tx, 1
  %zdec = zext i32 %dec to i64
  %p.zneg = getelementptr inbounds float, ptr addrspace(3) @buf, i64 %zdec
  %r = load float, ptr addrspace(3) %p.zneg
  ; a negative offset for thread 0 (before the object): no lane that runs
  ; the load may get it (outside @buf is undefined), so the form is exact
  ; for every lane that does
  %sdec = sext i32 %dec to i64
  %p.sneg = getelementptr inbounds float, ptr addrspace(3) @buf, i64 %sdec
  %o = load float, ptr addrspace(3) %p.sneg
  %sum = fadd float %w, %u
  %sum2 = fadd float %sum, %z
  %sum3 = fadd float %sum2, %q
  %sum4 = fadd float %sum3, %r
  %sum5 = fadd float %sum4, %o
  store float %sum5, ptr addrspace(1) %out
  ret void
}
