; A hostile review's input (test/llvm/opencl-kernel-body.ll): clang -O0's stub of
; Inputs/opencl-kernel-body.cl edited to call the body with a lane-dependent
; count (tid & 1) instead of its own parameter.
; ModuleID = 'base.cl'
source_filename = "base.cl"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@rows.t = internal addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent noinline norecurse nounwind optnone
define protected amdgpu_kernel void @rows(ptr addrspace(1) noundef align 4 %0, i32 noundef %1) #0 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 !reqd_work_group_size !10 {
  %3 = alloca ptr addrspace(1), align 8, addrspace(5)
  %4 = alloca i32, align 4, addrspace(5)
  %5 = addrspacecast ptr addrspace(5) %3 to ptr
  %6 = addrspacecast ptr addrspace(5) %4 to ptr
  store ptr addrspace(1) %0, ptr %5, align 8
  store i32 %1, ptr %6, align 4
  %7 = load ptr addrspace(1), ptr %5, align 8
  %8 = load i32, ptr %6, align 4
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %n = and i32 %tid, 1
  call void @__clang_ocl_kern_imp_rows(ptr addrspace(1) noundef align 4 %7, i32 noundef %n) #3
  ret void
}

; Function Attrs: convergent noinline norecurse nounwind optnone
define protected void @__clang_ocl_kern_imp_rows(ptr addrspace(1) noundef align 4 %0, i32 noundef %1) #1 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 !reqd_work_group_size !10 {
  %3 = alloca ptr addrspace(1), align 8, addrspace(5)
  %4 = alloca i32, align 4, addrspace(5)
  %5 = alloca i32, align 4, addrspace(5)
  %6 = alloca i32, align 4, addrspace(5)
  %7 = addrspacecast ptr addrspace(5) %3 to ptr
  %8 = addrspacecast ptr addrspace(5) %4 to ptr
  store ptr addrspace(1) %0, ptr %7, align 8
  store i32 %1, ptr %8, align 4
  %9 = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %9, ptr addrspace(5) %5, align 4
  store i32 0, ptr addrspace(5) %6, align 4
  br label %10

10:                                               ; preds = %34, %2
  %11 = load i32, ptr addrspace(5) %6, align 4
  %12 = load i32, ptr %8, align 4
  %13 = icmp slt i32 %11, %12
  br i1 %13, label %14, label %37

14:                                               ; preds = %10
  %15 = load i32, ptr addrspace(5) %5, align 4
  %16 = load i32, ptr addrspace(5) %6, align 4
  %17 = add nsw i32 %15, %16
  %18 = sitofp i32 %17 to float
  %19 = load i32, ptr addrspace(5) %5, align 4
  %20 = sext i32 %19 to i64
  %21 = getelementptr inbounds [256 x float], ptr addrspace(3) @rows.t, i64 0, i64 %20
  store float %18, ptr addrspace(3) %21, align 4
  %22 = load i32, ptr addrspace(5) %5, align 4
  %23 = sub nsw i32 255, %22
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds [256 x float], ptr addrspace(3) @rows.t, i64 0, i64 %24
  %26 = load float, ptr addrspace(3) %25, align 4
  %27 = load ptr addrspace(1), ptr %7, align 8
  %28 = load i32, ptr addrspace(5) %6, align 4
  %29 = mul nsw i32 %28, 256
  %30 = load i32, ptr addrspace(5) %5, align 4
  %31 = add nsw i32 %29, %30
  %32 = sext i32 %31 to i64
  %33 = getelementptr inbounds float, ptr addrspace(1) %27, i64 %32
  store float %26, ptr addrspace(1) %33, align 4
  br label %34

34:                                               ; preds = %14
  %35 = load i32, ptr addrspace(5) %6, align 4
  %36 = add nsw i32 %35, 1
  store i32 %36, ptr addrspace(5) %6, align 4
  br label %10

37:                                               ; preds = %10
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
!6 = !{i32 1, i32 0}
!7 = !{!"none", !"none"}
!8 = !{!"float*", !"int"}
!9 = !{!"", !""}
!10 = !{i32 256, i32 1, i32 1}
