; LLVM optimization remarks in a remark file (issue 23, 2): with
; -pass-remarks-output the barrier pass's `passed` remarks are written,
; one per inserted barrier, at it (on 5fa4867 they were built only for
; -pass-remarks=amdsync, and the file stayed empty), with an argument per
; part: the hazard's kind, its resource, and each access with its own
; debug location (clang -g), which opt-viewer links; llvm-remarkutil reads
; the file.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -pass-remarks-output=%t.yaml -pass-remarks-filter=amdsync -disable-output
; RUN: FileCheck %s < %t.yaml
; RUN: llvm-remarkutil count --parser=yaml --group-by=function --count-by=remark-name %t.yaml | FileCheck %s --check-prefix=COUNT
; RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -g -emit-llvm -S %S/Inputs/clang-plugin.cl -o %t.g.ll
; RUN: %opt-amdsync -passes='amdsync' %t.g.ll -pass-remarks-output=%t.g.yaml -disable-output
; RUN: FileCheck %s --check-prefix=LOCS < %t.g.yaml
; The text of -pass-remarks stays as it was.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -pass-remarks=amdsync -disable-output 2>&1 | FileCheck %s --check-prefix=TEXT

; CHECK:      --- !Passed
; CHECK-NEXT: Pass:            amdsync
; CHECK-NEXT: Name:            Barrier
; CHECK-NEXT: Function:        k
; CHECK:        - Kind:            RAW
; CHECK:        - Resource:        '@l'
; CHECK:        - Producer:        '''store float %x
; CHECK:        - Consumer:        '''%v = load float
; CHECK:      --- !Passed
; CHECK:        - Kind:            WAR
; CHECK-NOT:  --- !
; COUNT: k,2

; LOCS-LABEL: Function:        shift
; LOCS:         - Kind:            RAW
; LOCS:         - Resource:        '@shift.t'
; LOCS:         - Producer:        '''store float
; LOCS-NEXT:      DebugLoc:        { File: '{{.*}}clang-plugin.cl', Line: 7,
; LOCS:         - Consumer:        '''{{.*}} = load float
; LOCS-NEXT:      DebugLoc:        { File: '{{.*}}clang-plugin.cl', Line: 8,

; TEXT: remark: {{.*}}amdsync: barrier orders RAW hazard on @l between 'store float %x, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4'
; TEXT: remark: {{.*}}amdsync: barrier orders WAR hazard on @l between '%v = load float, ptr addrspace(3) %q, align 4' and 'store float %v, ptr addrspace(3) %p, align 4'

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
