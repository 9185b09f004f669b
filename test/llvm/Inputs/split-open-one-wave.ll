; A review's input (hostile-split-open-region.ll): a one-wave workgroup whose hazard inside the input's open split region is ordered by a wave-level ordering point, which is no signal.
@a = internal addrspace(3) global [32 x i32] undef, align 4
@b = internal addrspace(3) global [32 x i32] undef, align 4
define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pb = getelementptr [32 x i32], ptr addrspace(3) @b, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %pb, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %pa = getelementptr [32 x i32], ptr addrspace(3) @a, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %pa, align 4
  %x1 = xor i32 %tid, 1
  %pa1 = getelementptr [32 x i32], ptr addrspace(3) @a, i32 0, i32 %x1
  %x = load i32, ptr addrspace(3) %pa1, align 4
  store volatile i32 %x, ptr addrspace(1) %out, align 4
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire, !mmra !0
  %t1 = add i32 %tid, 1
  %i1 = and i32 %t1, 31
  %pb1 = getelementptr [32 x i32], ptr addrspace(3) @b, i32 0, i32 %i1
  %y = load i32, ptr addrspace(3) %pb1, align 4
  store volatile i32 %y, ptr addrspace(1) %out, align 4
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)
attributes #0 = { "target-cpu"="gfx1201" "amdgpu-flat-work-group-size"="32,32" }
!0 = !{!"amdgpu-synchronize-as", !"local"}
