; test/llvm/O0-hostile-helpers.ll (a reviewer's kernel): lane 0 stores a global, every lane loads it through an address space 4 cast and branches to a barrier on the value (the checker took the load for uniform: a hang).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @k(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %w, label %go
w:
  store i32 1, ptr addrspace(1) %g
  br label %go
go:
  %c = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)
  %x = load i32, ptr addrspace(4) %c
  %u = icmp eq i32 %x, 0
  br i1 %u, label %a, label %j
a:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %j
j:
  ret void
}
