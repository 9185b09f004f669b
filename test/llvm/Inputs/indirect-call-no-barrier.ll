; ../indirect-call-barrier.ll's shape, where the only candidate of the
; indirect call needs no barrier (it touches only its lane's own slot) and
; the helper that does need one is internal and only called directly, from
; a uniform place.
target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
@table = internal addrspace(4) constant [1 x ptr] [ptr @own]
declare i32 @llvm.amdgcn.workitem.id.x()

define internal void @own(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  ret void
}

define internal void @shared(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %y = load float, ptr addrspace(3) @l
  store float %y, ptr addrspace(3) %p
  ret void
}

define amdgpu_kernel void @k(float %x) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  call void @shared(float %x)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 1
  br i1 %c, label %then, label %end
then:
  %fp = load ptr, ptr addrspace(4) @table
  call void %fp(float %x)
  br label %end
end:
  ret void
}
