; test/llvm/O0-hostile-helpers.ll (a reviewer's kernel): a helper reads another lane's LDS element through an address space 4 pointer the kernel made from it (a race the checker missed).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@buf = internal addrspace(3) global [256 x i32] poison
declare i32 @llvm.amdgcn.workitem.id.x()
define internal i32 @rd(ptr addrspace(4) %p) noinline {
  %v = load i32, ptr addrspace(4) %p
  ret i32 %v
}
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [256 x i32], ptr addrspace(3) @buf, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %p
  %n = add i32 %tid, 1
  %m = and i32 %n, 255
  %q = getelementptr [256 x i32], ptr addrspace(3) @buf, i32 0, i32 %m
  %f = addrspacecast ptr addrspace(3) %q to ptr
  %c = addrspacecast ptr %f to ptr addrspace(4)
  %v = call i32 @rd(ptr addrspace(4) %c)
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o
  ret void
}
