; error-limit=N on the LLVM IR side, as on the MLIR side
; (test/mlir/error-limit.mlir, whose first kernel this is, lowered by
; test/tools/lower-to-llvm.sh): 13 steps of a store and a load of the next
; slot in a branch on `tid < 32` give 25 hazards no barrier may order, and
; the checker finds 103 unordered pairs on the input. At most N errors
; are reported at a function, then one for the rest; the totals line
; counts them all.
;
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=DEFAULT
; DEFAULT-COUNT-20: error: in function 'steps': amdsync: cannot order {{RAW|WAR}} hazard
; DEFAULT-NOT: error: in function 'steps': amdsync: cannot order
; DEFAULT: error: in function 'steps': amdsync: 5 more errors at this function not shown (error-limit=20; error-limit=0 shows them all)
; DEFAULT-NEXT: error: amdsync-lds-barriers: 25 error(s) in 1 function(s)
;
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;error-limit=0>' %s -disable-output 2>&1 | grep -c "error: in function 'steps': amdsync: cannot order" | FileCheck %s --check-prefix=ALL
; ALL: {{^}}25{{$}}
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942;error-limit=3>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=THREE
; THREE-COUNT-3: error: in function 'steps': amdsync: cannot order
; THREE-NOT: error: in function 'steps': amdsync: cannot order
; THREE: amdsync: 22 more errors at this function not shown (error-limit=3;
;
; The checker: the same 103 pairs as on the MLIR side, 20 shown.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY
; VERIFY-COUNT-20: error: in function 'steps': amdsync-verify: unordered {{RAW|WAR|WAW}} hazard
; VERIFY-NOT: error: in function 'steps': amdsync-verify: unordered
; VERIFY: amdsync: 83 more errors at this function not shown
; VERIFY-NEXT: error: amdsync-verify: 103 error(s) in 1 function(s)
;
; clang -mllvm -amdsync-error-limit (the default pipeline's spelling), the
; driver, and the pipeline printed back.
; RUN: not %opt-amdsync -passes=amdsync-default -amdsync-error-limit=2 %s -disable-output 2>&1 | FileCheck %s --check-prefix=EP
; EP: amdsync: 23 more errors at this function not shown (error-limit=2;
; RUN: not %amdsync-opt --target=gfx942 --error-limit=24 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DRIVER
; DRIVER: amdsync: 1 more error at this function not shown (error-limit=24;
; RUN: not %amdsync-opt --target=gfx942 --stats --error-limit=2 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: 25 amdsync-lds-barriers - Errors reported
; RUN: %opt-amdsync -passes='amdsync<error-limit=5>,amdsync-verify<error-limit=0>' -print-pipeline-passes %s -disable-output | FileCheck %s --check-prefix=PRINT
; PRINT: amdsync<error-limit=5>,amdsync-verify<error-limit=0>
;
; RUN: not %opt-amdsync -passes='amdsync<error-limit=-1>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: not %opt-amdsync -passes='amdsync<error-limit>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: error-limit takes a count of errors per function (0: no limit; default 20)

target triple = "amdgcn-amd-amdhsa"


@__wg_steps_0 = internal addrspace(3) global [256 x float] undef

define amdgpu_kernel void @steps(ptr addrspace(1) %0, ptr addrspace(1) %1, i64 %2, i64 %3, i64 %4) #0 {
  %6 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } poison, ptr addrspace(1) %0, 0
  %7 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %6, ptr addrspace(1) %1, 1
  %8 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %7, i64 %2, 2
  %9 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %8, i64 %3, 3, 0
  %10 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %9, i64 %4, 4, 0
  %11 = call i32 @llvm.amdgcn.workitem.id.x()
  %12 = sext i32 %11 to i64
  %13 = icmp ult i64 %12, 32
  %14 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %15 = getelementptr inbounds nuw float, ptr addrspace(1) %14, i64 %12
  %16 = load float, ptr addrspace(1) %15, align 4
  br i1 %13, label %17, label %96

17:                                               ; preds = %5
  %18 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %18, align 4
  %19 = add i64 %12, 1
  %20 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %19
  %21 = load float, ptr addrspace(3) %20, align 4
  %22 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %23 = getelementptr inbounds nuw float, ptr addrspace(1) %22, i64 %19
  store float %21, ptr addrspace(1) %23, align 4
  %24 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %24, align 4
  %25 = add i64 %12, 2
  %26 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %25
  %27 = load float, ptr addrspace(3) %26, align 4
  %28 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %29 = getelementptr inbounds nuw float, ptr addrspace(1) %28, i64 %25
  store float %27, ptr addrspace(1) %29, align 4
  %30 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %30, align 4
  %31 = add i64 %12, 3
  %32 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %31
  %33 = load float, ptr addrspace(3) %32, align 4
  %34 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %35 = getelementptr inbounds nuw float, ptr addrspace(1) %34, i64 %31
  store float %33, ptr addrspace(1) %35, align 4
  %36 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %36, align 4
  %37 = add i64 %12, 4
  %38 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %37
  %39 = load float, ptr addrspace(3) %38, align 4
  %40 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %41 = getelementptr inbounds nuw float, ptr addrspace(1) %40, i64 %37
  store float %39, ptr addrspace(1) %41, align 4
  %42 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %42, align 4
  %43 = add i64 %12, 5
  %44 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %43
  %45 = load float, ptr addrspace(3) %44, align 4
  %46 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %47 = getelementptr inbounds nuw float, ptr addrspace(1) %46, i64 %43
  store float %45, ptr addrspace(1) %47, align 4
  %48 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %48, align 4
  %49 = add i64 %12, 6
  %50 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %49
  %51 = load float, ptr addrspace(3) %50, align 4
  %52 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %53 = getelementptr inbounds nuw float, ptr addrspace(1) %52, i64 %49
  store float %51, ptr addrspace(1) %53, align 4
  %54 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %54, align 4
  %55 = add i64 %12, 7
  %56 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %55
  %57 = load float, ptr addrspace(3) %56, align 4
  %58 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %59 = getelementptr inbounds nuw float, ptr addrspace(1) %58, i64 %55
  store float %57, ptr addrspace(1) %59, align 4
  %60 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %60, align 4
  %61 = add i64 %12, 8
  %62 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %61
  %63 = load float, ptr addrspace(3) %62, align 4
  %64 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %65 = getelementptr inbounds nuw float, ptr addrspace(1) %64, i64 %61
  store float %63, ptr addrspace(1) %65, align 4
  %66 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %66, align 4
  %67 = add i64 %12, 9
  %68 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %67
  %69 = load float, ptr addrspace(3) %68, align 4
  %70 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %71 = getelementptr inbounds nuw float, ptr addrspace(1) %70, i64 %67
  store float %69, ptr addrspace(1) %71, align 4
  %72 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %72, align 4
  %73 = add i64 %12, 10
  %74 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %73
  %75 = load float, ptr addrspace(3) %74, align 4
  %76 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %77 = getelementptr inbounds nuw float, ptr addrspace(1) %76, i64 %73
  store float %75, ptr addrspace(1) %77, align 4
  %78 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %78, align 4
  %79 = add i64 %12, 11
  %80 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %79
  %81 = load float, ptr addrspace(3) %80, align 4
  %82 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %83 = getelementptr inbounds nuw float, ptr addrspace(1) %82, i64 %79
  store float %81, ptr addrspace(1) %83, align 4
  %84 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %84, align 4
  %85 = add i64 %12, 12
  %86 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %85
  %87 = load float, ptr addrspace(3) %86, align 4
  %88 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %89 = getelementptr inbounds nuw float, ptr addrspace(1) %88, i64 %85
  store float %87, ptr addrspace(1) %89, align 4
  %90 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %12
  store float %16, ptr addrspace(3) %90, align 4
  %91 = add i64 %12, 13
  %92 = getelementptr inbounds nuw float, ptr addrspace(3) @__wg_steps_0, i64 %91
  %93 = load float, ptr addrspace(3) %92, align 4
  %94 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %10, 1
  %95 = getelementptr inbounds nuw float, ptr addrspace(1) %94, i64 %91
  store float %93, ptr addrspace(1) %95, align 4
  br label %96

96:                                               ; preds = %17, %5
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
