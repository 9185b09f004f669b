target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global [2048 x i32] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %off = phi i32 [ 1, %entry ], [ %next, %latch ]
  br label %body
body:
  %brk = icmp eq i32 %lid, %off
  br i1 %brk, label %done, label %latch
latch:
  %next = shl nuw nsw i32 %off, 1
  %more = icmp ult i32 %next, 8
  br i1 %more, label %loop, label %done
done:
  %i = add nuw nsw i32 %lid, %off
  %pw = getelementptr inbounds [2048 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 %lid, ptr addrspace(3) %pw
  %v = load i32, ptr addrspace(3) %pw
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %lid
  store i32 %v, ptr addrspace(1) %po
  ret void
}
!0 = !{i32 256, i32 1, i32 1}
