; The interpreter's memory model (gfx942, 128 lanes).
;
; LDS pointers are 32 bits: a GEP of 4294967300 bytes from @w wraps to its
; byte 4, which lane 1 stores there while lane 0 reads it.
; RUN: not %amdsync-exec %s --kernel=wrap | FileCheck %s --check-prefix=WRAP
; WRAP: race: wrap: write at store i32 %tid, ptr addrspace(3) %p, align 4 (lane 1 wave 0) and read at %v = load i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @w, i32 4), align 4 (lane 0 wave 0) byte 4 of @w
;
; LDS through flat pointers (addrspacecast), and back.
; RUN: not %amdsync-exec %s --kernel=flat | FileCheck %s --check-prefix=FLAT
; FLAT: race: flat: {{write|read}} at {{.*}} and {{write|read}} at {{.*}} byte {{[0-9]+}} of @buf
; RUN: %amdsync-exec %s --kernel=flat_barrier | FileCheck %s --check-prefix=FLATOK
; FLATOK: amdsync-exec: flat_barrier: clean barriers=1
;
; memcpy of a global row into LDS by lane 0, read by every lane.
; RUN: not %amdsync-exec %s --kernel=copy | FileCheck %s --check-prefix=COPY
; COPY: race: copy: write at call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) @buf, ptr addrspace(1) %g, i64 512, i1 false) (lane 0 wave 0) and read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @buf
; RUN: %amdsync-exec %s --kernel=copy_barrier | FileCheck %s --check-prefix=COPYOK
; COPYOK: amdsync-exec: copy_barrier: clean barriers=1
;
; Helpers: a store in a called function, a barrier in a called function
; (called by every lane), a value returned through the call stack.
; RUN: not %amdsync-exec %s --kernel=helper_race | FileCheck %s --check-prefix=HRACE
; HRACE: race: helper_race: {{write|read}} at {{.*}} and {{write|read}} at {{.*}} byte {{[0-9]+}} of @buf
; RUN: %amdsync-exec %s --kernel=helper_barrier | FileCheck %s --check-prefix=HOK
; HOK: amdsync-exec: helper_barrier: clean barriers=1
;
; Private memory per lane (allocas), dynamic LDS (--dynamic-lds), and
; blockDim read from the implicit arguments the way HIP does.
; RUN: %amdsync-exec %s --kernel=private_and_dynamic --dynamic-lds=1024 | FileCheck %s --check-prefix=PRIV
; PRIV: amdsync-exec: private_and_dynamic: clean barriers=1
; RUN: not %amdsync-exec %s --kernel=private_and_dynamic --dynamic-lds=256 | FileCheck %s --check-prefix=SMALL
; SMALL: ub: private_and_dynamic: out-of-bounds access to LDS
;
; A constant bitcast that changes representation goes through the bytes:
; @buf's flat address as <2 x float>, stored and loaded back as a pointer,
; is @buf again (lane 1 stores its element, lane 0 reads it).
; RUN: not %amdsync-exec %s --kernel=const_bitcast | FileCheck %s --check-prefix=CBIT
; CBIT: race: const_bitcast: write at store i32 %tid, ptr %p, align 4 (lane 1 wave 0) and read at %v = load i32, ptr %q, align 4 (lane 0 wave 0) byte 4 of @buf

@w = internal addrspace(3) global [16 x i32] undef, align 4
@buf = internal addrspace(3) global [128 x i32] undef, align 4
@dyn = external addrspace(3) global [0 x i32], align 4

define amdgpu_kernel void @wrap() #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %tid, 1
  br i1 %c, label %w1, label %rd
w1:
  %p = getelementptr i8, ptr addrspace(3) @w, i64 4294967300
  store i32 %tid, ptr addrspace(3) %p, align 4
  br label %rd
rd:
  %v = load i32, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @w, i32 4), align 4
  ret void
}

define amdgpu_kernel void @flat(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @buf to ptr
  %p = getelementptr i32, ptr %f, i32 %tid
  store i32 %tid, ptr %p, align 4
  %n = add i32 %tid, 64
  %j = and i32 %n, 127
  %q = getelementptr i32, ptr %f, i32 %j
  %l = addrspacecast ptr %q to ptr addrspace(3)
  %v = load i32, ptr addrspace(3) %l, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @flat_barrier(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @buf to ptr
  %p = getelementptr i32, ptr %f, i32 %tid
  store i32 %tid, ptr %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %n = add i32 %tid, 64
  %j = and i32 %n, 127
  %q = getelementptr i32, ptr %f, i32 %j
  %v = load i32, ptr %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @copy(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %tid, 0
  br i1 %c, label %fill, label %use
fill:
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) @buf, ptr addrspace(1) %g, i64 512, i1 false)
  br label %use
use:
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @copy_barrier(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %tid, 0
  br i1 %c, label %fill, label %use
fill:
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) @buf, ptr addrspace(1) %g, i64 512, i1 false)
  br label %use
use:
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define internal void @put(ptr addrspace(3) %base, i32 %i, i32 %v) {
  %p = getelementptr i32, ptr addrspace(3) %base, i32 %i
  store i32 %v, ptr addrspace(3) %p, align 4
  ret void
}

define internal i32 @sync_and_get(ptr addrspace(3) %base, i32 %i) {
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %p = getelementptr i32, ptr addrspace(3) %base, i32 %i
  %v = load i32, ptr addrspace(3) %p, align 4
  ret i32 %v
}

define internal i32 @get(ptr addrspace(3) %base, i32 %i) {
  %p = getelementptr i32, ptr addrspace(3) %base, i32 %i
  %v = load i32, ptr addrspace(3) %p, align 4
  ret i32 %v
}

define amdgpu_kernel void @helper_race(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @put(ptr addrspace(3) @buf, i32 %tid, i32 %tid)
  %n = add i32 %tid, 64
  %j = and i32 %n, 127
  %v = call i32 @get(ptr addrspace(3) @buf, i32 %j)
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @helper_barrier(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @put(ptr addrspace(3) @buf, i32 %tid, i32 %tid)
  %n = add i32 %tid, 64
  %j = and i32 %n, 127
  %v = call i32 @sync_and_get(ptr addrspace(3) @buf, i32 %j)
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @private_and_dynamic(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = alloca [4 x i32], align 4, addrspace(5)
  %a1 = getelementptr i32, ptr addrspace(5) %a, i32 1
  store i32 %tid, ptr addrspace(5) %a1, align 4
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %bdp = getelementptr i8, ptr addrspace(4) %ia, i64 12
  %bd = load i16, ptr addrspace(4) %bdp, align 4
  %bdim = zext i16 %bd to i32
  %x = load i32, ptr addrspace(5) %a1, align 4
  %p = getelementptr i32, ptr addrspace(3) @dyn, i32 %x
  store i32 %x, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %k = add i32 %tid, 1
  %j = urem i32 %k, %bdim
  %q = getelementptr i32, ptr addrspace(3) @dyn, i32 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @const_bitcast(ptr addrspace(1) %slot) #0 {
  store <2 x float> bitcast (i64 ptrtoint (ptr addrspacecast (ptr addrspace(3) @buf to ptr) to i64) to <2 x float>), ptr addrspace(1) %slot, align 8
  %f = load ptr, ptr addrspace(1) %slot, align 8
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr %f, i32 %tid
  store i32 %tid, ptr %p, align 4
  %n = xor i32 %tid, 1
  %q = getelementptr i32, ptr %f, i32 %n
  %v = load i32, ptr %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare void @llvm.memcpy.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,128" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
