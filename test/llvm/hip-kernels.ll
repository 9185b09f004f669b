; HIP kernels compiled by clang-22 (-x hip --offload-device-only -nogpulib
; -nogpuinc, test/hip/hip_prelude.h for the runtime header), checked by the
; LLVM IR checker and re-synchronized with existing=replace. HIP's
; __syncthreads fences all memory at workgroup scope, so existing=replace
; keeps it (nothing to do); -DHIP_LOCAL_FENCES spells it with LDS-only
; fences, which amdsync removes and places again.
; Tiled matmul (two barriers per tile loop iteration, bound a kernel
; argument), shared-memory histogram (LDS atomics), a block sum (ds_bpermute
; shuffles, lane 0 of each wave writes its partial), helpers with noinline
; and a __device__ function with its own __shared__ array: clean as written
; and after replacement; llc compiles them.
; RUN: for k in matmul atomics warp helper; do for c in gfx942 gfx1201; do for o in O1 O3; do \
; RUN:   clang-22 -x hip --offload-arch=$c --offload-device-only -nogpulib -nogpuinc -$o -emit-llvm -S -I%S/../hip -DHIP_LOCAL_FENCES %S/../hip/$k.hip -o %t.$k.$c.$o.ll && \
; RUN:   %opt-amdsync -passes="amdsync-verify<target=$c>" %t.$k.$c.$o.ll -disable-output && \
; RUN:   %opt-amdsync -passes="amdsync-lds-barriers<target=$c;existing=replace>,amdsync-verify<target=$c>" %t.$k.$c.$o.ll -S -o %t.$k.$c.$o.sync.ll && \
; RUN:   llc -mtriple=amdgcn-amd-amdhsa -mcpu=$c %t.$k.$c.$o.sync.ll -o /dev/null || exit 1; done; done; done
; Tiled transpose (2-D, bounds-checked loads) states no workgroup size: its
; fill tile[threadIdx.y + j][threadIdx.x], j = 0, 8, 16, 24, has lanes
; (x, 8) and (x, 0) write one element at j = 0 and j = 8 in a block of 16
; rows, a write/write hazard with both indices known. The checker rejects
; it as written; at -O1 the barrier pass orders the fill's iterations, at
; -O3 (the unrolled stores all under the divergent x < w) it refuses, with
; the index analysis's reason.
; RUN: clang-22 -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O1 -emit-llvm -S -I%S/../hip -DHIP_LOCAL_FENCES %S/../hip/transpose.hip -o %t.tr.O1.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.tr.O1.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TR-VERIFY
; TR-VERIFY: error: in function '_Z9transposePfPKfii': amdsync-verify: unordered WAW hazard on @_ZZ9transposePfPKfiiE4tile
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace;summary>,amdsync-verify<target=gfx942>' %t.tr.O1.ll -S -o %t.tr.O1.sync.ll 2>&1 | FileCheck %s --check-prefix=TR-O1
; TR-O1: inserted 2 barrier(s)
; RUN: clang-22 -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O3 -emit-llvm -S -I%S/../hip -DHIP_LOCAL_FENCES %S/../hip/transpose.hip -o %t.tr.O3.ll
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace>' %t.tr.O3.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TR-O3
; TR-O3: error: in function '_Z9transposePfPKfii': amdsync: cannot order WAW hazard on @_ZZ9transposePfPKfiiE4tile: every position between {{.*}} is in control flow that may diverge within the workgroup (a barrier there could hang); their offsets @_ZZ9transposePfPKfiiE4tile + 4*tid.x + 132*tid.y{{.*}} may meet across lanes

; The ROCm spelling (fences on all memory): clean, kept.
; RUN: clang-22 -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O1 -emit-llvm -S -I%S/../hip %S/../hip/matmul.hip -o %t.rocm.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace;summary>,amdsync-verify<target=gfx942>' %t.rocm.ll -disable-output 2>&1 | FileCheck %s --check-prefix=KEPT
; KEPT: inserted 0 barrier(s), {{.*}}; removed 0 LDS-only barrier(s)

; __launch_bounds__(64): one wave on gfx942 (wave64): an ordering point, no
; s_barrier; two waves on gfx1201 (wave32): a split barrier.
; RUN: clang-22 -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O1 -emit-llvm -S -I%S/../hip -DHIP_LOCAL_FENCES %S/../hip/lb64.hip -o %t.lb.942.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace;summary>,amdsync-verify<target=gfx942>' %t.lb.942.ll -S -o %t.lb.942.sync.ll 2>&1 | FileCheck %s --check-prefix=LB942
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.lb.942.sync.ll -o - | FileCheck %s --check-prefix=ISA942
; LB942: inserted 0 barrier(s), 1 ordering point(s)
; ISA942-NOT: s_barrier
; ISA942: wave barrier
; ISA942-NOT: s_barrier
; RUN: clang-22 -x hip --offload-arch=gfx1201 --offload-device-only -nogpulib -nogpuinc -O1 -emit-llvm -S -I%S/../hip -DHIP_LOCAL_FENCES %S/../hip/lb64.hip -o %t.lb.1201.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201;existing=replace;summary>,amdsync-verify<target=gfx1201>' %t.lb.1201.ll -S -o %t.lb.1201.sync.ll 2>&1 | FileCheck %s --check-prefix=LB1201
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 %t.lb.1201.sync.ll -o - | FileCheck %s --check-prefix=ISA1201
; LB1201: inserted 0 barrier(s), 0 ordering point(s), 1 signal(s), 1 wait(s)
; ISA1201: s_barrier_signal -1
; ISA1201: s_barrier_wait -1

; Early return of out-of-range threads before a loop with __syncthreads
; (smooth_bad): both barriers rejected as divergent, and the barrier pass
; refuses; the fixed kernel (smooth_ok) has no divergent barrier. (Both
; state no workgroup size, so their stores s[t] also race across rows of a
; two-dimensional block: write/write errors, test/hip/expected.txt.)
; RUN: clang-22 -x hip --offload-arch=gfx942 --offload-device-only -nogpulib -nogpuinc -O1 -emit-llvm -S -I%S/../hip %S/../hip/earlyret.hip -o %t.er.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.er.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ER
; ER-COUNT-2: error: in function '_Z10smooth_badPfPKfii': amdsync-verify: barrier in control flow that may diverge
; ER-NOT: error: in function '_Z9smooth_okPfPKfii': amdsync-verify: barrier
