; A bitonic sort's partner `lid ^ j` (test/opencl/bitonic.cl): in each
; row of the table of its nested loops (k = 2, 4, ..., 256, then j from
; k / 2 down to 1: 36 rows, iterations.c's tables of a loop inside a loop
; that has one) j is a power of two, and past the guard `partner > lid`
; bit j of lid is clear, so the partner is lid + j (pointers.c xorForm)
; and the lanes that pass are those with lid mod 2j below j (bitGuard, a
; residue guard per row). Each stage's lanes then touch disjoint pairs:
; the checker accepts the authors' barriers (it rejected them before) and
; the barrier pass places one per stage, at its top, plus one before the
; final read: 37 executed, as the authors' (the pass refused the kernel
; before: a barrier inside the divergent exchange).
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -mllvm -amdsync-ep=off -I%S/../opencl -emit-llvm -S %S/../opencl/bitonic.cl -o %t.3.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.3.ll -disable-output
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.3.ll -S -o %t.3.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.3.out.ll -disable-output
; RUN: %amdsync-exec %t.3.out.ll --kernel=bitonic --schedules=2 | FileCheck %s --check-prefix=OURS
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -mllvm -amdsync-ep=off -I%S/../opencl -emit-llvm -S %S/../opencl/bitonic.cl -o %t.1.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.1.ll -S -o %t.1.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.1.out.ll -disable-output
; RUN: %amdsync-exec %t.1.out.ll --kernel=bitonic --schedules=2 | FileCheck %s --check-prefix=OURS
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.1.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TRACE
; In the machine code: at the top of each stage the LDS wait and the
; s_barrier, then the exchange's two reads and two writes with no barrier
; between; one barrier after the loops, before the final read.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.1.out.ll -o - 2>/dev/null | FileCheck %s --check-prefix=ISA
;
; Inputs/bitonic-variants.cl: stages that are not race-free. WRONG_BIT's
; guard tests bit 2j: the pass refuses it (its barrier would stand in the
; divergent exchange). READ_FIRST reads the partner before the guard: the
; pass orders it with a second barrier per stage (73 executed). In
; lane0_guard and upper_xor a few lanes write past a bit test what every
; lane reads next: taking the test for the other bit (lane0_guard) or the
; partner for the other neighbour (upper_xor) leaves that pair apart, and
; the pass's output races (each checked once).
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -mllvm -amdsync-ep=off -DWRONG_BIT=1 -I%S/../opencl -emit-llvm -S %S/Inputs/bitonic-variants.cl -o %t.w.ll
; RUN: not %amdsync-exec %t.w.ll --kernel=bitonic_variant --schedules=2 | FileCheck %s --check-prefix=RACE
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.w.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.w.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REFUSE
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -mllvm -amdsync-ep=off -DREAD_FIRST=1 -I%S/../opencl -emit-llvm -S %S/Inputs/bitonic-variants.cl -o %t.r.ll
; RUN: not %amdsync-exec %t.r.ll --kernel=bitonic_variant --schedules=2 | FileCheck %s --check-prefix=RACE
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.r.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.r.ll -S -o %t.r.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.r.out.ll -disable-output
; RUN: %amdsync-exec %t.r.out.ll --kernel=bitonic_variant --schedules=2 | FileCheck %s --check-prefix=READ-FIRST
; RUN: not %amdsync-exec %t.r.ll --kernel=lane0_guard --args=1 --schedules=2 | FileCheck %s --check-prefix=RACE-LANE0
; RUN: not %amdsync-exec %t.r.ll --kernel=upper_xor --args=0 --schedules=2 | FileCheck %s --check-prefix=RACE-UPPER
; RUN: %amdsync-exec %t.r.out.ll --kernel=lane0_guard --args=1 --schedules=2 | FileCheck %s --check-prefix=CLEAN-LANE0
; RUN: %amdsync-exec %t.r.out.ll --kernel=upper_xor --args=0 --schedules=2 | FileCheck %s --check-prefix=CLEAN-UPPER
; RUN: %amdsync-exec %t.r.out.ll --kernel=upper_xor --args=1 --schedules=2 | FileCheck %s --check-prefix=CLEAN-UPPER

; OURS: amdsync-exec: bitonic: clean barriers=37
; TRACE: 4 byte(s) at @bitonic.v + 4*tid.x + 4, ..., 4*tid.x + 4 (36 iterations, s{{[0-9]+}})
; ISA-LABEL: bitonic:
; ISA: ds_write_b32
; ISA: This Inner Loop Header
; ISA: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA-NOT: s_barrier
; ISA: ds_read_b32
; ISA-NEXT: ds_read_b32
; ISA-NOT: s_barrier
; ISA: ds_write_b32
; ISA-NEXT: ds_write_b32
; ISA-NOT: s_barrier
; ISA: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA-NEXT: ds_read_b32
; ISA-NOT: s_barrier
; ISA: s_endpgm
; RACE: race: bitonic_variant:
; REJECT: error: in function 'bitonic_variant': amdsync-verify: unordered {{RAW|WAR|WAW}} hazard on @bitonic_variant.v
; REFUSE: amdsync: cannot order {{RAW|WAR|WAW}} hazard on @bitonic_variant.v: every position between
; READ-FIRST: amdsync-exec: bitonic_variant: clean barriers=73
; RACE-LANE0: race: lane0_guard:
; RACE-UPPER: race: upper_xor:
; CLEAN-LANE0: amdsync-exec: lane0_guard: clean barriers=2
; CLEAN-UPPER: amdsync-exec: upper_xor: clean barriers=2
