; -stats (issue 23, 2): each amdsync pass prints its counts in LLVM's
; statistics table, the windows by kind among them (one table of counts,
; passes/shared/stats_table.c, for opt, mlir-opt and amdsync-opt --stats;
; the distribution's LLVM is built without statistics,
; so the plugin prints its own); nothing without -stats.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -stats -disable-output 2>&1 | FileCheck %s
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty

; CHECK:      ... Statistics Collected (amdsync-lds-barriers) ...
; CHECK:      1 amdsync-lds-barriers - Function definitions run on
; CHECK-NEXT: 2 amdsync-lds-barriers - LDS hazard windows found
; CHECK-NEXT: 1 amdsync-lds-barriers - Read-after-write windows to order
; CHECK-NEXT: 1 amdsync-lds-barriers - Write-after-read windows to order
; CHECK-NEXT: 2 amdsync-lds-barriers - s_barrier barriers inserted
; CHECK:      ... Statistics Collected (amdsync-waitcnt) ...
; CHECK:      1 amdsync-waitcnt      - Function definitions run on
; CHECK:      ... Statistics Collected (amdsync-verify) ...
; CHECK:      1 amdsync-verify       - Function definitions run on
; CHECK-NOT:  Errors reported
; NONE-NOT: Statistics

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x float] poison
define amdgpu_kernel void @k(i32 %i, i32 %j, float %x) {
  %p = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %i
  store float %x, ptr addrspace(3) %p
  %q = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %j
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(3) %p
  ret void
}
