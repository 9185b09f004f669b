; amdsync-opt recognizes LLVM IR by content, not only by a `.ll` name (on
; 359b8e9 a copy named kernel.txt, or the IR on stdin, was parsed as MLIR:
; "error: unexpected character" at the first comment), bitcode too;
; --input= forces either; input that parses as neither says how it was
; read. `-o` without a file is an error that says so (on 359b8e9:
; "unknown option '-o'").
; RUN: cp %s %t.txt
; RUN: %amdsync-opt --target=gfx942 --summary %t.txt -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: %amdsync-opt --target=gfx942 --summary - < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
; RUN: llvm-as %s -o %t.bin
; RUN: %amdsync-opt --target=gfx942 --summary %t.bin 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
; RUN: %amdsync-opt --target=gfx942 --input=llvm --summary - < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
; RUN: %amdsync-opt --target=gfx942 %t.txt | FileCheck %s
; RUN: not %amdsync-opt --target=gfx942 --input=mlir %t.txt 2>&1 | FileCheck %s --check-prefix=FORCED
; RUN: printf 'kernel garbage\n' > %t.junk
; RUN: not %amdsync-opt --target=gfx942 %t.junk 2>&1 | FileCheck %s --check-prefix=NEITHER
; RUN: not %amdsync-opt --target=gfx942 --input=bogus %t.txt 2>&1 | FileCheck %s --check-prefix=KIND
; RUN: not %amdsync-opt --target=gfx942 %t.txt -o 2>&1 | FileCheck %s --check-prefix=NO-OUTPUT

; SUMMARY: amdsync: 1 function(s), 1 hazard window(s) found, 0 already ordered; placed 1 barrier(s), 0 ordering point(s), 0 split pair(s) (0 fallback(s)), 0 counter wait(s); checker: ok
; CHECK-LABEL: define amdgpu_kernel void @k
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NEXT: %q = getelementptr
; CHECK-NEXT: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: %v = load float
; FORCED: t.txt":1:1): error: unexpected character
; FORCED-NOT: was read as MLIR
; NEITHER: error: custom op 'kernel' is unknown
; NEITHER: amdsync-opt: '{{.*}}.junk' was read as MLIR (it does not start like LLVM IR); for LLVM IR pass --input=llvm
; KIND: amdsync-opt: --input takes mlir or llvm, not 'bogus'
; NO-OUTPUT: amdsync-opt: option '-o' needs an argument: the output file ('-' for stdout)

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x float] poison

define amdgpu_kernel void @k(i32 %i, i32 %j, float %x, ptr addrspace(1) %out) {
  %p = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %i
  store float %x, ptr addrspace(3) %p
  %q = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %j
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}
