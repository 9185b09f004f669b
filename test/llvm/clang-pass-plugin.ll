; clang -fpass-plugin=AmdSyncLLVM.so (issue 22): the plugin adds amdsync at
; the optimizer's last extension point, after inlining and SROA, at -O1
; and above, for AMDGPU modules only; each function's chip comes from its
; target-cpu. -mllvm -amdsync-ep=insert (the default) inserts and checks,
; =verify only checks (a race fails the compile), =off does nothing.
; Not at -O0 (loop counters in allocas: issue 22 item 2, not built).
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
; Check only: the race fails the compile, at the instructions.
; RUN: not %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -c -mllvm -amdsync-ep=verify %S/Inputs/clang-plugin.cl -o %t.o 2>&1 | FileCheck %s --check-prefix=VERIFY
; Off, and -O0: nothing inserted.
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -emit-llvm -S -mllvm -amdsync-ep=off %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=NONE
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -emit-llvm -S %S/Inputs/clang-plugin.cl -o - | FileCheck %s --check-prefix=NONE
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
; VERIFY: error generated

; NONE-NOT: s.barrier

; (-O3 unrolls the loop by 8: two barriers per step, in the unrolled body
; and in the remainder loop.)
; HIP: @_Z6rotatePfi 18 0 0 0
; HIPISA-LABEL: _Z6rotatePfi:
; HIPISA-COUNT-18: s_barrier{{$}}
