; Hostile inputs a review of the relation, join and no-wrap rules wrote
; (docs/design.md 2b and 7): each broke one of them when it was first
; built, and each is now refused or synchronized clean, as the build before
; those rules did.
; - Inputs/hostile-cont-header.ll: lanes that skip round a loop header and
;   lanes that wait at the branch's post-dominator meet at that header (a
;   join the post-dominator enters): %i is divergent, the exit test on it
;   too, so no barrier may stand there.
; - Inputs/hostile-join-after-ipdom.ll (a third review): the same with a
;   block between the post-dominator and the header: lanes that reached
;   the post-dominator come round to the header without a new instance of
;   the branch, so the header is a join however they get there.
; - Inputs/hostile-cont-header-symbol.ll: the same join gives a counting
;   phi different values in two lanes: no symbol, the store pair is refused.
; - Inputs/hostile-rel-inner-reset-guard.ll: a bound by the counter of a
;   loop *inside* the bounded one (it starts again each round) is no
;   relation.
; - Inputs/hostile-rel-dowhile.ll: a do-while inner loop runs once with
;   j = 0 when i = 0: the relation is j <= i, not j <= i - 1.
; - Inputs/hostile-ne-nsw-start-above.ll: `x != 3` with `nsw` and another
;   exit: x starts above 3 and leaves by the other exit; no bound.
; - Inputs/hostile-key-guard-merge.ll (a second review, a checker bug older
;   than this work): two stores of one key under `t < s`, one also under
;   `t < 4`; the translation's threads keep one bound of the two, the
;   checker's guards both, and its sets let the narrower store stand for
;   the wider: the checker must key its entries by its own guards too.
;
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %S/Inputs/hostile-cont-header.ll -disable-output 2>&1 | FileCheck %s --check-prefix=JOIN
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %S/Inputs/hostile-cont-header-symbol.ll -disable-output 2>&1 | FileCheck %s --check-prefix=JOIN
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %S/Inputs/hostile-join-after-ipdom.ll -disable-output 2>&1 | FileCheck %s --check-prefix=JOIN
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %S/Inputs/hostile-rel-inner-reset-guard.ll -S -o %t.reset.ll
; RUN: %amdsync-exec %t.reset.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=CLEAN
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %S/Inputs/hostile-rel-dowhile.ll -S -o %t.dowhile.ll
; RUN: %amdsync-exec %t.dowhile.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=CLEAN
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %S/Inputs/hostile-ne-nsw-start-above.ll -S -o %t.ne.ll
; RUN: %amdsync-exec %t.ne.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=CLEAN
; RUN: awk -f %S/Inputs/barrier-count.awk %t.ne.ll | FileCheck %s --check-prefix=NE
; Each as written races or hangs: the oracle says so, the checker too.
; RUN: not %amdsync-exec %S/Inputs/hostile-rel-dowhile.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=RACE
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-rel-dowhile.ll -disable-output
; RUN: not %amdsync-exec %S/Inputs/hostile-ne-nsw-start-above.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=RACE
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-ne-nsw-start-above.ll -disable-output

; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/hostile-key-guard-merge.ll -disable-output 2>&1 | FileCheck %s --check-prefix=MERGE
; RUN: not %amdsync-exec %S/Inputs/hostile-key-guard-merge.ll --target=gfx942 --schedules=4 --args=1 | FileCheck %s --check-prefix=RACE
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %S/Inputs/hostile-key-guard-merge.ll -S -o %t.merge.ll
; RUN: %amdsync-exec %t.merge.ll --target=gfx942 --schedules=4 --args=1 | FileCheck %s --check-prefix=CLEAN

; MERGE: error: in function 'k': amdsync-verify: unordered RAW hazard on @lds
; JOIN: error: in function 'k': amdsync: cannot order
; CLEAN: amdsync-exec: k: clean
; NE: @k 1 0 0 0
; RACE: race: k:
