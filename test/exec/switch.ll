; switch: each lane takes the destination of the case its value matches
; (LLVM 22 keeps case values out of the operand list: the oracle reads
; them by successor). clang emits switches for `if (lx == 0) ... if (lx ==
; 15) ...` chains (test/opencl/stencil.cl).
;
; A uniform switch on an argument picks the barrier or not.
; RUN: %amdsync-exec %s --kernel=uniform --args=3 --schedules=2 | FileCheck %s --check-prefix=U3
; U3: amdsync-exec: uniform: clean barriers=1 wave-barriers=0 schedules=2
; RUN: %amdsync-exec %s --kernel=uniform --args=7 --schedules=2 | FileCheck %s --check-prefix=U7
; U7: amdsync-exec: uniform: clean barriers=2 wave-barriers=0 schedules=2
; RUN: %amdsync-exec %s --kernel=uniform --args=0 --schedules=2 | FileCheck %s --check-prefix=U0
; U0: amdsync-exec: uniform: clean barriers=0 wave-barriers=0 schedules=2
;
; A divergent switch on an i8 of the lane id + 128 (case -128 is lane 0,
; case -1 lane 127): lane 0 writes element 64 and lane 127 element 65,
; which lanes 64 and 65 write too (default): two write-write races,
; found only if the cases are taken.
; RUN: not %amdsync-exec %s --kernel=lanes --schedules=2 | FileCheck %s --check-prefix=LANES
; LANES-DAG: race: lanes: write at store i32 1, ptr addrspace(3) %p0{{.*}} and write at store i32 %tid, ptr addrspace(3) %pd
; LANES-DAG: race: lanes: write at store i32 2, ptr addrspace(3) %p1{{.*}} and write at store i32 %tid, ptr addrspace(3) %pd
; LANES: amdsync-exec: lanes: race barriers=0 wave-barriers=0 schedules=2
; Written to elements 128 and 129 instead, nothing collides.
; RUN: %amdsync-exec %s --kernel=lanes_ok --schedules=2 | FileCheck %s --check-prefix=OK
; OK: amdsync-exec: lanes_ok: clean barriers=0 wave-barriers=0 schedules=2

@buf = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @uniform(i32 %n) #0 {
entry:
  switch i32 %n, label %done [
    i32 3, label %one
    i32 7, label %two
  ]
two:
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  br label %one
one:
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  br label %done
done:
  ret void
}

define amdgpu_kernel void @lanes() #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = add i32 %tid, 128
  %t8 = trunc i32 %x to i8
  switch i8 %t8, label %def [
    i8 -128, label %c0
    i8 -1, label %c1
  ]
c0:
  %p0 = getelementptr i32, ptr addrspace(3) @buf, i32 64
  store i32 1, ptr addrspace(3) %p0, align 4
  br label %done
c1:
  %p1 = getelementptr i32, ptr addrspace(3) @buf, i32 65
  store i32 2, ptr addrspace(3) %p1, align 4
  br label %done
def:
  %pd = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %pd, align 4
  br label %done
done:
  ret void
}

define amdgpu_kernel void @lanes_ok() #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = add i32 %tid, 128
  %t8 = trunc i32 %x to i8
  switch i8 %t8, label %def [
    i8 -128, label %c0
    i8 -1, label %c1
  ]
c0:
  %p0 = getelementptr i32, ptr addrspace(3) @buf, i32 128
  store i32 1, ptr addrspace(3) %p0, align 4
  br label %done
c1:
  %p1 = getelementptr i32, ptr addrspace(3) @buf, i32 129
  store i32 2, ptr addrspace(3) %p1, align 4
  br label %done
def:
  %pd = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  store i32 %tid, ptr addrspace(3) %pd, align 4
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,128" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
