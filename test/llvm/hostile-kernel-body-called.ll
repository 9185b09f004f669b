; An OpenCL kernel called as a function from another kernel (a review's
; finding): clang -O0 emits K2's code as __clang_ocl_kern_imp_K2 and gives
; it K2's attributes ("amdgpu-flat-work-group-size"="1,128"), but K1's body
; calls it too, and K1 runs 256 lanes. Lane t writes buf[t] and lane t - 128
; reads buf[t] with no barrier between: a race at 256 lanes, none at 128.
; The body is then a helper that runs in K1's workgroups, and its copied
; size attributes are not its workgroup's (passes.c, openFunctionAs): the
; checker rejects the input, and the pass places a barrier between the
; write and the read. Before, both took tid.x < 128 from the copied flat
; size, kept the pair apart, placed nothing and accepted the race (with a
; `range` on the id, and already without one).
; RUN: %clang-amdsync -mllvm -amdsync-ep=off -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -emit-llvm -S -I%S/../opencl %S/Inputs/kernel-body-called.cl -o %t.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output 2>&1 | FileCheck %s --check-prefix=CHECKER
; CHECKER: error: in function '__clang_ocl_kern_imp_K2': amdsync-verify: unordered RAW hazard on @K2.buf
; RUN: not %amdsync-exec --target=gfx942 %t.ll --kernel=K1 --block=256 --schedules=4 | FileCheck %s --check-prefix=RACE
; RACE: K1: race
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %t.ll -S -o %t.out.ll
; RUN: %amdsync-exec --target=gfx942 %t.out.ll --kernel=K1 --block=256 --schedules=4 | FileCheck %s --check-prefix=CLEAN
; RUN: %amdsync-exec --target=gfx942 %t.out.ll --kernel=K2 --block=128 --schedules=4 | FileCheck %s --check-prefix=CLEAN2
; CLEAN: K1: clean
; CLEAN2: K2: clean
; RUN: FileCheck %s --check-prefix=IR < %t.out.ll
; IR-LABEL: define protected void @__clang_ocl_kern_imp_K2(
; IR: store i32 {{.*}}, ptr addrspace(3)
; IR: call void @llvm.amdgcn.s.barrier()
; IR: load i32, ptr addrspace(3)
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.out.ll -disable-output
;
; In the body's machine code: the write, the placed s_barrier, then the
; read of another lane's element (and the authors' barrier after it).
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.out.ll -o - | FileCheck %s --check-prefix=ISA
; ISA-LABEL: __clang_ocl_kern_imp_K2:
; ISA: ds_write_b32
; ISA-NOT: ds_read_b32
; ISA: s_barrier
; ISA: ds_read_b32 {{.*}} offset:512
