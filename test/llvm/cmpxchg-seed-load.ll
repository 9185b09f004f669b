; Precision (a cross-check disagreement and a refused kernel on 7e2b625):
; memref.generic_atomic_rmw on workgroup memory, synchronized by amdsync in
; MLIR (two barriers: store -> RMW, RMW -> load; the MLIR checker accepts:
; atomic vs atomic is no hazard), lowered by the upstream pipeline
; (convert-gpu-to-rocdl includes memref-to-llvm), which expands the RMW to
; a plain `load` of the old value followed by a `cmpxchg` retry loop.
; Observed: the LLVM IR checker rejects: "unordered WAR hazard on
;   @__wg_k16_0" between the plain load and the cmpxchg (of other lanes);
;   cross-check.sh reports a disagreement; amdsync-lds-barriers on this IR
;   adds a third barrier between the load and the loop (sound, wasted).
; Now: accepted, as in MLIR: the plain load only seeds the compare
;   value of the cmpxchg loop (a stale or torn value makes the cmpxchg fail
;   and retry), so it is part of one atomic RMW, not a racing read; or the
;   MLIR side must agree with the lowering. Neither verdict lets a race
;   through: this is a refusal, not unsoundness.
; Source: the kernel in the comment below, amdsync{target=gfx942}, then
;   gpu.module(convert-scf-to-cf,convert-gpu-to-rocdl{chipset=gfx942}),
;   reconcile-unrealized-casts, mlir-translate.
;   %h = workgroup memref<64xi32>; h[tid%64] = 1; barrier;
;   old = generic_atomic_rmw h[63 - tid%64] { cur * x }; barrier;
;   r = h[tid%64]
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; CHECK: inserted 0 barrier(s)
; A load whose value is also used elsewhere stays a plain read: a race with
; other lanes' cmpxchg.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/cmpxchg-plain-load.ll -disable-output 2>&1 | FileCheck %s --check-prefix=PLAIN
; PLAIN: error: in function 'seed_used': amdsync-verify: unordered {{RAW|WAR}} hazard on @h

; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

@__wg_k16_0 = internal addrspace(3) global [64 x i32] undef

define amdgpu_kernel void @k16(ptr addrspace(1) %0, ptr addrspace(1) %1, i64 %2, i64 %3, i64 %4, ptr addrspace(1) %5, ptr addrspace(1) %6, i64 %7, i64 %8, i64 %9) #0 {
  %11 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } poison, ptr addrspace(1) %5, 0
  %12 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %11, ptr addrspace(1) %6, 1
  %13 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %12, i64 %7, 2
  %14 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %13, i64 %8, 3, 0
  %15 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %14, i64 %9, 4, 0
  %16 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } poison, ptr addrspace(1) %0, 0
  %17 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %16, ptr addrspace(1) %1, 1
  %18 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %17, i64 %2, 2
  %19 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %18, i64 %3, 3, 0
  %20 = insertvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %19, i64 %4, 4, 0
  %21 = call i32 @llvm.amdgcn.workitem.id.x()
  %22 = sext i32 %21 to i64
  %23 = urem i64 %22, 64
  %24 = getelementptr inbounds nuw i32, ptr addrspace(3) @__wg_k16_0, i64 %23
  store i32 1, ptr addrspace(3) %24, align 4
  %25 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %20, 1
  %26 = getelementptr inbounds nuw i32, ptr addrspace(1) %25, i64 %22
  %27 = load i32, ptr addrspace(1) %26, align 4
  %28 = sub i64 63, %23
  fence syncscope("workgroup") release, !mmra !1
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !1
  %29 = getelementptr i32, ptr addrspace(3) @__wg_k16_0, i64 %28
  %30 = load i32, ptr addrspace(3) %29, align 4
  br label %31

31:                                               ; preds = %31, %10
  %32 = phi i32 [ %35, %31 ], [ %30, %10 ]
  %33 = mul i32 %32, %27
  %34 = cmpxchg ptr addrspace(3) %29, i32 %32, i32 %33 acq_rel monotonic, align 4
  %35 = extractvalue { i32, i1 } %34, 0
  %36 = extractvalue { i32, i1 } %34, 1
  br i1 %36, label %37, label %31

37:                                               ; preds = %31
  fence syncscope("workgroup") release, !mmra !1
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !1
  %38 = getelementptr inbounds nuw i32, ptr addrspace(3) @__wg_k16_0, i64 %23
  %39 = load i32, ptr addrspace(3) %38, align 4
  %40 = add i32 %39, %35
  %41 = extractvalue { ptr addrspace(1), ptr addrspace(1), i64, [1 x i64], [1 x i64] } %15, 1
  %42 = getelementptr inbounds nuw i32, ptr addrspace(1) %41, i64 %23
  store i32 %40, ptr addrspace(1) %42, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nofree nounwind willreturn }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{!"amdgpu-synchronize-as", !"local"}
