; A review's input (hostile-split-open-region.ll): a hazard inside an input split region that spans a loop: no barrier may go inside, so the pass refuses.
@a = internal addrspace(3) global [256 x i32] undef, align 4
@b = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n0, i32 %n1, i32 %n2, i32 %n3) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %head1
head1:
  %i0 = phi i32 [ 0, %entry ], [ %inext0, %latch2 ]
  %v1 = icmp slt i32 %i0, %n0
  br i1 %v1, label %body4, label %exit3
body4:
  %v2 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %v2, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %v3 = add i32 0, 0
  %v4 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v3
  %v5 = load i32, ptr addrspace(3) %v4, align 4
  store volatile i32 %v5, ptr addrspace(1) %out, align 4
  %v6 = icmp sgt i32 %n1, 0
  br i1 %v6, label %then5, label %join7
then5:
  %v8 = add i32 %tid, 1
  %v7 = and i32 %v8, 255
  %v9 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v7
  %v10 = load i32, ptr addrspace(3) %v9, align 4
  store volatile i32 %v10, ptr addrspace(1) %out, align 4
  br label %join7
join7:
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %v11 = xor i32 %tid, 1
  %v12 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v11
  %v13 = load i32, ptr addrspace(3) %v12, align 4
  store volatile i32 %v13, ptr addrspace(1) %out, align 4
  %v14 = icmp sgt i32 %n2, 0
  br i1 %v14, label %then8, label %join10
then8:
  %v15 = sub i32 255, %tid
  %v16 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v15
  %v17 = load i32, ptr addrspace(3) %v16, align 4
  store volatile i32 %v17, ptr addrspace(1) %out, align 4
  br label %join10
join10:
  br label %latch2
latch2:
  %inext0 = add i32 %i0, 1
  br label %head1
exit3:
  %v19 = add i32 %tid, 1
  %v18 = and i32 %v19, 255
  %v20 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v18
  %v21 = load i32, ptr addrspace(3) %v20, align 4
  store volatile i32 %v21, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

attributes #0 = { "target-cpu"="gfx1201" "amdgpu-flat-work-group-size"="256,256" }
!0 = !{!"amdgpu-synchronize-as", !"local"}

