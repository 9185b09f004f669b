; workgroup-dims=N (1, 2): the user's statement that kernels run in
; workgroups of N dimensions, the others one thread wide, where the kernel
; states no extent there. A HIP kernel cannot state its workgroup's size
; (clang takes reqd_work_group_size on OpenCL kernels only), so the
; canonical reduction of test/hip/reduce.hip (`sdata[tid] += sdata[tid +
; s]` under `tid < s`, s from blockDim.x / 2) is a race in a 2-D launch,
; where lanes that differ only in threadIdx.y share sdata[tid]: the pass
; refuses it and says what to state, and clang -fpass-plugin fails on it.
; With the statement (-mllvm -amdsync-workgroup-dims=1 for clang,
; workgroup-dims=1 in a pipeline) the read's offset 4*tid.x + 4*s and the
; write's 4*tid.x are kept apart by the disjoint-ranges proof (the stride
; has the range [0, 512]: test/llvm/halving-stride-start.ll) and each lane's
; own slot is its own: accepted, and the checker accepts the authors'
; barriers.
;
; RUN: not %clang-amdsync -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -I%S/../hip -DHIP_LOCAL_FENCES -O3 -S %S/../hip/reduce.hip -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODIMS
; NODIMS: error: in function '_Z6reducePfPKfi': amdsync: cannot order WAR hazard
; NODIMS-SAME: lanes that differ only in tid.y touch the same bytes (is the workgroup one-dimensional? state its size: reqd_work_group_size, known_block_size, or the workgroup-dims option)
;
; clang with the statement: the authors' barriers are checked and kept.
; RUN: %clang-amdsync -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -I%S/../hip -DHIP_LOCAL_FENCES -O3 -S %S/../hip/reduce.hip -mllvm -amdsync-workgroup-dims=1 -o %t.authors.s
; RUN: FileCheck %s --check-prefix=AUTHORS-ISA < %t.authors.s
; AUTHORS-ISA-LABEL: _Z6reducePfPKfi:
; AUTHORS-ISA: ds_write_b32
; AUTHORS-ISA: s_barrier
; AUTHORS-ISA: ds_read_b32
;
; The IR, then the pass with existing=replace at -O1 and -O3 on gfx942
; and gfx1201: 7 barriers executed for 128 lanes, the authors' 8 (their
; last orders nothing: lane 0 reads what it wrote).
; RUN: %clang-amdsync -mllvm -amdsync-ep=off -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -I%S/../hip -DHIP_LOCAL_FENCES -O1 -emit-llvm -S %S/../hip/reduce.hip -o %t.o1.ll
; RUN: %clang-amdsync -mllvm -amdsync-ep=off -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -I%S/../hip -DHIP_LOCAL_FENCES -O3 -emit-llvm -S %S/../hip/reduce.hip -o %t.o3.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942;workgroup-dims=1>' %t.o1.ll -disable-output
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201;workgroup-dims=1>' %t.o3.ll -disable-output
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942;workgroup-dims=2>' %t.o1.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TWO
; TWO: amdsync-verify: unordered
; RUN: %amdsync-exec --target=gfx942 %t.o1.ll --block=128 --args=256 --schedules=4 | FileCheck %s --check-prefix=HAND
; HAND: clean barriers=8
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace;workgroup-dims=1>' %t.o1.ll -S -o %t.o1.942.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942;workgroup-dims=1>' %t.o1.942.ll -disable-output
; RUN: %amdsync-exec --target=gfx942 %t.o1.942.ll --block=128 --args=256 --schedules=4 | FileCheck %s --check-prefix=PLACED
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201;existing=replace;workgroup-dims=1>' %t.o3.ll -S -o %t.o3.1201.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201;workgroup-dims=1>' %t.o3.1201.ll -disable-output
; RUN: %amdsync-exec --target=gfx1201 %t.o3.1201.ll --block=128 --args=256 --schedules=4 | FileCheck %s --check-prefix=PLACED
; PLACED: clean barriers=7
;
; The driver takes it too (--workgroup-dims), on LLVM IR as on MLIR.
; RUN: %amdsync-opt --target=gfx942 --workgroup-dims=1 %t.o1.ll -o %t.driver.ll
; RUN: %amdsync-exec --target=gfx942 %t.driver.ll --block=128 --args=256 --schedules=4 | FileCheck %s --check-prefix=DRIVER
; DRIVER: clean barriers=8
;
; In the machine code of the placed kernel: the first store, then the
; loop's barrier, then the step's reads and write.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.o1.942.ll -o - | FileCheck %s --check-prefix=ISA
; ISA-LABEL: _Z6reducePfPKfi:
; ISA: ds_write_b32
; ISA: s_barrier
; ISA-NOT: s_barrier
; ISA: ds_read_b32
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: .end_amdhsa_kernel
;
; Where the statement stops (Inputs/workgroup-dims-cases.ll): a helper
; runs in its callers' workgroups (@k2d states 16 x 16), so it gets none
; (the review's race: the helper's tid.y taken as 0, no barrier, the
; checker accepting); a `range` on workitem.id.y is a bound, not a stated
; size, so the statement holds over it (@ty2 was rejected with it).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942;workgroup-dims=1>' %S/Inputs/workgroup-dims-cases.ll -disable-output 2>&1 | FileCheck %S/Inputs/workgroup-dims-cases.ll --check-prefix=HELPER --implicit-check-not="function 'ty2'"
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/workgroup-dims-cases.ll -disable-output 2>&1 | FileCheck %S/Inputs/workgroup-dims-cases.ll --check-prefix=TY2
; RUN: not %amdsync-exec --target=gfx942 %S/Inputs/workgroup-dims-cases.ll --kernel=k2d --schedules=4
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;workgroup-dims=1>' %S/Inputs/workgroup-dims-cases.ll -S -o %t.cases.ll
; RUN: %amdsync-exec --target=gfx942 %t.cases.ll --kernel=k2d --schedules=4 | FileCheck %S/Inputs/workgroup-dims-cases.ll --check-prefix=HELPER-CLEAN
;
; Wrong values are errors where the pipeline is read.
; RUN: not %opt-amdsync -passes='amdsync<workgroup-dims=4>' %t.o1.ll -disable-output 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: invalid amdsync pass parameter 'workgroup-dims=4': workgroup-dims takes 1, 2 or 3
; RUN: not %clang-amdsync -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -I%S/../hip -O3 -S %S/../hip/reduce.hip -mllvm -amdsync-workgroup-dims=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-CL
; BAD-CL: for the --amdsync-workgroup-dims option: Cannot find option named '0'!
; RUN: not %amdsync-opt --workgroup-dims=4 %t.o1.ll 2>&1 | FileCheck %s --check-prefix=BAD-DRIVER
; BAD-DRIVER: amdsync-opt: --workgroup-dims takes 1, 2 or 3
