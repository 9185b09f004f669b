; clang -fpass-plugin=AmdSyncLLVM.so (issue 22): the plugin adds amdsync at
; the optimizer's last extension point (after inlining and SROA from -O1),
; at every level, for AMDGPU modules only; each function's chip comes from
; its target-cpu. -mllvm -amdsync-ep=insert (the default) inserts and
; checks, =verify only checks (a race fails the compile), =off does
; nothing. At -O0 (on 5fa4867 not run) the kernels keep their locals and
; loop counter in allocas and call __syncthreads and the threadIdx getters:
; the same executed barriers as at -O1 and -O3 (O0-barrier-helpers.ll).
; amdsync sees the optimized program: a kernel written without barriers
; has been optimized as one thread's code first, so a read of another
; lane's element that the optimizer could hoist out of a loop is hoisted
; before amdsync orders it (docs/usage.md); the HIP kernel's read moves
; with the loop counter.
;
; OpenCL, -O1: the barrier between the store and the load, in the IR and
; in the ISA; the output passes the checker again.
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -emit-llvm -S %S/Inputs/clang-plugin.cl -o %t.cl.ll
; RUN: FileCheck %s --check-prefix=CL < %t.cl.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.cl.ll -disable-output
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O3 -S %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=ISA12
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O1 -S %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=ISA12
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -S %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=ISA9
; Check only: the race fails the compile, at the instructions.
; RUN: not %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -c -mllvm -amdsync-ep=verify %S/Inputs/clang-plugin.cl -o %t.o 2>&1 | FileCheck %s --check-prefix=VERIFY
; A barrier in divergent code: clang errors at its file and line (with -g;
; without, at the instruction), at -O0 and -O2, on both chips; no object.
; RUN: not %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -g -c %S/Inputs/clang-divergent.cl -o %t.div.o 2>&1 | FileCheck %s --check-prefix=DIV
; RUN: not %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O0 -g -c %S/Inputs/clang-divergent.cl -o %t.div.o 2>&1 | FileCheck %s --check-prefix=DIV
; RUN: not %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -c %S/Inputs/clang-divergent.cl -o %t.div.o 2>&1 | FileCheck %s --check-prefix=DIVNOG
; RUN: not test -e %t.div.o
; Off: nothing inserted.
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -emit-llvm -S -mllvm -amdsync-ep=off %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=NONE
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -emit-llvm -S -mllvm -amdsync-ep=off %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=NONE
; -O0, both chips: the barrier in the IR, in the ISA, and one executed.
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -emit-llvm -S %S/Inputs/clang-plugin.cl -o %t.cl0.ll
; RUN: FileCheck %s --check-prefix=CL0 < %t.cl0.ll
; RUN: %amdsync-exec %t.cl0.ll --kernel=shift --target=gfx942 --block=128 --schedules=4 | FileCheck %s --check-prefix=CLEXEC
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -S %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=ISA9
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O0 -S %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=ISA12
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O0 -emit-llvm -S %S/Inputs/clang-plugin.cl -o %t.cl0.1201.ll
; RUN: %amdsync-exec %t.cl0.1201.ll --kernel=shift --target=gfx1201 --block=128 --schedules=4 | FileCheck %s --check-prefix=CLEXEC
; HIP, -O0 and -O1, both chips: the loop counter in an alloca at -O0; the
; same barriers executed (eight for n = 4: two per iteration) at -O0, -O1
; and -O3; the checker accepts each.
; RUN: %clang-amdsync -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O0 -emit-llvm -S -I%S/../hip %S/Inputs/clang-plugin.hip -o %t.hip0.ll
; RUN: FileCheck %s --check-prefix=HIP0 < %t.hip0.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.hip0.ll -disable-output
; RUN: %amdsync-exec %t.hip0.ll --kernel=_Z6rotatePfi --target=gfx942 --block=256 --args=4 --schedules=2 | FileCheck %s --check-prefix=HIPEXEC
; RUN: %clang-amdsync -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O1 -emit-llvm -S -I%S/../hip %S/Inputs/clang-plugin.hip -o %t.hip1.ll
; RUN: %amdsync-exec %t.hip1.ll --kernel=_Z6rotatePfi --target=gfx942 --block=256 --args=4 --schedules=2 | FileCheck %s --check-prefix=HIPEXEC
; RUN: %clang-amdsync -x hip --offload-arch=gfx1201 --offload-device-only -nogpulib -nogpuinc -O0 -emit-llvm -S -I%S/../hip %S/Inputs/clang-plugin.hip -o %t.hip0.1201.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.hip0.1201.ll -disable-output
; RUN: %amdsync-exec %t.hip0.1201.ll --kernel=_Z6rotatePfi --target=gfx1201 --block=256 --args=4 --schedules=2 | FileCheck %s --check-prefix=HIPEXEC
; RUN: %clang-amdsync -x hip --offload-arch=gfx1201 --offload-device-only -nogpulib -nogpuinc -O0 -S -I%S/../hip %S/Inputs/clang-plugin.hip -o - | FileCheck %s --check-prefix=HIPISA12
; RUN: %clang-amdsync -x hip --offload-arch=gfx1201 --offload-device-only -nogpulib -nogpuinc -O1 -emit-llvm -S -I%S/../hip %S/Inputs/clang-plugin.hip -o %t.hip1.1201.ll
; RUN: %amdsync-exec %t.hip1.1201.ll --kernel=_Z6rotatePfi --target=gfx1201 --block=256 --args=4 --schedules=2 | FileCheck %s --check-prefix=HIPEXEC
; RUN: %clang-amdsync -x hip --offload-arch=gfx1201 --offload-device-only -nogpulib -nogpuinc -O3 -S -I%S/../hip %S/Inputs/clang-plugin.hip -o - | FileCheck %s --check-prefix=HIPISA12
; RUN: %clang-amdsync -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O0 -S -I%S/../hip %S/Inputs/clang-plugin.hip -o - | FileCheck %s --check-prefix=HIPISA9
; HIP, -O3: the loop's barriers; the checker accepts them; the ISA compiles.
; RUN: %clang-amdsync -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O3 -emit-llvm -S -I%S/../hip %S/Inputs/clang-plugin.hip -o %t.hip.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.hip.ll | FileCheck %s --check-prefix=HIP
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.hip.ll -disable-output
; RUN: %clang-amdsync -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O3 -S -I%S/../hip %S/Inputs/clang-plugin.hip -o - | FileCheck %s --check-prefix=HIPISA
; A host (x86-64) compile with the plugin loaded: untouched.
; RUN: %clang-amdsync -x c -target x86_64-unknown-linux-gnu -O2 -c %s.c -o %t.x86.o

; CL-LABEL: define {{.*}}amdgpu_kernel void @shift(
; CL:       store float
; CL-NOT:   load
; CL:       fence syncscope("workgroup") release
; CL-NEXT:  call void @llvm.amdgcn.s.barrier()
; CL-NEXT:  fence syncscope("workgroup") acquire
; CL:       load float, ptr addrspace(3)

; ISA12-LABEL: shift:
; ISA12:       ds_store_b32
; ISA12:       s_barrier_signal -1
; ISA12:       s_barrier_wait -1
; ISA12:       ds_load_b32

; VERIFY: error: in function '{{.*}}': amdsync-verify: unordered RAW hazard on @shift.t
; VERIFY: errors generated

; NONE-NOT: s.barrier

; DIV: error: {{.*}}clang-divergent.cl:10:5: in function '{{.*}}divergent': amdsync: existing barrier in control flow that may diverge within the workgroup
; DIV: error{{s?}} generated
; DIVNOG: error: in function '{{.*}}divergent': amdsync: existing barrier in control flow that may diverge within the workgroup (waves that skip it never arrive: hang) (at '{{.*}}call void @llvm.amdgcn.s.barrier()'; -g gives its source line)

; CL0-LABEL: define {{.*}}amdgpu_kernel void @shift(
; CL0:       store float
; CL0:       fence syncscope("workgroup") release
; CL0-NEXT:  call void @llvm.amdgcn.s.barrier()
; CL0-NEXT:  fence syncscope("workgroup") acquire
; CL0:       load float
; CLEXEC: shift: clean barriers=1

; ISA9-LABEL: shift:
; ISA9:       ds_write_b32
; ISA9:       s_barrier
; ISA9:       ds_read_b32

; HIP0-LABEL: define {{.*}} @_Z6rotatePfi(
; HIP0:       alloca i32
; HIP0:       call void @llvm.amdgcn.s.barrier()
; HIPEXEC: _Z6rotatePfi: clean barriers=8
; HIPISA9-LABEL: _Z6rotatePfi:
; HIPISA9:       s_barrier
; HIPISA12-LABEL: _Z6rotatePfi:
; HIPISA12:       s_barrier_signal -1
; HIPISA12:       s_barrier_wait -1

; (-O3 unrolls the loop by 8: two barriers per step, in the unrolled body
; and in the remainder loop.)
; HIP: @_Z6rotatePfi 18 0 0 0
; HIPISA-LABEL: _Z6rotatePfi:
; HIPISA-COUNT-18: s_barrier{{$}}
