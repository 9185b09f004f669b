; OpenCL C compiled by clang-22 (brief: -nogpulib, builtins for the
; work-item functions and the barrier) for gfx942 and gfx1201, checked by
; the LLVM IR checker: the kernel with its barrier and clang's non-kernel
; copy of it are clean; the copy without the barrier is a race, reported at
; both accesses in both functions.
; RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -emit-llvm -S %S/Inputs/transpose.cl -o %t.942.ll
; RUN: not %opt-amdsync -passes=amdsync-verify %t.942.ll -disable-output 2>&1 | FileCheck %s
; RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O1 -emit-llvm -S %S/Inputs/transpose.cl -o %t.1201.ll
; RUN: not %opt-amdsync -passes=amdsync-verify %t.1201.ll -disable-output 2>&1 | FileCheck %s

; The barrier pass keeps the hand-written barrier (credited, nothing
; added) and gives the racy copy exactly one, which llc lowers to the same
; sequence as the hand-written one.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<summary>,amdsync-verify' %t.942.ll -S -o %t.942.sync.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: llc -march=amdgcn -mcpu=gfx942 %t.942.sync.ll -o - | FileCheck %s --check-prefix=ISA
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<summary>,amdsync-verify' %t.1201.ll -disable-output 2>&1 | FileCheck %s --check-prefix=PLACED12

; PLACED: remark: amdsync-lds-barriers: 4 function(s), {{[0-9]+}} hazard window(s), {{[0-9]+}} already ordered; inserted 2 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 0 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)
; PLACED12: remark: amdsync-lds-barriers: 4 function(s), {{[0-9]+}} hazard window(s), {{[0-9]+}} already ordered; inserted 0 barrier(s), 0 ordering point(s), 2 signal(s), 2 wait(s), 0 fallback(s), 0 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)

; existing=replace: the hand-written barrier (OpenCL's
; barrier(CLK_LOCAL_MEM_FENCE): LDS-only fences) is removed and amdsync
; places its own: one per function, as many as the hand-written kernel
; executes; the checker accepts the result and llc compiles it.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<existing=replace;summary>,amdsync-verify' %t.942.ll -S -o %t.942.replaced.ll 2>&1 | FileCheck %s --check-prefix=REPLACED
; RUN: grep -c 'call void @llvm.amdgcn.s.barrier()' %t.942.replaced.ll | FileCheck %s --check-prefix=FOUR
; RUN: llc -march=amdgcn -mcpu=gfx942 %t.942.replaced.ll -o - | FileCheck %s --check-prefix=ISA
; REPLACED: inserted 4 barrier(s), {{.*}}; removed 2 LDS-only barrier(s)
; FOUR: 4

; ISA-LABEL: transpose:
; ISA: ds_write_b32
; ISA: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA: ds_read_b32
; ISA-LABEL: transpose_racy:
; ISA: ds_write_b32
; ISA: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA: ds_read_b32

; CHECK-NOT: in function 'transpose':
; CHECK-NOT: in function '__clang_ocl_kern_imp_transpose':
; CHECK: error: in function 'transpose_racy': amdsync-verify: unordered RAW hazard
; CHECK: note: amdsync-verify: unordered RAW hazard
; CHECK: error: in function '__clang_ocl_kern_imp_transpose_racy': amdsync-verify: unordered RAW hazard
; CHECK: note: amdsync-verify: unordered RAW hazard
; CHECK: error: amdsync-verify: 2 error(s) in 4 function(s)
