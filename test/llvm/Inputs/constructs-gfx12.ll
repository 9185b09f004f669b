; Input of constructs.ll: the LDS transfers of gfx1250 (async global<->LDS,
; tensor DMA) and a split barrier written for gfx1201, each function with
; its "target-cpu". A hazard across lanes through each transfer; the
; written split barrier orders its hazard already.
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.tensor.load.to.lds(<4 x i32>, <8 x i32>, <4 x i32>, <4 x i32>, i32)
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

; RAW: an async write of lane %tid's element, read by lane %tid-1.
define amdgpu_kernel void @async_load(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %p, i32 0, i32 0)
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; RAW: an async store to global memory reads another lane's LDS element.
define amdgpu_kernel void @async_store(float %x, ptr addrspace(1) %g) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %q, i32 0, i32 0)
  ret void
}

; WAR: the async read of LDS must be complete before another lane's write.
define amdgpu_kernel void @async_store_war(float %x, ptr addrspace(1) %g) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %q, i32 0, i32 0)
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  ret void
}

; The tensor DMA's LDS address is in its descriptor: it may write any LDS.
define amdgpu_kernel void @tensor_load(<4 x i32> %d0, <8 x i32> %d1, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.tensor.load.to.lds(<4 x i32> %d0, <8 x i32> %d1, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, i32 0)
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; A split barrier written by hand (gfx1201), independent global work
; between signal and wait: credited, nothing added.
define amdgpu_kernel void @split_existing(float %x, ptr addrspace(1) %out) #1 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %y = load float, ptr addrspace(1) %out
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %s = fadd float %v, %y
  store float %s, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="gfx1250" }
attributes #1 = { "target-cpu"="gfx1201" }
