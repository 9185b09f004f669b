; ../barrier-fixpoint.ll with the helpers' calls under uniform branches
; (on the workgroup id).
target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define internal void @rec(i32 %n, float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %c = icmp ult i32 %g, 0
  br i1 %c, label %recurse, label %done
recurse:
  %m = sub i32 %n, 1
  call void @rec(i32 %m, float %y)
  br label %done
done:
  ret void
}

define amdgpu_kernel void @k_rec(float %x) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  call void @rec(i32 4, float %x)
  ret void
}

define internal void @a(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %c = icmp ult i32 %g, 1
  br i1 %c, label %then, label %end
then:
  call void @b(float %x)
  br label %end
end:
  ret void
}

define internal void @b(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %y = load float, ptr addrspace(3) @l
  store float %y, ptr addrspace(3) %p
  ret void
}

define amdgpu_kernel void @k_order(float %x) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  call void @a(float %x)
  ret void
}
