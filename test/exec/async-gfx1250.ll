; gfx1250 asynchronous transfers (global.load.async.to.lds, wave32, 64
; lanes = 2 waves) complete at s.wait.asynccnt, in order per wave; the wait
; must come before the barrier's release fence to publish the data.
; RUN: %amdsync-exec %s --kernel=async_ok | FileCheck %s --check-prefix=OK
; OK: amdsync-exec: async_ok: clean barriers=1 wave-barriers=0 schedules=8
; RUN: not %amdsync-exec %s --kernel=async_no_wait | FileCheck %s --check-prefix=NOWAIT
; NOWAIT: async-before-wait: async_no_wait: read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave {{[01]}}) of byte {{[0-9]+}} of @buf while call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p, i32 0, i32 0) (wave {{[01]}}) is outstanding
; RUN: not %amdsync-exec %s --kernel=async_wait_after_barrier | FileCheck %s --check-prefix=LATE
; LATE: async-before-wait: async_wait_after_barrier: read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave {{[01]}}) of byte {{[0-9]+}} of @buf
; LATE: amdsync-exec: async_wait_after_barrier: async barriers=1
; Two stages in flight: asynccnt 1 completes the older.
; RUN: %amdsync-exec %s --kernel=pipeline --args=0 | FileCheck %s --check-prefix=PIPE
; PIPE: amdsync-exec: pipeline: clean
; RUN: not %amdsync-exec %s --kernel=pipeline --args=32 | FileCheck %s --check-prefix=PIPEWRONG
; PIPEWRONG: async-before-wait: pipeline: read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave {{[01]}}) of byte {{[0-9]+}} of @buf while call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p2, i32 0, i32 0)
; An async store reads LDS until its wait: overwriting it before is a finding.
; RUN: not %amdsync-exec %s --kernel=store_from_lds | FileCheck %s --check-prefix=STORE
; STORE: async-before-wait: store_from_lds: write at store i32 0, ptr addrspace(3) %p, align 4 (lane {{[0-9]+}} wave {{[01]}}) of byte {{[0-9]+}} of @buf while call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p, i32 0, i32 0) (wave {{[01]}}) is outstanding

@buf = internal addrspace(3) global [128 x i32] undef, align 4

define amdgpu_kernel void @async_ok(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p, i32 0, i32 0)
  call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %r = sub i32 63, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @async_no_wait(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p, i32 0, i32 0)
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @async_wait_after_barrier(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p, i32 0, i32 0)
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
  %r = sub i32 63, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; Each lane reads its own slot of the first stage (%sel = 0) or of the second
; (%sel = 32).
define amdgpu_kernel void @pipeline(i32 %sel, ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = and i32 %tid, 31
  %wave = lshr i32 %tid, 5
  %wbase = mul i32 %wave, 64
  %i1 = add i32 %wbase, %lane
  %i2 = add i32 %i1, 32
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %i1
  %p2 = getelementptr i32, ptr addrspace(3) @buf, i32 %i2
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p2, i32 0, i32 0)
  call void @llvm.amdgcn.s.wait.asynccnt(i16 1)
  %k = add i32 %i1, %sel
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %k
  %v = load i32, ptr addrspace(3) %q, align 4
  call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @store_from_lds(ptr addrspace(1) %g) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %gp, ptr addrspace(3) %p, i32 0, i32 0)
  store i32 0, ptr addrspace(3) %p, align 4
  call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)
declare void @llvm.amdgcn.s.wait.asynccnt(i16)
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)

attributes #0 = { "target-cpu"="gfx1250" "amdgpu-flat-work-group-size"="1,64" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
