; clang (20 and later) emits an OpenCL kernel K as a stub that calls a
; function holding K's code, `__clang_ocl_kern_imp_K` (a kernel may be
; called from another kernel as a function); from -O1 the stub has the
; body inlined and the function stays, unused. It is no kernel, so its
; arguments were lane-dependent for the analysis: a barrier in a loop over
; a kernel argument (`for (i = 0; i < n; i++)`) was "in control flow that
; may diverge", and `clang -O2 -fpass-plugin=AmdSyncLLVM.so` failed on
; test/opencl's matmul and jacobi as their authors wrote them, at every
; level. Now a function with that name whose kernel K exists, with K's
; type, and which nothing but K calls runs as K does
; (amdsyncLlvmLaunchingKernel): its arguments are K's, uniform. Called from
; another kernel too (-DCALLER, `rows(out, lid & 1)`) it is a function like
; any other, and its barrier in the loop over a lane-dependent count is an
; error, as before.
;
; The authors' barriers compile at -O0, -O1 and -O3, and the result runs
; clean (4 barriers for n = 2); without them the plugin places the same.
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -c %S/Inputs/opencl-kernel-body.cl -o %t.o0.o
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O1 -c %S/Inputs/opencl-kernel-body.cl -o %t.o1.o
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -emit-llvm -S %S/Inputs/opencl-kernel-body.cl -o %t.o3.ll
; RUN: FileCheck %s --check-prefix=BODY < %t.o3.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.o3.ll -disable-output
; RUN: %amdsync-exec %t.o3.ll --kernel=rows --target=gfx942 --block=256 --args=2 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -DNO_BARRIERS -emit-llvm -S %S/Inputs/opencl-kernel-body.cl -o %t.nb0.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.nb0.ll -disable-output
; RUN: %amdsync-exec %t.nb0.ll --kernel=rows --target=gfx942 --block=256 --args=2 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -DNO_BARRIERS -emit-llvm -S %S/Inputs/opencl-kernel-body.cl -o %t.nb3.ll
; RUN: FileCheck %s --check-prefix=BODY < %t.nb3.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.nb3.ll -disable-output
; In the ISA (llc rotates the loop), the body's loop holds both barriers:
; one between the previous iteration's read and the write, one between the
; write and the read, before the branch back.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.nb3.ll -o - | FileCheck %s --check-prefix=ISA
; RUN: %amdsync-exec %t.nb3.ll --kernel=rows --target=gfx942 --block=256 --args=2 --schedules=4 | FileCheck %s --check-prefix=EXEC
; The input without barriers races.
; RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -DNO_BARRIERS -emit-llvm -S %S/Inputs/opencl-kernel-body.cl -o %t.in.ll
; RUN: not %amdsync-exec %t.in.ll --kernel=rows --target=gfx942 --block=256 --args=2 --schedules=4 | FileCheck %s --check-prefix=RACE
; A hostile review of a first version, which asked only that K be the
; one caller: a stub that passes a lane-dependent count (hand-edited:
; Inputs/opencl-kernel-body-divergent-stub.ll) then had its body's loop
; taken as uniform, barriers in it, and a hang; a stub that passes one
; __local buffer for both arguments (Inputs/opencl-kernel-body-same-local.ll)
; had them apart, no barrier, and a race. The body runs as K only where
; K's entry block passes K's own parameters (directly or through clang
; -O0's slots) and both carry OpenCL's kernel metadata (a HIP function of
; that name does not); each input fails without the check (checked).
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/opencl-kernel-body-divergent-stub.ll -disable-output 2>&1 | FileCheck %s --check-prefix=STUB
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/opencl-kernel-body-same-local.ll -S -o %t.same.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.same.ll -disable-output
; RUN: %amdsync-exec %t.same.ll --kernel=k1 --target=gfx942 --block=256 --local-arg-bytes=1024 --schedules=8 | FileCheck %s --check-prefix=SAME
; Called from another kernel with a lane-dependent count: an error in the
; body, naming its argument.
; RUN: not %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -DCALLER -c %S/Inputs/opencl-kernel-body.cl -o %t.caller.o 2>&1 | FileCheck %s --check-prefix=CALLER
;
; The body holds two barriers in its loop, before the back branch (the
; authors' or the plugin's).
; BODY-LABEL: define {{.*}}void @__clang_ocl_kern_imp_rows(
; BODY:       ret void
; BODY:       call void @llvm.amdgcn.s.barrier()
; BODY:       call void @llvm.amdgcn.s.barrier()
; BODY:       br i1 {{.*}}, label %{{[0-9]+}}, label %{{[0-9]+}}
; BODY-NEXT:  }
; ISA-LABEL: __clang_ocl_kern_imp_rows:
; ISA:       [[LOOP:\.LBB[0-9_]+]]:
; ISA:       s_barrier
; ISA:       ds_write_b32
; ISA:       s_barrier
; ISA:       ds_read_b32
; ISA:       s_cbranch_{{[a-z]+}} [[LOOP]]
; ISA:       s_setpc_b64
; EXEC: amdsync-exec: rows: clean barriers=4 wave-barriers=0
; STUB: error: in function '__clang_ocl_kern_imp_rows': amdsync: {{.*}}may diverge
; SAME: amdsync-exec: k1: clean barriers=1 wave-barriers=0
; RACE: race{{.*}}: rows:
; CALLER: error: in function '__clang_ocl_kern_imp_rows': amdsync: existing barrier in control flow that may diverge
; CALLER: note: lanes may go different ways at
