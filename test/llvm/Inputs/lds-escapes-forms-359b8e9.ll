; What 359b8e9's amdsync<target=gfx942> emitted for the inputs of
; ../lds-escapes-forms.ll whose escape it missed (Inputs/escape-forms/, all
; but vector-int-bitcast.ll), each run on its own and then joined by
; llvm-link (the globals @s renamed apart): no barrier; in each kernel
; lane t stores p[t] through the escaped LDS address and reads p[t ^ 1],
; unordered.
source_filename = "llvm-link"

@s = internal addrspace(3) global [256 x float] poison, align 4
@s.1 = internal addrspace(3) global [256 x float] poison, align 4
@s.2 = internal addrspace(3) global [256 x float] poison, align 4
@s.3 = internal addrspace(3) global [256 x float] poison, align 4
@s.4 = internal addrspace(3) global [256 x float] poison, align 4
@s.5 = internal addrspace(3) global [256 x float] poison, align 4
@s.6 = internal addrspace(3) global [256 x float] poison, align 4
@table = internal addrspace(4) constant ptr addrspacecast (ptr addrspace(3) @s.6 to ptr), align 8
@s.7 = internal addrspace(3) global [256 x float] poison, align 4

define amdgpu_kernel void @struct_store(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s to ptr
  %agg0 = insertvalue { ptr, i32 } poison, ptr %f, 0
  %agg = insertvalue { ptr, i32 } %agg0, i32 256, 1
  store { ptr, i32 } %agg, ptr addrspace(1) %slot, align 8
  %q = load ptr, ptr addrspace(1) %slot, align 8
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

define amdgpu_kernel void @struct_return(ptr addrspace(1) %out, float %v) #0 {
  %agg = call { ptr, i32 } @make()
  %q = extractvalue { ptr, i32 } %agg, 0
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define internal { ptr, i32 } @make() {
  %f = addrspacecast ptr addrspace(3) @s.1 to ptr
  %agg0 = insertvalue { ptr, i32 } poison, ptr %f, 0
  %agg = insertvalue { ptr, i32 } %agg0, i32 256, 1
  ret { ptr, i32 } %agg
}

define amdgpu_kernel void @double_bitcast(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s.2 to ptr
  %i = ptrtoint ptr %f to i64
  %d = bitcast i64 %i to double
  store double %d, ptr addrspace(1) %slot, align 8
  %back = load i64, ptr addrspace(1) %slot, align 8
  %q = inttoptr i64 %back to ptr
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define amdgpu_kernel void @vector_bitcast(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s.3 to ptr
  %i = ptrtoint ptr %f to i64
  %w = bitcast i64 %i to <2 x float>
  store <2 x float> %w, ptr addrspace(1) %slot, align 8
  %q = load ptr, ptr addrspace(1) %slot, align 8
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define amdgpu_kernel void @masked_store(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s.4 to ptr
  %vec = insertelement <1 x ptr> poison, ptr %f, i32 0
  call void @llvm.masked.store.v1p0.p1(<1 x ptr> %vec, ptr addrspace(1) align 8 %slot, <1 x i1> splat (i1 true))
  %q = load ptr, ptr addrspace(1) %slot, align 8
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v1p0.p1(<1 x ptr>, ptr addrspace(1) captures(none), <1 x i1>) #2

define amdgpu_kernel void @masked_scatter(ptr addrspace(1) %slot, ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s.5 to ptr
  %vec = insertelement <1 x ptr> poison, ptr %f, i32 0
  %ptrs = insertelement <1 x ptr addrspace(1)> poison, ptr addrspace(1) %slot, i32 0
  call void @llvm.masked.scatter.v1p0.v1p1(<1 x ptr> %vec, <1 x ptr addrspace(1)> align 8 %ptrs, <1 x i1> splat (i1 true))
  %q = load ptr, ptr addrspace(1) %slot, align 8
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(write)
declare void @llvm.masked.scatter.v1p0.v1p1(<1 x ptr>, <1 x ptr addrspace(1)>, <1 x i1>) #3

define amdgpu_kernel void @memcpy_slot(ptr addrspace(1) %out, float %v) #0 {
  %slot = alloca ptr, align 8, addrspace(5)
  call void @llvm.memcpy.p5.p4.i64(ptr addrspace(5) align 8 %slot, ptr addrspace(4) align 8 @table, i64 8, i1 false)
  %q = load ptr, ptr addrspace(5) %slot, align 8
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p5.p4.i64(ptr addrspace(5) noalias writeonly captures(none), ptr addrspace(4) noalias readonly captures(none), i64, i1 immarg) #4

define amdgpu_kernel void @struct_argument(ptr addrspace(1) %out, float %v) #0 {
  %f = addrspacecast ptr addrspace(3) @s.7 to ptr
  %agg = insertvalue { ptr, i32 } poison, ptr %f, 0
  call void @helper({ ptr, i32 } %agg, ptr addrspace(1) %out, float %v)
  ret void
}

define internal void @helper({ ptr, i32 } %d, ptr addrspace(1) %out, float %v) {
  %q = extractvalue { ptr, i32 } %d, 0
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx942" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #3 = { nocallback nofree nosync nounwind willreturn memory(write) }
attributes #4 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
