; LDS addresses used only in ways that keep them (docs/design.md, "Pointers
; through memory"), in @uses: a descriptor built by insertvalue and only
; read by extractvalue, an address made a double only to be compared, a
; phi of addresses, the address operands of llvm.memcpy, llvm.masked.load
; and llvm.masked.scatter, an llvm.assume alignment bundle. Nothing
; escapes, so the flat pointer @global loads from global memory addresses
; global memory: no hazard there, no barrier (lds-escapes-forms.ll).
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.memcpy.p1.p3.i64(ptr addrspace(1), ptr addrspace(3), i64, i1)
declare void @llvm.assume(i1)
declare <1 x float> @llvm.masked.load.v1f32.p3(ptr addrspace(3), <1 x i1>, <1 x float>)
declare void @llvm.masked.scatter.v1f32.v1p3(<1 x float>, <1 x ptr addrspace(3)>, <1 x i1>)

define amdgpu_kernel void @uses(ptr addrspace(1) %o, float %v) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @s to ptr
  call void @llvm.assume(i1 true) [ "align"(ptr addrspace(3) @s, i64 16) ]
  %d0 = insertvalue { ptr, ptr, i64 } poison, ptr %f, 0
  %d1 = insertvalue { ptr, ptr, i64 } %d0, ptr %f, 1
  %d = insertvalue { ptr, ptr, i64 } %d1, i64 256, 2
  %n = extractvalue { ptr, ptr, i64 } %d, 2
  %n32 = trunc i64 %n to i32
  store i32 %n32, ptr addrspace(1) %o, align 4
  %base = extractvalue { ptr, ptr, i64 } %d, 1
  %l = getelementptr inbounds float, ptr %base, i32 %t
  store float %v, ptr %l, align 4
  %i = ptrtoint ptr %f to i64
  %dbl = bitcast i64 %i to double
  %z = fcmp oeq double %dbl, 0.0
  br i1 %z, label %a, label %b
a:
  br label %b
b:
  %p = phi ptr addrspace(3) [ @s, %entry ], [ getelementptr (i8, ptr addrspace(3) @s, i32 4), %a ]
  call void @llvm.memcpy.p1.p3.i64(ptr addrspace(1) %o, ptr addrspace(3) %p, i64 4, i1 false)
  %m = call <1 x float> @llvm.masked.load.v1f32.p3(ptr addrspace(3) %p, <1 x i1> splat (i1 true), <1 x float> poison)
  %ps = insertelement <1 x ptr addrspace(3)> poison, ptr addrspace(3) %p, i32 0
  call void @llvm.masked.scatter.v1f32.v1p3(<1 x float> %m, <1 x ptr addrspace(3)> align 4 %ps, <1 x i1> splat (i1 true))
  ret void
}

define amdgpu_kernel void @global(ptr addrspace(1) %table, ptr addrspace(1) %out, float %v) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = load ptr, ptr addrspace(1) %table, align 8
  %e1 = getelementptr inbounds float, ptr %q, i32 %t
  store float %v, ptr %e1, align 4
  %x = xor i32 %t, 1
  %e2 = getelementptr inbounds float, ptr %q, i32 %x
  %r = load float, ptr %e2, align 4
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
