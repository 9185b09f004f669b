; test/llvm/loop-counters-nested.ll: @one_lane_loop with two lanes in the
; loop (tid < 2): both read-modify-write c[q], a race in divergent control
; flow that no barrier may order.
target triple = "amdgcn-amd-amdhsa"

@c = internal addrspace(3) global [16 x i32] poison, align 4

define amdgpu_kernel void @two_lanes_loop() !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %in = icmp ult i32 %t, 2
  br i1 %in, label %loop, label %exit

loop:
  %q = phi i32 [ 0, %entry ], [ %q.next, %loop ]
  %p = getelementptr inbounds nuw i32, ptr addrspace(3) @c, i32 %q
  %v = load i32, ptr addrspace(3) %p, align 4
  %v1 = add i32 %v, 1
  store i32 %v1, ptr addrspace(3) %p, align 4
  %q.next = add nuw nsw i32 %q, 1
  %done = icmp eq i32 %q.next, 16
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{i32 128, i32 1, i32 1}
