; A review of the -O0 rules with hostile inputs (issue 22): a helper that
; reads through an address space 4 pointer its caller made from an LDS
; address. A memory-free helper (a call of it no access) and a uniform
; one (rule 6: its result uniform) may read constant memory only where the
; address is the dispatch packet's, the kernel arguments' or a constant
; global's (translate.c dispatchConstant); on the first version of the
; rules any address space 4 pointer passed, and each kernel here was
; accepted: the read was lost (a race) and its value taken as uniform (a
; hang).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-as4-helper-read.ll -disable-output 2>&1 | FileCheck %s --check-prefix=READ
; RUN: not %amdsync-exec %S/Inputs/hostile-as4-helper-read.ll --kernel=k --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=RACE
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-as4-helper-read.ll -S -o %t.1.ll
; RUN: %amdsync-exec %t.1.ll --kernel=k --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=CLEAN
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-as4-helper-uniform.ll -disable-output 2>&1 | FileCheck %s --check-prefix=HANG
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-as4-helper-uniform.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REFUSED
; RUN: not %amdsync-exec %S/Inputs/hostile-as4-helper-uniform.ll --kernel=k --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=XHANG
; The same from HIP at -O0 (__syncthreads a barrier helper):
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-as4-helper-hip.ll -disable-output 2>&1 | FileCheck %s --check-prefix=HANG
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-as4-helper-hip.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REFUSED

; A load through an address space 4 cast of a global that lanes write is
; no uniform value in a kernel either (the same reviewer's rule, older:
; any address space 4 load was uniform).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-as4-global.ll -disable-output 2>&1 | FileCheck %s --check-prefix=HANG
; RUN: not %amdsync-exec %S/Inputs/hostile-as4-global.ll --kernel=k --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=XHANG

; READ: error: in function 'k': amdsync-verify: unordered RAW hazard on @buf
; RACE: race: k:
; CLEAN: k: clean barriers=1
; HANG: amdsync-verify: barrier in control flow that may diverge within the workgroup
; REFUSED: amdsync: existing barrier in control flow that may diverge within the workgroup
; XHANG: hang
