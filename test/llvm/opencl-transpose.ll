; OpenCL C compiled by clang-22 (brief: -nogpulib, builtins for the
; work-item functions and the barrier) for gfx942 and gfx1201, checked by
; the LLVM IR checker: the kernel with its barrier and clang's non-kernel
; copy of it are clean; the copy without the barrier is a race, reported at
; both accesses in both functions.
; RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -emit-llvm -S %S/Inputs/transpose.cl -o %t.942.ll
; RUN: not %opt-amdsync -passes=amdsync-verify %t.942.ll -disable-output 2>&1 | FileCheck %s
; RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O1 -emit-llvm -S %S/Inputs/transpose.cl -o %t.1201.ll
; RUN: not %opt-amdsync -passes=amdsync-verify %t.1201.ll -disable-output 2>&1 | FileCheck %s

; CHECK-NOT: in function 'transpose':
; CHECK-NOT: in function '__clang_ocl_kern_imp_transpose':
; CHECK: error: in function 'transpose_racy': amdsync-verify: unordered RAW hazard
; CHECK: error: in function 'transpose_racy': amdsync-verify: unordered RAW hazard
; CHECK: error: in function '__clang_ocl_kern_imp_transpose_racy': amdsync-verify: unordered RAW hazard
; CHECK: error: in function '__clang_ocl_kern_imp_transpose_racy': amdsync-verify: unordered RAW hazard
; CHECK: error: amdsync-verify: 4 violation(s) in 4 function(s)
