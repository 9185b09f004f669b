; A review's input (hostile-split-open-region.ll): a hazard inside an input split region that spans a uniform branch: the pass refuses.
@a = internal addrspace(3) global [256 x i32] undef, align 4
@b = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n0, i32 %n1, i32 %n2, i32 %n3) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v1 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %v1, align 4
  %v2 = xor i32 %tid, 1
  %v3 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v2
  %v4 = load i32, ptr addrspace(3) %v3, align 4
  store volatile i32 %v4, ptr addrspace(1) %out, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %v5 = icmp sgt i32 %n0, 0
  br i1 %v5, label %then1, label %else2
then1:
  %v7 = add i32 %tid, 1
  %v6 = and i32 %v7, 255
  %v8 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v6
  %v9 = load i32, ptr addrspace(3) %v8, align 4
  store volatile i32 %v9, ptr addrspace(1) %out, align 4
  %v10 = sub i32 255, %tid
  %v11 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v10
  store i32 %tid, ptr addrspace(3) %v11, align 4
  br label %join3
else2:
  %v12 = add i32 0, 0
  %v13 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v12
  %v14 = load i32, ptr addrspace(3) %v13, align 4
  store volatile i32 %v14, ptr addrspace(1) %out, align 4
  br label %join3
join3:
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %v15 = sub i32 255, %tid
  %v16 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v15
  %v17 = load i32, ptr addrspace(3) %v16, align 4
  store volatile i32 %v17, ptr addrspace(1) %out, align 4
  br label %head4
head4:
  %i0 = phi i32 [ 0, %join3 ], [ %inext0, %latch5 ]
  %v18 = icmp slt i32 %i0, %n1
  br i1 %v18, label %body7, label %exit6
body7:
  %v19 = xor i32 %tid, 1
  %v20 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v19
  %v21 = load i32, ptr addrspace(3) %v20, align 4
  store volatile i32 %v21, ptr addrspace(1) %out, align 4
  %v22 = icmp eq i32 %i0, %n2
  br i1 %v22, label %exit6, label %go8
go8:
  %v24 = add i32 %tid, 1
  %v23 = and i32 %v24, 255
  %v25 = getelementptr [256 x i32], ptr addrspace(3) @a, i32 0, i32 %v23
  %v26 = load i32, ptr addrspace(3) %v25, align 4
  store volatile i32 %v26, ptr addrspace(1) %out, align 4
  br label %latch5
latch5:
  %inext0 = add i32 %i0, 1
  br label %head4
exit6:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

attributes #0 = { "target-cpu"="gfx1201" "amdgpu-flat-work-group-size"="256,256" }
!0 = !{!"amdgpu-synchronize-as", !"local"}

