; A hostile review's kernel (issue 21, iteration tables tested at the top):
; clang -O0 -Xclang -disable-O0-optnone and mem2reg of
;   for (o = 0; o < 3; o++) {
;     for (i = 0; i < 8; i++) out[i] = 0;
;     out[lid] = buf[lid + ((1 << i) >> 8)];  // i == 8 here: buf[lid + 1]
;   }
; after every lane stored buf[lid]. The read after the inner loop reads the
; inner counter's last value, so it gets the inner table's cases; the inner
; loop is tested at the top, whose final rows (the test that leaves) a
; block of the loop never runs in, and a first version skipped them for
; every block but the header (amdsyncLlvmIterationRowsSkipped): the read,
; after the loop, runs in those rows alone, and its case there (buf[lid +
; 1]) became the row before's (buf[lid]): lane 1's store and lane 0's read
; were apart, no barrier, a race, and the checker accepted the input. Only
; blocks of the loop skip them now; this test fails without that (checked).
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -S -o %t.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output
; RUN: %amdsync-exec %t.ll --kernel=afterinner --target=gfx942 --block=256 --schedules=8 | FileCheck %s
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=CHECKER
; RUN: not %amdsync-exec %s --kernel=afterinner --target=gfx942 --block=256 --schedules=8 | FileCheck %s --check-prefix=RACE
; CHECK: amdsync-exec: afterinner: clean barriers=1 wave-barriers=0
; CHECKER: error: in function 'afterinner': amdsync-verify: unordered RAW hazard on @afterinner.buf
; RACE: race{{.*}}: afterinner:

; ModuleID = '<stdin>'
source_filename = "l2.cl"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@afterinner.buf = internal addrspace(3) global [512 x float] undef, align 4

; Function Attrs: convergent noinline norecurse nounwind
define protected amdgpu_kernel void @afterinner(ptr addrspace(1) noundef align 4 %0) #0 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 !reqd_work_group_size !10 {
  %2 = alloca ptr addrspace(1), align 8, addrspace(5)
  %3 = alloca ptr addrspace(1), align 8, addrspace(5)
  %4 = addrspacecast ptr addrspace(5) %3 to ptr
  store ptr addrspace(1) %0, ptr %4, align 8
  %5 = load ptr addrspace(1), ptr %4, align 8
  %6 = addrspacecast ptr addrspace(5) %2 to ptr
  store ptr addrspace(1) %5, ptr %6, align 8
  %7 = call i32 @llvm.amdgcn.workitem.id.x()
  %8 = sitofp i32 %7 to float
  %9 = sext i32 %7 to i64
  %10 = getelementptr inbounds [512 x float], ptr addrspace(3) @afterinner.buf, i64 0, i64 %9
  store float %8, ptr addrspace(3) %10, align 4
  br label %11

11:                                               ; preds = %21, %1
  %.01 = phi i32 [ 0, %1 ], [ %32, %21 ]
  %12 = icmp slt i32 %.01, 3
  br i1 %12, label %13, label %33

13:                                               ; preds = %11
  br label %14

14:                                               ; preds = %16, %13
  %.0 = phi i32 [ 0, %13 ], [ %20, %16 ]
  %15 = icmp slt i32 %.0, 8
  br i1 %15, label %16, label %21

16:                                               ; preds = %14
  %17 = load ptr addrspace(1), ptr %6, align 8
  %18 = sext i32 %.0 to i64
  %19 = getelementptr inbounds float, ptr addrspace(1) %17, i64 %18
  store float 0.000000e+00, ptr addrspace(1) %19, align 4
  %20 = add nsw i32 %.0, 1
  br label %14

21:                                               ; preds = %14
  %22 = and i32 %.0, 31
  %23 = shl i32 1, %22
  %24 = ashr i32 %23, 8
  %25 = add nsw i32 %7, %24
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds [512 x float], ptr addrspace(3) @afterinner.buf, i64 0, i64 %26
  %28 = load float, ptr addrspace(3) %27, align 4
  %29 = load ptr addrspace(1), ptr %6, align 8
  %30 = sext i32 %7 to i64
  %31 = getelementptr inbounds float, ptr addrspace(1) %29, i64 %30
  store float %28, ptr addrspace(1) %31, align 4
  %32 = add nsw i32 %.01, 1
  br label %11

33:                                               ; preds = %11
  ret void
}

; Function Attrs: alwaysinline convergent norecurse nounwind
define protected void @__clang_ocl_kern_imp_afterinner(ptr addrspace(1) noundef align 4 %0) #1 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_base_type !8 !kernel_arg_type_qual !9 !reqd_work_group_size !10 {
  %2 = alloca ptr addrspace(1), align 8, addrspace(5)
  %3 = addrspacecast ptr addrspace(5) %2 to ptr
  store ptr addrspace(1) %0, ptr %3, align 8
  %4 = call i32 @llvm.amdgcn.workitem.id.x()
  %5 = sitofp i32 %4 to float
  %6 = sext i32 %4 to i64
  %7 = getelementptr inbounds [512 x float], ptr addrspace(3) @afterinner.buf, i64 0, i64 %6
  store float %5, ptr addrspace(3) %7, align 4
  br label %8

8:                                                ; preds = %30, %1
  %.01 = phi i32 [ 0, %1 ], [ %31, %30 ]
  %9 = icmp slt i32 %.01, 3
  br i1 %9, label %10, label %32

10:                                               ; preds = %8
  br label %11

11:                                               ; preds = %17, %10
  %.0 = phi i32 [ 0, %10 ], [ %18, %17 ]
  %12 = icmp slt i32 %.0, 8
  br i1 %12, label %13, label %19

13:                                               ; preds = %11
  %14 = load ptr addrspace(1), ptr %3, align 8
  %15 = sext i32 %.0 to i64
  %16 = getelementptr inbounds float, ptr addrspace(1) %14, i64 %15
  store float 0.000000e+00, ptr addrspace(1) %16, align 4
  br label %17

17:                                               ; preds = %13
  %18 = add nsw i32 %.0, 1
  br label %11

19:                                               ; preds = %11
  %20 = and i32 %.0, 31
  %21 = shl i32 1, %20
  %22 = ashr i32 %21, 8
  %23 = add nsw i32 %4, %22
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds [512 x float], ptr addrspace(3) @afterinner.buf, i64 0, i64 %24
  %26 = load float, ptr addrspace(3) %25, align 4
  %27 = load ptr addrspace(1), ptr %3, align 8
  %28 = sext i32 %4 to i64
  %29 = getelementptr inbounds float, ptr addrspace(1) %27, i64 %28
  store float %26, ptr addrspace(1) %29, align 4
  br label %30

30:                                               ; preds = %19
  %31 = add nsw i32 %.01, 1
  br label %8

32:                                               ; preds = %8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #2

attributes #0 = { convergent noinline norecurse nounwind "amdgpu-flat-work-group-size"="256,256" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx942" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-ds-pk-add-16-insts,+atomic-fadd-rtn-insts,+atomic-flat-pk-add-16-insts,+atomic-fmin-fmax-global-f64,+atomic-global-pk-add-bf16-inst,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+fp8-conversion-insts,+fp8-insts,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+gfx940-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64,+xf32-insts" "uniform-work-group-size"="false" }
attributes #1 = { alwaysinline convergent norecurse nounwind "amdgpu-flat-work-group-size"="256,256" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx942" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-ds-pk-add-16-insts,+atomic-fadd-rtn-insts,+atomic-flat-pk-add-16-insts,+atomic-fmin-fmax-global-f64,+atomic-global-pk-add-bf16-inst,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+fp8-conversion-insts,+fp8-insts,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+gfx940-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64,+xf32-insts" }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!opencl.ocl.version = !{!4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"amdhsa_code_object_version", i32 600}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{i32 2, i32 0}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = !{i32 1}
!7 = !{!"none"}
!8 = !{!"float*"}
!9 = !{!""}
!10 = !{i32 256, i32 1, i32 1}
