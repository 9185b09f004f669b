; llvm.amdgcn.wave.barrier between wavefront-scope fences orders the lanes
; of the wave that execute it together, and nothing else.
;
; One wave (gfx942, 64 lanes): an exchange between lanes is clean with the
; ordering point and a race without it (llc reorders a lane's LDS accesses).
; RUN: %amdsync-exec %s --kernel=one_wave --block=64 | FileCheck %s --check-prefix=ONE
; ONE: amdsync-exec: one_wave: clean barriers=0 wave-barriers=1 schedules=8
; RUN: not %amdsync-exec %s --kernel=one_wave_none --block=64 | FileCheck %s --check-prefix=NONE
; NONE: race: one_wave_none: write at store i32 %tid, ptr addrspace(3) %p, align 4 (lane {{[0-9]+}} wave 0) and read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave 0) byte {{[0-9]+}} of @buf
;
; Two waves: the wave barrier does not order lanes of different waves.
; RUN: not %amdsync-exec %s --kernel=one_wave --block=128 | FileCheck %s --check-prefix=TWO
; TWO: race: one_wave: {{write|read}} at {{.*}} (lane {{[0-9]+}} wave {{[01]}}) and {{write|read}} at {{.*}} (lane {{[0-9]+}} wave {{[01]}})
; TWO: amdsync-exec: one_wave: race barriers=0 wave-barriers=2 schedules=8
;
; Inside a divergent branch it orders only the lanes that took it: lanes
; 32..63 stored their slots before the branch but are inactive at the wave
; barrier (their release fence before the branch is carried by no ordering
; point they take part in), so lanes 0..31 reading those slots race with them.
; RUN: not %amdsync-exec %s --kernel=divergent --block=64 | FileCheck %s --check-prefix=DIV
; DIV: race: divergent: write at store i32 %tid, ptr addrspace(3) %p, align 4 (lane {{3[2-9]|[4-5][0-9]|6[0-3]}} wave 0) and read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]|[12][0-9]|3[01]}} wave 0)
; DIV: amdsync-exec: divergent: race barriers=0 wave-barriers=1 schedules=8
; The same exchange among the lanes that took the branch is ordered.
; RUN: %amdsync-exec %s --kernel=divergent_inside --block=64 | FileCheck %s --check-prefix=INSIDE
; INSIDE: amdsync-exec: divergent_inside: clean barriers=0 wave-barriers=1
; Without fences the wave barrier orders nothing.
; RUN: not %amdsync-exec %s --kernel=unfenced --block=64 | FileCheck %s --check-prefix=UNF
; UNF: amdsync-exec: unfenced: race barriers=0 wave-barriers=1

@buf = internal addrspace(3) global [128 x i32] undef, align 4

define amdgpu_kernel void @one_wave(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  fence syncscope("wavefront") release, !mmra !0
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire, !mmra !0
  %r = sub i32 127, %tid
  %j = and i32 %r, 63
  %hi = and i32 %tid, 64
  %k = or i32 %j, %hi
  %l = xor i32 %k, 64
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %l
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @one_wave_none(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  %r = sub i32 63, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @divergent(ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  fence syncscope("wavefront") release, !mmra !0
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %done
then:
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire, !mmra !0
  %r = sub i32 63, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  br label %done
done:
  ret void
}

define amdgpu_kernel void @divergent_inside(ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %done
then:
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  fence syncscope("wavefront") release, !mmra !0
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire, !mmra !0
  %r = sub i32 31, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  br label %done
done:
  ret void
}

define amdgpu_kernel void @unfenced(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  call void @llvm.amdgcn.wave.barrier()
  %r = sub i32 63, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.wave.barrier()

attributes #0 = { "target-cpu"="gfx942" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
