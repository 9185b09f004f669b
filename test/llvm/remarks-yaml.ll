; LLVM optimization remarks in a remark file (issue 23, 2): with
; -pass-remarks-output the barrier pass's `passed` remarks are written,
; one per inserted barrier, at it (on 8f64f15 they were built only for
; -pass-remarks=amdsync, and the file stayed empty); llvm-remarkutil reads
; the file.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -pass-remarks-output=%t.yaml -pass-remarks-filter=amdsync -disable-output
; RUN: FileCheck %s < %t.yaml
; RUN: llvm-remarkutil count --parser=yaml --group-by=function --count-by=remark-name %t.yaml | FileCheck %s --check-prefix=COUNT

; CHECK:      --- !Passed
; CHECK-NEXT: Pass:            amdsync
; CHECK-NEXT: Name:            Barrier
; CHECK-NEXT: Function:        k
; CHECK:        - String:          'amdsync: barrier orders RAW hazard on @l between ''store float %x
; CHECK:      --- !Passed
; CHECK:        - String:          'amdsync: barrier orders WAR hazard on @l between ''%v = load float
; CHECK-NOT:  --- !
; COUNT: k,2

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
