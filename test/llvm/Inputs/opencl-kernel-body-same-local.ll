; A hostile review's input (test/llvm/opencl-kernel-body.ll): clang -O0 of a
; kernel with two __local arguments, a[lid] = lid; out[lid] = b[255 - lid],
; its stub edited to pass its first __local argument for both.
; ModuleID = 'la1.cl'
source_filename = "la1.cl"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: convergent noinline norecurse nounwind optnone
define protected amdgpu_kernel void @k1(ptr addrspace(1) noundef align 4 %0, ptr addrspace(3) noundef align 4 %1, ptr addrspace(3) noundef align 4 %2) #0 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 !reqd_work_group_size !10 {
  %4 = alloca ptr addrspace(1), align 8, addrspace(5)
  %5 = alloca ptr addrspace(3), align 4, addrspace(5)
  %6 = alloca ptr addrspace(3), align 4, addrspace(5)
  %7 = addrspacecast ptr addrspace(5) %4 to ptr
  %8 = addrspacecast ptr addrspace(5) %5 to ptr
  %9 = addrspacecast ptr addrspace(5) %6 to ptr
  store ptr addrspace(1) %0, ptr %7, align 8
  store ptr addrspace(3) %1, ptr %8, align 4
  store ptr addrspace(3) %2, ptr %9, align 4
  %10 = load ptr addrspace(1), ptr %7, align 8
  %11 = load ptr addrspace(3), ptr %8, align 4
  %12 = load ptr addrspace(3), ptr %9, align 4
  call void @__clang_ocl_kern_imp_k1(ptr addrspace(1) noundef align 4 %10, ptr addrspace(3) noundef align 4 %11, ptr addrspace(3) noundef align 4 %11) #3
  ret void
}

; Function Attrs: convergent noinline norecurse nounwind optnone
define protected void @__clang_ocl_kern_imp_k1(ptr addrspace(1) noundef align 4 %0, ptr addrspace(3) noundef align 4 %1, ptr addrspace(3) noundef align 4 %2) #1 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 !reqd_work_group_size !10 {
  %4 = alloca ptr addrspace(1), align 8, addrspace(5)
  %5 = alloca ptr addrspace(3), align 4, addrspace(5)
  %6 = alloca ptr addrspace(3), align 4, addrspace(5)
  %7 = alloca i32, align 4, addrspace(5)
  %8 = addrspacecast ptr addrspace(5) %4 to ptr
  %9 = addrspacecast ptr addrspace(5) %5 to ptr
  %10 = addrspacecast ptr addrspace(5) %6 to ptr
  store ptr addrspace(1) %0, ptr %8, align 8
  store ptr addrspace(3) %1, ptr %9, align 4
  store ptr addrspace(3) %2, ptr %10, align 4
  %11 = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %11, ptr addrspace(5) %7, align 4
  %12 = load i32, ptr addrspace(5) %7, align 4
  %13 = sitofp i32 %12 to float
  %14 = load ptr addrspace(3), ptr %9, align 4
  %15 = load i32, ptr addrspace(5) %7, align 4
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds float, ptr addrspace(3) %14, i64 %16
  store float %13, ptr addrspace(3) %17, align 4
  %18 = load ptr addrspace(3), ptr %10, align 4
  %19 = load i32, ptr addrspace(5) %7, align 4
  %20 = sub nsw i32 255, %19
  %21 = sext i32 %20 to i64
  %22 = getelementptr inbounds float, ptr addrspace(3) %18, i64 %21
  %23 = load float, ptr addrspace(3) %22, align 4
  %24 = load ptr addrspace(1), ptr %8, align 8
  %25 = load i32, ptr addrspace(5) %7, align 4
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds float, ptr addrspace(1) %24, i64 %26
  store float %23, ptr addrspace(1) %27, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #2

attributes #0 = { convergent noinline norecurse nounwind optnone "amdgpu-flat-work-group-size"="256,256" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx942" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-ds-pk-add-16-insts,+atomic-fadd-rtn-insts,+atomic-flat-pk-add-16-insts,+atomic-fmin-fmax-global-f64,+atomic-global-pk-add-bf16-inst,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+fp8-conversion-insts,+fp8-insts,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+gfx940-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64,+xf32-insts" "uniform-work-group-size"="false" }
attributes #1 = { convergent noinline norecurse nounwind optnone "amdgpu-flat-work-group-size"="256,256" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx942" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-ds-pk-add-16-insts,+atomic-fadd-rtn-insts,+atomic-flat-pk-add-16-insts,+atomic-fmin-fmax-global-f64,+atomic-global-pk-add-bf16-inst,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+fp8-conversion-insts,+fp8-insts,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+gfx940-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64,+xf32-insts" }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!opencl.ocl.version = !{!4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"amdhsa_code_object_version", i32 600}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{i32 2, i32 0}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = !{i32 1, i32 3, i32 3}
!7 = !{!"none", !"none", !"none"}
!8 = !{!"float*", !"float*", !"float*"}
!9 = !{!"", !"", !""}
!10 = !{i32 256, i32 1, i32 1}
