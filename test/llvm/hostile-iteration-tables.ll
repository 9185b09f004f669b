; Three unsound acceptances a hostile review found in the iteration tables
; and case splits on the day they were built (each input in Inputs/, kernel
; @k, 256 lanes); each races in the oracle, and each was accepted:
; - hostile-table-temporal.ll: lanes leave a loop of known counters by a
;   divergent break (`lid == off`) and after it address s[lid + off]: each
;   lane holds the value it left with, so `off` is no symbol there (rule 4
;   of the uniformity analysis, amdsyncLlvmTemporal; the older counting
;   phi's symbol had the same hole). The checker now reports the RAW pair,
;   and the pass orders it (the store's own write of one byte by two lanes
;   remains: no barrier orders one instruction's lanes, so the oracle runs
;   the output with --waw=off).
; - hostile-table-sext-i1.ll: `k - sext(icmp ne k, -100)` is k + 1; the
;   table's simulation read i1 true as +1 in the sign extension and found
;   one iteration where there are three.
; - hostile-table-symbol-in-case.ll and hostile-table-slot-in-case.ll: an
;   inner counter whose start is the outer table's counter got its symbol
;   (or -O0 slot counter) made while one row's constants were in place, so
;   row 0's range stood for every row.
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-table-temporal.ll -disable-output 2>&1 | FileCheck %s --check-prefix=TEMPORAL
; RUN: not %amdsync-exec %S/Inputs/hostile-table-temporal.ll --target=gfx942 --kernel=k --block=256 --schedules=8 --waw=off | FileCheck %s --check-prefix=RACE
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-table-temporal.ll -S -o %t.temporal.ll
; RUN: %amdsync-exec %t.temporal.ll --target=gfx942 --kernel=k --block=256 --schedules=8 --waw=off | FileCheck %s --check-prefix=CLEAN
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-table-sext-i1.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REPORTED
; RUN: not %amdsync-exec %S/Inputs/hostile-table-sext-i1.ll --target=gfx942 --kernel=k --block=256 --schedules=8 | FileCheck %s --check-prefix=RACE
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-table-sext-i1.ll -S -o %t.sext.ll
; RUN: %amdsync-exec %t.sext.ll --target=gfx942 --kernel=k --block=256 --schedules=8 | FileCheck %s --check-prefix=CLEAN
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>' %S/Inputs/hostile-table-sext-i1.ll -S -o %t.sext12.ll
; RUN: %amdsync-exec %t.sext12.ll --target=gfx1201 --kernel=k --block=256 --schedules=8 | FileCheck %s --check-prefix=CLEAN
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-table-symbol-in-case.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REPORTED
; RUN: not %amdsync-exec %S/Inputs/hostile-table-symbol-in-case.ll --target=gfx942 --kernel=k --block=256 --schedules=8 | FileCheck %s --check-prefix=RACE
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-table-symbol-in-case.ll -S -o %t.sym.ll
; RUN: %amdsync-exec %t.sym.ll --target=gfx942 --kernel=k --block=256 --schedules=8 | FileCheck %s --check-prefix=CLEAN
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-table-slot-in-case.ll -disable-output 2>&1 | FileCheck %s --check-prefix=REPORTED
; RUN: not %amdsync-exec %S/Inputs/hostile-table-slot-in-case.ll --target=gfx942 --kernel=k --block=256 --schedules=8 | FileCheck %s --check-prefix=RACE
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/hostile-table-slot-in-case.ll -S -o %t.slot.ll
; RUN: %amdsync-exec %t.slot.ll --target=gfx942 --kernel=k --block=256 --schedules=8 | FileCheck %s --check-prefix=CLEAN

; TEMPORAL: error: in function 'k': amdsync-verify: unordered RAW hazard on @s
; REPORTED: error: in function 'k': amdsync-verify: unordered RAW hazard on @s
; RACE: race: k:
; CLEAN: amdsync-exec: k: clean
