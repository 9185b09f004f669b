; OpenCL __local pointer arguments (gfx942, wave64, 128 lanes): each
; addrspace(3) pointer argument is a region of LDS of its own
; (--local-arg-bytes, default 4096), so accesses through it are LDS accesses
; the oracle orders and bounds like any other.
;
; Lane 1 stores to element 1 of %a while lane 0 reads it, no barrier: a race
; on the argument's LDS.
; RUN: not %amdsync-exec %s --kernel=unordered | FileCheck %s --check-prefix=RACE
; RACE: race: unordered: {{write|read}} at {{.*}} and {{write|read}} at {{.*}} byte 4 of %a
; RACE: amdsync-exec: unordered: race barriers=0
;
; The same exchange across the barrier and its fences is clean; the value
; read back through %b (a region of its own) is the other lane's.
; RUN: %amdsync-exec %s --kernel=exchange | FileCheck %s --check-prefix=OK
; OK: amdsync-exec: exchange: clean barriers=1
;
; Two arguments do not alias: every lane stores to %a[tid] and reads
; %b[tid ^ 1] without a barrier, which no other lane writes.
; RUN: %amdsync-exec %s --kernel=apart | FileCheck %s --check-prefix=APART
; APART: amdsync-exec: apart: clean barriers=0
;
; Each argument has --local-arg-bytes: 128 lanes' i32 need 512.
; RUN: %amdsync-exec %s --kernel=exchange --local-arg-bytes=512 | FileCheck %s --check-prefix=OK
; RUN: not %amdsync-exec %s --kernel=exchange --local-arg-bytes=256 | FileCheck %s --check-prefix=SMALL
; SMALL: ub: exchange: out-of-bounds access to LDS

define amdgpu_kernel void @unordered(ptr addrspace(3) %a, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %tid, 1
  br i1 %c, label %w1, label %rd
w1:
  %p = getelementptr i32, ptr addrspace(3) %a, i32 1
  store i32 %tid, ptr addrspace(3) %p, align 4
  br label %done
rd:
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %r0, label %done
r0:
  %q = getelementptr i32, ptr addrspace(3) %a, i32 1
  %v = load i32, ptr addrspace(3) %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %done
done:
  ret void
}

define amdgpu_kernel void @exchange(ptr addrspace(1) %out, ptr addrspace(3) %a, ptr addrspace(3) %b) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) %a, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %k = add i32 %tid, 1
  %j = and i32 %k, 127
  %q = getelementptr i32, ptr addrspace(3) %a, i32 %j
  %v = load i32, ptr addrspace(3) %q, align 4
  %r = getelementptr i32, ptr addrspace(3) %b, i32 %tid
  store i32 %v, ptr addrspace(3) %r, align 4
  %w = load i32, ptr addrspace(3) %r, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %w, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @apart(ptr addrspace(3) %a, ptr addrspace(3) %b, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) %a, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  %x = xor i32 %tid, 1
  %q = getelementptr i32, ptr addrspace(3) %b, i32 %x
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,128" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
