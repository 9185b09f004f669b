; Read after write, write after read and write after write between lanes of
; two waves (gfx942, wave64, 128 lanes), with and without a fenced barrier.
; RUN: %amdsync-exec %s --kernel=raw_barrier | FileCheck %s --check-prefix=RAWOK
; RAWOK: amdsync-exec: raw_barrier: clean barriers=1 wave-barriers=0 schedules=8
; RUN: not %amdsync-exec %s --kernel=raw_race | FileCheck %s --check-prefix=RAW
; RAW: race: raw_race: write at store i32 %tid, ptr addrspace(3) %p, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @buf
; RAW: amdsync-exec: raw_race: race barriers=0
; Across waves, in either order depending on the schedule.
; RUN: not %amdsync-exec %s --kernel=raw_waves | FileCheck %s --check-prefix=WAVES
; WAVES: race: raw_waves: {{write|read}} at {{.*}} (lane {{[0-9]+}} wave {{[01]}}) and {{write|read}} at {{.*}} (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @buf
; RUN: %amdsync-exec %s --kernel=war_barrier | FileCheck %s --check-prefix=WAROK
; WAROK: amdsync-exec: war_barrier: clean barriers=1
; RUN: not %amdsync-exec %s --kernel=war_race | FileCheck %s --check-prefix=WAR
; WAR: race: war_race: read at %v = load i32, ptr addrspace(3) %q, align 4 ({{.*}}) and write at store i32 %tid, ptr addrspace(3) %p, align 4 ({{.*}}) byte {{[0-9]+}} of @buf
; WAR: amdsync-exec: war_race: race barriers=0
; Two lanes store to one byte: a race by default, not with --waw=off (the
; passes' waw-hazards=false).
; RUN: not %amdsync-exec %s --kernel=waw_race | FileCheck %s --check-prefix=WAW
; WAW: race: waw_race: write at store i32 %tid, ptr addrspace(3) @buf, align 4 ({{.*}}) and write at store i32 %tid, ptr addrspace(3) @buf, align 4 ({{.*}}) byte 0 of @buf
; RUN: %amdsync-exec %s --kernel=waw_race --waw=off | FileCheck %s --check-prefix=WAWOFF
; WAWOFF: amdsync-exec: waw_race: clean
; A lane's own slot needs nothing.
; RUN: %amdsync-exec %s --kernel=own_slot | FileCheck %s --check-prefix=OWN
; OWN: amdsync-exec: own_slot: clean barriers=0

@buf = internal addrspace(3) global [128 x i32] undef, align 4

define amdgpu_kernel void @raw_barrier(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %n = add i32 %tid, 64
  %j = and i32 %n, 127
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @raw_race(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  %j = xor i32 %tid, 1
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @war_barrier(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %n = add i32 %tid, 64
  %j = and i32 %n, 127
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @war_race(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %j = xor i32 %tid, 1
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @waw_race() #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %tid, ptr addrspace(3) @buf, align 4
  ret void
}

define amdgpu_kernel void @own_slot() #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  %v = load i32, ptr addrspace(3) %p, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(3) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,128" }

!0 = !{!"amdgpu-synchronize-as", !"local"}

define amdgpu_kernel void @raw_waves(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  %n = add i32 %tid, 64
  %j = and i32 %n, 127
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
