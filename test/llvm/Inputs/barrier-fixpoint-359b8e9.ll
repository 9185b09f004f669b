; What 359b8e9's amdsync-lds-barriers<target=gfx942> emitted for
; ../barrier-fixpoint.ll: barriers in @rec and @b, which are called in
; divergent control flow (hangs).
; ModuleID = '/tmp/t2/fix.ll'
source_filename = "/tmp/t2/fix.ll"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@l = internal addrspace(3) global [256 x float] poison

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #0

define internal void @rec(i32 %n, float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p, align 4
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %y = load float, ptr addrspace(3) %q, align 4
  %c = icmp ult i32 %t, %n
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  br i1 %c, label %recurse, label %done

recurse:                                          ; preds = %0
  %m = sub i32 %n, 1
  call void @rec(i32 %m, float %y)
  br label %done

done:                                             ; preds = %recurse, %0
  ret void
}

define amdgpu_kernel void @k_rec(float %x) #1 {
  call void @rec(i32 4, float %x)
  ret void
}

define internal void @a(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 1
  br i1 %c, label %then, label %end

then:                                             ; preds = %0
  call void @b(float %x)
  br label %end

end:                                              ; preds = %then, %0
  ret void
}

define internal void @b(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %y = load float, ptr addrspace(3) @l, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  store float %y, ptr addrspace(3) %p, align 4
  ret void
}

define amdgpu_kernel void @k_order(float %x) #1 {
  call void @a(float %x)
  ret void
}

; Function Attrs: convergent nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx942" }
attributes #2 = { convergent nocallback nofree nounwind willreturn }

!0 = !{!"amdgpu-synchronize-as", !"local"}
