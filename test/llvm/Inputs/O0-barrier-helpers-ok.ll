; The kernels test/llvm/O0-barrier-helpers.ll synchronizes and runs.
target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

define internal void @fenced() {
  fence syncscope("workgroup") release, !mmra !1
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !1
  ret void
}
define internal void @bare() {
  %a = alloca i32, align 4, addrspace(5)
  store i32 1, ptr addrspace(5) %a
  call void @llvm.amdgcn.s.barrier()
  ret void
}
define internal i32 @size() {
  %p = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %q = getelementptr i8, ptr addrspace(4) %p, i32 12
  %v = load i16, ptr addrspace(4) %q
  %w = zext i16 %v to i32
  ret i32 %w
}
define amdgpu_kernel void @k_fenced(ptr addrspace(1) %out, float %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t
  store float %v, ptr addrspace(3) %p
  call void @fenced()
  %u = sub i32 255, %t
  %q = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load float, ptr addrspace(3) %q
  store float %r, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @k_bare(ptr addrspace(1) %out, float %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t
  store float %v, ptr addrspace(3) %p
  call void @bare()
  %u = sub i32 255, %t
  %q = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load float, ptr addrspace(3) %q
  store float %r, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @k_size_loop(ptr addrspace(1) %out, float %v) {
entry:
  %n = call i32 @size()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %c = icmp ult i32 %i, %n
  br i1 %c, label %b, label %e
b:
  call void @fenced()
  %i1 = add i32 %i, 64
  br label %h
e:
  ret void
}
; A pointer kept in a private slot (clang -O0's `float *p = s;`): each
; load of the slot is @s.
define amdgpu_kernel void @k_slot(ptr addrspace(1) %out, float %v) {
  %slot = alloca ptr, align 8, addrspace(5)
  %cast = addrspacecast ptr addrspace(5) %slot to ptr
  store ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %cast
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %b1 = load ptr, ptr %cast
  %p = getelementptr float, ptr %b1, i32 %t
  store float %v, ptr %p
  %b2 = load ptr, ptr %cast
  %u = sub i32 255, %t
  %q = getelementptr float, ptr %b2, i32 %u
  %r = load float, ptr %q
  store float %r, ptr addrspace(1) %out
  ret void
}
; The same with the helper after its caller (the pass sees the kernel
; first).
define amdgpu_kernel void @k_bare_first(ptr addrspace(1) %out, float %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t
  store float %v, ptr addrspace(3) %p
  call void @bare_after()
  %u = sub i32 255, %t
  %q = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %u
  %r = load float, ptr addrspace(3) %q
  store float %r, ptr addrspace(1) %out
  ret void
}
define internal void @bare_after() {
  call void @llvm.amdgcn.s.barrier()
  ret void
}
!1 = !{!"amdgpu-synchronize-as", !"local"}
