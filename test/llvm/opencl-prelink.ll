; OpenCL compiled before the device library is linked (issue 22 item 2,
; clang -Xclang -finclude-default-header -nogpulib): the work-item queries
; are calls of `_Z12get_local_idj`, `_Z12get_group_idj`, `_Z14get_local_sizej`,
; the barrier a call of `_Z7barrierj`. They are in the shared table of
; semantics (passes/shared/intrinsics.c): the queries touch no memory, the
; local id is the thread id (divergent), the local size the workgroup's
; extent where it is known, the others uniform; barrier(flags) and
; work_group_barrier(flags[, scope]) fence LDS where the flags hold
; CLK_LOCAL_MEM_FENCE (and the scope is the work-group or wider). The
; checker accepted nothing here before (80 errors on the reduction as
; written), and the barrier pass refused it (24 errors).
; With -cl-uniform-work-group-size every workgroup is whole, and
; get_local_size(0) is the reqd_work_group_size extent; OpenCL 2.0 without
; it lets the last workgroup be smaller, its get_local_size(0) the
; remainder, unknown here: the halving counter has no range, and the
; checker rejects the reduction (UNIFORM, last RUN line). Clang also keeps
; the kernel's body as a function of its own for device-side enqueue
; (`__clang_ocl_kern_imp_reduce`), not a kernel and without
; "uniform-work-group-size"="true": it is left out (llvm-extract).
;
; RUN: clang-22 -x cl -cl-std=CL2.0 -cl-uniform-work-group-size -Xclang -finclude-default-header -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -emit-llvm -S %S/Inputs/opencl-prelink.cl -o %t.both.ll
; RUN: llvm-extract --func=reduce %t.both.ll -S -o %t.ll
; RUN: FileCheck %s --check-prefix=CALLS < %t.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942;summary>' %t.ll -disable-output 2>&1 | FileCheck %s --check-prefix=CLEAN
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;summary>' %t.ll -S -o %t.again.ll 2>&1 | FileCheck %s --check-prefix=NOTHING
; Without its barriers: one, at the top of the loop (every step's reads of
; the step before, the first step's of the stores), where the authors
; write nine executed; the checker accepts the result.
; RUN: clang-22 -x cl -cl-std=CL2.0 -cl-uniform-work-group-size -Xclang -finclude-default-header -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -emit-llvm -S -DNO_BARRIERS %S/Inputs/opencl-prelink.cl -o %t.nb.both.ll
; RUN: llvm-extract --func=reduce %t.nb.both.ll -S -o %t.nb.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %t.nb.ll -S -o %t.nb.out.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.nb.out.ll | FileCheck %s --check-prefix=COUNT
; RUN: FileCheck %s --check-prefix=PLACE < %t.nb.out.ll
; barrier(CLK_GLOBAL_MEM_FENCE) does not order LDS: the checker rejects it.
; RUN: clang-22 -x cl -cl-std=CL2.0 -cl-uniform-work-group-size -Xclang -finclude-default-header -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -emit-llvm -S -DGLOBAL_FENCE %S/Inputs/opencl-prelink.cl -o %t.gf.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.gf.ll -disable-output 2>&1 | FileCheck %s --check-prefix=GLOBAL

; CALLS: call i64 @_Z12get_local_idj(i32 noundef 0)
; CALLS: call void @_Z7barrierj(i32 noundef 1)
; CLEAN: remark: amdsync-verify: 1 function(s), 0 violation(s)
; NOTHING: remark: amdsync-lds-barriers: 1 function(s), {{[0-9]+}} hazard window(s), {{[0-9]+}} already ordered; inserted 0 barrier(s), 0 ordering point(s)
; COUNT:      @reduce 1 0 0 0
; PLACE-LABEL: define {{.*}} @reduce(
; PLACE:       phi i64
; PLACE:       call void @llvm.amdgcn.s.barrier()
; PLACE:       load float, ptr addrspace(3)
; PLACE:       ret void
; GLOBAL: error: in function 'reduce': amdsync-verify: unordered {{RAW|WAR}} hazard on @reduce.s
; RUN: clang-22 -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -emit-llvm -S %S/Inputs/opencl-prelink.cl -o %t.nu.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.nu.ll -disable-output 2>&1 | FileCheck %s --check-prefix=UNIFORM
; UNIFORM: error: in function 'reduce': amdsync-verify: unordered WAR hazard on @reduce.s
