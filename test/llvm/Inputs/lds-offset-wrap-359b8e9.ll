; What 359b8e9's amdsync<target=gfx942> emitted for the racy kernels of
; ../lds-offset-wrap.ll (@wrap, @cast_back, @before): no barrier; each reads
; through a 32-bit-wrapped LDS address the byte other lanes have just
; stored, unordered.
; ModuleID = 'lds-offset-wrap-racy.ll'
source_filename = "lds-offset-wrap-racy.ll"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@a = internal addrspace(3) global [64 x i32] poison, align 4
@b = internal addrspace(3) global [64 x i32] poison, align 4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #0

define amdgpu_kernel void @wrap(ptr addrspace(1) %out) #1 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 4), align 4
  %p = getelementptr i8, ptr addrspace(3) @a, i64 4294967300
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @cast_back(ptr addrspace(1) %out) #1 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 4), align 4
  %f = addrspacecast ptr addrspace(3) @a to ptr
  %g = getelementptr i8, ptr %f, i64 4294967300
  %p = addrspacecast ptr %g to ptr addrspace(3)
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @before(ptr addrspace(1) %out) #1 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 252), align 4
  %p = getelementptr i8, ptr addrspace(3) @b, i32 -4
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx942" }
