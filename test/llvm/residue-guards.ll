; Residue guards (AmdsyncGuard.mod) and guards of one iteration
; (AmdsyncGuard.case_var): the interleaved tree reduction
; (Inputs/interleaved-reduce.cl, Harris 2007's first kernel) guards step k
; with `tid % (2k) == 0`, which clang -O1 writes `and (2k - 1), tid == 0`
; in a loop of known counters (k = 1, 2, ..., 128: an iteration table),
; and -O3 unrolls into eight steps of constant masks. Each step's lanes
; touch disjoint pairs (tid = 0 mod 2k reads tid + k, which is k mod 2k):
; the checker accepts the authors' barriers, and the barrier pass, which
; refused the step before (a barrier inside the divergent `if`), places
; one per step: 8 executed against the authors' 9 (after the last step
; lane 0 reads its own slot). Both, at -O1 and -O3. @from_one is the
; shape rodinia's backprop writes (k from 1, `tid % k == 0`, the element
; k/2 above): its first step's guard holds for every lane and so bounds
; nothing, and the later steps' guards must be made all the same (a
; shortcut that stopped at a first row without a guard refused it): 9
; executed against the authors' 10.
;
; With -DFAR=1 each active lane reads tid + 2k, the slot the next active
; lane writes in the same step: the oracle finds the race in the authors'
; version, the checker reports it, and the barrier pass refuses the step.
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -mllvm -amdsync-ep=off -I%S/../opencl -emit-llvm -S %S/Inputs/interleaved-reduce.cl -o %t.1.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.1.ll -disable-output
; RUN: %amdsync-exec %t.1.ll --kernel=interleaved --schedules=4 | FileCheck %s --check-prefix=AUTHORS
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.1.ll -S -o %t.1.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.1.out.ll -disable-output
; RUN: %amdsync-exec %t.1.out.ll --kernel=interleaved --schedules=4 | FileCheck %s --check-prefix=OURS
; In the machine code, the stores before the loop, then at the top of
; each step the LDS wait and the s_barrier, before the divergent step's
; reads and write; no barrier after the loop (lane 0 reads its own slot).
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.1.out.ll -o - 2>/dev/null | FileCheck %s --check-prefix=ISA
; RUN: %amdsync-exec %t.1.out.ll --kernel=from_one --schedules=4 | FileCheck %s --check-prefix=FROM-ONE
; RUN: %amdsync-exec %t.1.ll --kernel=from_one --schedules=4 | FileCheck %s --check-prefix=FROM-ONE-AUTHORS
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.1.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TRACE
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -mllvm -amdsync-ep=off -I%S/../opencl -emit-llvm -S %S/Inputs/interleaved-reduce.cl -o %t.3.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.3.ll -disable-output
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.3.ll -S -o %t.3.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.3.out.ll -disable-output
; RUN: %amdsync-exec %t.3.out.ll --kernel=interleaved --schedules=4 | FileCheck %s --check-prefix=OURS
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O1 -mllvm -amdsync-ep=off -I%S/../opencl -emit-llvm -S %S/Inputs/interleaved-reduce.cl -o %t.12.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201;existing=replace>' %t.12.ll -S -o %t.12.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.12.out.ll -disable-output
; RUN: %amdsync-exec %t.12.out.ll --kernel=interleaved --schedules=4 | FileCheck %s --check-prefix=OURS
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -mllvm -amdsync-ep=off -DFAR=1 -I%S/../opencl -emit-llvm -S %S/Inputs/interleaved-reduce.cl -o %t.far.ll
; RUN: not %amdsync-exec %t.far.ll --kernel=interleaved --schedules=4 | FileCheck %s --check-prefix=RACE
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.far.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.far.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REFUSE
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -mllvm -amdsync-ep=off -DFAR=1 -I%S/../opencl -emit-llvm -S %S/Inputs/interleaved-reduce.cl -o %t.far3.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.far3.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.far3.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REFUSE

; AUTHORS: amdsync-exec: interleaved: clean barriers=9
; FROM-ONE-AUTHORS: amdsync-exec: from_one: clean barriers=10
; FROM-ONE: amdsync-exec: from_one: clean barriers=9
; OURS: amdsync-exec: interleaved: clean barriers=8
; ISA-LABEL: interleaved:
; ISA: ds_write2st64_b32
; ISA: Loop Header
; ISA: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA: s_cbranch_execz
; ISA: ds_read_b32
; ISA: ds_read_b32
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: s_endpgm
; TRACE: 4 byte(s) at @interleaved.s + 4*tid.x + 4, ..., 4*tid.x + 512 (8 iterations, s{{[0-9]+}})
; RACE: race: interleaved:
; REJECT: error: in function 'interleaved': amdsync-verify: unordered {{RAW|WAR}} hazard on @interleaved.s
; REFUSE: error: in function 'interleaved': amdsync: cannot order {{RAW|WAR}} hazard on @interleaved.s: every position between
