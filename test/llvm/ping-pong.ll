; Ping-pong buffers (pointers.c: groups of LDS globals, selectForm,
; phiForm, swapForm). Inputs/ping-pong.cl's two Hillis-Steele scans read
; one __local array and write the other in each step, choosing them by a
; flag (ArrayFire's scan_first.cl) or by swapping two pointers (a GEMM's
; double buffer). The two arrays are one resource, laid out one after the
; other (l_val0 at 0, l_val1 at 1024), and the chosen array's offset is a
; form over the flag: the step's reads and write are apart, so one barrier
; per step orders everything. The checker accepts the authors' barriers
; (it reported a WAR hazard on "unknown memory" before), and the barrier
; pass places one per step, 8 executed against the authors' 9 (theirs
; after the last step orders nothing), at -O1 and -O3, on gfx942 and
; gfx1201. Before, the pointer had no one root: 16 barriers, one more in
; each step between the read and the write.
;
; With -DDESYNC=1 one swap is skipped while the flag (or the other pointer)
; flips: the next step reads and writes one array. The oracle finds the
; race in the authors' version, the checker rejects it, and the pass's
; output is clean.
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -mllvm -amdsync-ep=off -I%S/../opencl -emit-llvm -S %S/Inputs/ping-pong.cl -o %t.1.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.1.ll -disable-output
; RUN: %amdsync-exec %t.1.ll --kernel=flag_scan --schedules=4 | FileCheck %s --check-prefix=AUTHORS-FLAG
; RUN: %amdsync-exec %t.1.ll --kernel=swap_scan --schedules=4 | FileCheck %s --check-prefix=AUTHORS-SWAP
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.1.ll -S -o %t.1.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.1.out.ll -disable-output
; RUN: %amdsync-exec %t.1.out.ll --kernel=flag_scan --schedules=4 | FileCheck %s --check-prefix=OURS-FLAG
; RUN: %amdsync-exec %t.1.out.ll --kernel=swap_scan --schedules=4 | FileCheck %s --check-prefix=OURS-SWAP
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.1.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TRACE
; In the machine code, one s_barrier: at the top of each step, after the
; LDS wait, before the step's read; the step's write (in the latch block,
; which llc lays out before the header) follows the read with no barrier
; between.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.1.out.ll -o - 2>/dev/null | FileCheck %s --check-prefix=ISA
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -mllvm -amdsync-ep=off -I%S/../opencl -emit-llvm -S %S/Inputs/ping-pong.cl -o %t.3.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.3.ll -disable-output
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.3.ll -S -o %t.3.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.3.out.ll -disable-output
; RUN: %amdsync-exec %t.3.out.ll --kernel=flag_scan --schedules=4 | FileCheck %s --check-prefix=OURS-FLAG
; RUN: %amdsync-exec %t.3.out.ll --kernel=swap_scan --schedules=4 | FileCheck %s --check-prefix=OURS-SWAP
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1201 -nogpulib -O1 -mllvm -amdsync-ep=off -I%S/../opencl -emit-llvm -S %S/Inputs/ping-pong.cl -o %t.12.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.12.ll -disable-output
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201;existing=replace>' %t.12.ll -S -o %t.12.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.12.out.ll -disable-output
; RUN: %amdsync-exec %t.12.out.ll --kernel=flag_scan --schedules=4 | FileCheck %s --check-prefix=OURS-FLAG
; RUN: %amdsync-exec %t.12.out.ll --kernel=swap_scan --schedules=4 | FileCheck %s --check-prefix=OURS-SWAP
;
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O1 -mllvm -amdsync-ep=off -DDESYNC=1 -I%S/../opencl -emit-llvm -S %S/Inputs/ping-pong.cl -o %t.d.ll
; RUN: not %amdsync-exec %t.d.ll --kernel=flag_scan --schedules=4 | FileCheck %s --check-prefix=RACE-FLAG
; RUN: not %amdsync-exec %t.d.ll --kernel=swap_scan --schedules=4 | FileCheck %s --check-prefix=RACE-SWAP
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.d.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.d.ll -S -o %t.d.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.d.out.ll -disable-output
; RUN: %amdsync-exec %t.d.out.ll --kernel=flag_scan --schedules=4 | FileCheck %s --check-prefix=CLEAN-FLAG
; RUN: %amdsync-exec %t.d.out.ll --kernel=swap_scan --schedules=4 | FileCheck %s --check-prefix=CLEAN-SWAP
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O3 -mllvm -amdsync-ep=off -DDESYNC=1 -I%S/../opencl -emit-llvm -S %S/Inputs/ping-pong.cl -o %t.d3.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.d3.ll -S -o %t.d3.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.d3.out.ll -disable-output
; RUN: %amdsync-exec %t.d3.out.ll --kernel=flag_scan --schedules=4 | FileCheck %s --check-prefix=CLEAN-FLAG
; RUN: %amdsync-exec %t.d3.out.ll --kernel=swap_scan --schedules=4 | FileCheck %s --check-prefix=CLEAN-SWAP
;
; Inputs/ping-pong-hostile.ll: shapes that must not be taken for a ping-pong
; pair. Each races as written (no barrier); the pass's output is clean.
; @nested_select reads through `select c, a, (select d, b, a)`: the trace
; of its roots met a, b, a and kept a alone (an old bug: the checker
; accepted the race and the pass placed no barrier). @third_edge's third
; edge breaks the flag's coupling, @swap_reset's reset edge the swap's.
; RUN: not %amdsync-exec --target=gfx942 %S/Inputs/ping-pong-hostile.ll --kernel=nested_select --args=0,1 --schedules=4 | FileCheck %s --check-prefix=RACE-NESTED
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/ping-pong-hostile.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT-NESTED
; RUN: not %amdsync-exec --target=gfx942 %S/Inputs/ping-pong-hostile.ll --kernel=third_edge --args=4 --schedules=4 | FileCheck %s --check-prefix=RACE-THIRD
; RUN: not %amdsync-exec --target=gfx942 %S/Inputs/ping-pong-hostile.ll --kernel=swap_reset --args=4 --schedules=4 | FileCheck %s --check-prefix=RACE-RESET
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/ping-pong-hostile.ll -S -o %t.h.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.h.ll -disable-output
; RUN: %amdsync-exec --target=gfx942 %t.h.ll --kernel=nested_select --args=0,1 --schedules=4 | FileCheck %s --check-prefix=CLEAN-NESTED
; RUN: %amdsync-exec --target=gfx942 %t.h.ll --kernel=third_edge --args=4 --schedules=4 | FileCheck %s --check-prefix=CLEAN-THIRD
; RUN: %amdsync-exec --target=gfx942 %t.h.ll --kernel=swap_reset --args=4 --schedules=4 | FileCheck %s --check-prefix=CLEAN-RESET
; RUN: env AMDSYNC_TRACE=index %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/ping-pong-hostile.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TRACE-HOSTILE

; AUTHORS-FLAG: amdsync-exec: flag_scan: clean barriers=9
; AUTHORS-SWAP: amdsync-exec: swap_scan: clean barriers=9
; OURS-FLAG: amdsync-exec: flag_scan: clean barriers=8
; OURS-SWAP: amdsync-exec: swap_scan: clean barriers=8
; TRACE: 4 byte(s) at @flag_scan.l_val0 | @flag_scan.l_val1 + 4*tid.x{{$}}
; TRACE-NEXT: 4 byte(s) at @flag_scan.l_val0 | @flag_scan.l_val1 + 4*tid.x + 1024*s[[F:[0-9]+]] + -4, ..., 4*tid.x + 1024*s[[F]] + -512 (8 iterations, s{{[0-9]+}})
; TRACE-NEXT: 4 byte(s) at @flag_scan.l_val0 | @flag_scan.l_val1 + 4*tid.x + -1024*s[[F]] + 1024{{$}}
; TRACE: 4 byte(s) at @swap_scan.a | @swap_scan.b + 4*tid.x{{$}}
; TRACE-NEXT: 4 byte(s) at @swap_scan.a | @swap_scan.b + 4*tid.x + 1024*s[[P:[0-9]+]] + -4, ..., 4*tid.x + 1024*s[[P]] + -512 (8 iterations, s{{[0-9]+}})
; TRACE-NEXT: 4 byte(s) at @swap_scan.a | @swap_scan.b + 4*tid.x + -1024*s[[P]] + 1024{{$}}
; ISA-LABEL: flag_scan:
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: Inner Loop Header
; ISA: s_waitcnt lgkmcnt(0)
; ISA-NEXT: s_barrier
; ISA-NOT: s_barrier
; ISA: ds_read_b32
; ISA-NOT: s_barrier
; ISA: s_endpgm
; RACE-FLAG: race: flag_scan:
; RACE-SWAP: race: swap_scan:
; REJECT: error: in function 'flag_scan': amdsync-verify: unordered {{RAW|WAR}} hazard on @flag_scan.l_val0 | @flag_scan.l_val1
; REJECT: error: in function 'swap_scan': amdsync-verify: unordered {{RAW|WAR}} hazard on @swap_scan.a | @swap_scan.b
; CLEAN-FLAG: amdsync-exec: flag_scan: clean
; CLEAN-SWAP: amdsync-exec: swap_scan: clean
; RACE-NESTED: race: nested_select:
; REJECT-NESTED: error: in function 'nested_select': amdsync-verify: unordered RAW hazard on @a | @b
; RACE-THIRD: race: third_edge:
; RACE-RESET: race: swap_reset:
; CLEAN-NESTED: amdsync-exec: nested_select: clean barriers=1
; CLEAN-THIRD: amdsync-exec: third_edge: clean
; CLEAN-RESET: amdsync-exec: swap_reset: clean
; TRACE-HOSTILE: %pw: 4 byte(s) at @a | @b + 4*tid.x + -1024*s{{[0-9]+}} + 1024
; TRACE-HOSTILE-NEXT: %pr: 4 byte(s) at unknown
; TRACE-HOSTILE: %pw: 4 byte(s) at unknown
; TRACE-HOSTILE-NEXT: %pr: 4 byte(s) at unknown
