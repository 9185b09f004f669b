; A barrier in divergent control flow: the error at the barrier, then a
; note at the branch that makes it divergent, saying what its condition
; depends on (issue 23, 3; on 8f64f15 the error alone), in opt (stderr) and
; in clang (LLVM note diagnostics, at the source line with -g).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=PLACE
; The default pipeline's pass in opt (no handler of opt's own takes LLVM
; diagnostics, whose fallback exits at the first error): every error and
; note is printed (on 063d871, the first error alone).
; RUN: not %opt-amdsync -passes='amdsync-default' -mcpu=gfx942 %s -disable-output 2>&1 | FileCheck %s --check-prefix=DEFAULT
; DEFAULT-COUNT-4: note: lanes may go different ways
; DEFAULT: error: amdsync-lds-barriers: 4 error(s) in 4 function(s)
; RUN: not %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -g -c %S/Inputs/clang-divergent.cl -o %t.o 2>&1 | FileCheck %s --check-prefix=CLANG

; CHECK:      error: in function 'by_thread': amdsync-verify: barrier in control flow that may diverge
; CHECK:      note: lanes may go different ways at 'br i1 %c, label %a, label %b': it decides by the thread id, '%t = call i32 @llvm.amdgcn.workitem.id.x()'
; CHECK:      error: in function 'helper': amdsync-verify: barrier in control flow that may diverge
; CHECK:      note: lanes may go different ways at 'br i1 %c, label %a, label %b': it decides by argument #1 of 'helper', which is not a kernel: the arguments of a function that is not a kernel entry may differ between lanes (if 'helper' is a kernel, give it the amdgpu_kernel calling convention: __global__, __kernel)
; CHECK:      error: in function 'by_lds': amdsync-verify: barrier in control flow that may diverge
; CHECK:      note: lanes may go different ways at 'br i1 %c, label %a, label %b': it decides by a value loaded from memory, '%v = load i32, ptr addrspace(3) %p, align 4': lanes may load different values
; CHECK:      error: in function 'by_join': amdsync-verify: barrier in control flow that may diverge
; CHECK:      note: lanes may go different ways at 'br i1 %c, label %a, label %b': it decides by '%m = phi i32 [ 0, %entry ], [ 1, %x ]', which lanes that went different ways at a divergent branch reach with different values

; PLACE:      error: in function 'by_thread': amdsync: existing barrier in control flow that may diverge
; PLACE-NEXT: call void @llvm.amdgcn.s.barrier()
; PLACE-NEXT: note: lanes may go different ways at 'br i1 %c, label %a, label %b': it decides by the thread id

; CLANG: error: {{.*}}clang-divergent.cl:10:5: in function '{{.*}}divergent': amdsync: existing barrier in control flow that may diverge
; CLANG: note: {{.*}}clang-divergent.cl:9:9: lanes may go different ways at 'br i1 {{.*}}' at line 9: it decides by the thread id, '{{.*}}@llvm.amdgcn.workitem.id.x(){{.*}}' at line 7

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x i32] poison
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @by_thread() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 4
  br i1 %c, label %a, label %b
a:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b
b:
  ret void
}

define void @helper(i32 %unused, i32 %n) {
  %c = icmp ult i32 %n, 4
  br i1 %c, label %a, label %b
a:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b
b:
  ret void
}

define amdgpu_kernel void @by_lds() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [64 x i32], ptr addrspace(3) @l, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %p, align 4
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %b
a:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b
b:
  ret void
}

; The phi joins lanes that took different ways at the first branch.
define amdgpu_kernel void @by_join() {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %d = icmp ult i32 %t, 4
  br i1 %d, label %x, label %j
x:
  br label %j
j:
  %m = phi i32 [ 0, %entry ], [ 1, %x ]
  %c = icmp eq i32 %m, 0
  br i1 %c, label %a, label %b
a:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %b
b:
  ret void
}
