; Atomics do not race with atomics; a plain access to their bytes without
; ordering does (gfx942, 128 lanes).
; RUN: %amdsync-exec %s --kernel=histogram | FileCheck %s --check-prefix=HIST
; HIST: amdsync-exec: histogram: clean barriers=1 wave-barriers=0 schedules=8
; RUN: not %amdsync-exec %s --kernel=plain_read | FileCheck %s --check-prefix=PLAIN
; PLAIN: race: plain_read: {{atomic at %old = atomicrmw add ptr addrspace\(3\) %p, i32 1 syncscope\("workgroup"\) monotonic, align 4 .* and read at %v = load i32|read at %v = load i32.* and atomic at %old = atomicrmw add}}
; RUN: %amdsync-exec %s --kernel=cas | FileCheck %s --check-prefix=CAS
; CAS: amdsync-exec: cas: clean

@hist = internal addrspace(3) global [16 x i32] undef, align 4

define amdgpu_kernel void @histogram(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %b = and i32 %tid, 15
  %p = getelementptr i32, ptr addrspace(3) @hist, i32 %b
  %old = atomicrmw add ptr addrspace(3) %p, i32 1 syncscope("workgroup") monotonic, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @plain_read(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %b = and i32 %tid, 15
  %p = getelementptr i32, ptr addrspace(3) @hist, i32 %b
  %old = atomicrmw add ptr addrspace(3) %p, i32 1 syncscope("workgroup") monotonic, align 4
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @cas(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %r = cmpxchg ptr addrspace(3) @hist, i32 0, i32 %tid syncscope("workgroup") monotonic monotonic, align 4
  %v = load atomic i32, ptr addrspace(3) @hist syncscope("workgroup") monotonic, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,128" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
