; test/llvm/O0-hostile-helpers.ll (a reviewer's kernel): a helper's address space 4 read of LDS, taken as uniform, decides a barrier (a hang the checker missed).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@buf = internal addrspace(3) global [256 x i32] zeroinitializer
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
; memory-free by the helper rule (an address space 4 load only), uniform by rule 6
define internal i32 @rd(ptr addrspace(4) %p) noinline {
  %v = load i32, ptr addrspace(4) %p
  ret i32 %v
}
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %w, label %go
w:
  store i32 1, ptr addrspace(3) @buf
  br label %go
go:
  %c = addrspacecast ptr addrspacecast (ptr addrspace(3) @buf to ptr) to ptr addrspace(4)
  %x = call i32 @rd(ptr addrspace(4) %c)
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
