; A review of the OpenCL entry points (test/llvm/opencl-prelink.ll) found
; three kernels accepted with a race or a hang; each is rejected now.
; - Inputs/hostile-own-builtins.ll: the module defines its own
;   `_Z7barrierj` (an atomic counter, no barrier) and `_Z12get_group_idj`
;   (the lane id): OpenCL's mangled names are taken for built-ins only
;   where the module declares them (amdsyncTrustedCallee), so the first is
;   a call and the second divergent: a race and a barrier under a
;   divergent branch, which the oracle runs (race, hang).
; - Inputs/hostile-folded-start.ll: a halving i8 counter whose start is
;   `add i8 100, 100` (0xC8: the shifts see -56, then 0xE4, ...): a start
;   that folds is its value only below the sign bit.
; - Inputs/hostile-partial-group.ll: OpenCL 2.0's last workgroup may be
;   smaller ("uniform-work-group-size"="false"): get_local_size(0) is then
;   the remainder, not the reqd_work_group_size extent, and a kernel
;   padded by 256 - get_local_size(0) has lane 10 write what lane 66
;   reads in a group of 200.
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-own-builtins.ll -disable-output 2>&1 | FileCheck %s --check-prefix=OWN
; RUN: not %amdsync-exec %S/Inputs/hostile-own-builtins.ll --target=gfx942 --kernel=nobar --schedules=4 | FileCheck %s --check-prefix=OWNRACE
; RUN: not %amdsync-exec %S/Inputs/hostile-own-builtins.ll --target=gfx942 --kernel=hang --schedules=2 | FileCheck %s --check-prefix=OWNHANG
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-folded-start.ll -disable-output 2>&1 | FileCheck %s --check-prefix=FOLD
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-folded-start.ll -S -o %t.fold.ll
; RUN: %amdsync-exec %t.fold.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=FOLDEXEC
; RUN: not %amdsync-exec %S/Inputs/hostile-folded-start.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=FOLDRACE
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-partial-group.ll -disable-output 2>&1 | FileCheck %s --check-prefix=PARTIAL
; A later review: a helper that calls the module's own (defined)
; __ockl_get_local_id, whose body writes LDS or runs a barrier, was taken
; for memory-free through the name; names other than intrinsics count only
; where the module declares them, so the body is analyzed.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-defined-ockl-race.ll -disable-output 2>&1 | FileCheck %s --check-prefix=OCKLRACE
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-defined-ockl-hang.ll -disable-output 2>&1 | FileCheck %s --check-prefix=OCKLHANG
; RUN: not %amdsync-exec %S/Inputs/hostile-defined-ockl-hang.ll --target=gfx942 --block=256 --schedules=2 | FileCheck %s --check-prefix=OCKLHANGX

; OWN-DAG: error: in function 'nobar': amdsync-verify: unordered RAW hazard on @s
; OWN-DAG: error: in function 'hang': amdsync-verify: barrier in control flow that may diverge
; OWNRACE: race: nobar:
; OWNHANG: amdsync-exec: hang: hang
; FOLD: error: in function 'shr8': amdsync-verify: unordered RAW hazard on @s
; FOLDEXEC: amdsync-exec: shr8: clean
; FOLDRACE: race: shr8:
; PARTIAL: error: in function 'align': amdsync-verify: unordered {{RAW|WAR}} hazard on @s
; OCKLRACE: error: in function 'k': amdsync-verify: unordered RAW hazard
; OCKLHANG: error: in function 'k': amdsync-verify: barrier in control flow that may diverge within the workgroup
; OCKLHANGX: hang
