; A loop with a uniform early `break` before a divergent copy-back (Rodinia
; pathfinder, Inputs/pathfinder.cl): the load of prev[W] under one divergent
; branch and the store of prev[tx] under the next are separated by the
; authors' barrier, which every lane reaches. On 359b8e9 the barrier pass
; refused it ("lanes that take different ways of a branch that may diverge
; run them at once"): the region of a divergent branch was read off
; dominators (blocks the branch dominates and its join post-dominates), and
; with the loop's only exit after the join, the rest of the loop body after
; the join counted as inside the branch. The region is walked now.
; Stripped of its barriers and resynchronized, it is accepted on both chips
; at -O1 and -O3, checked, and executes one barrier fewer than the authors'
; (the execution oracle counts them: 7 against 8 for 4 iterations): the
; index proofs see that after the last step each lane reads only its own
; result[tx], so the barrier of that step goes after the `break`.
; RUN: for c in gfx942 gfx1201; do for o in O1 O3; do \
; RUN:   clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=$c -nogpulib -$o -emit-llvm -S %S/Inputs/pathfinder.cl -o %t.$c.$o.cl.ll && \
; RUN:   opt -passes=internalize,globaldce -internalize-public-api-list=pathfinder %t.$c.$o.cl.ll -S -o %t.$c.$o.ll && \
; RUN:   %opt-amdsync -passes="amdsync-verify<target=$c>" %t.$c.$o.ll -disable-output && \
; RUN:   %opt-amdsync -passes="amdsync-lds-barriers<target=$c;existing=replace>,amdsync-verify<target=$c>" %t.$c.$o.ll -S -o %t.$c.$o.sync.ll && \
; RUN:   %amdsync-exec %t.$c.$o.sync.ll --kernel=pathfinder --args=4,200,0,4 --schedules=2 --waw=off | grep -qx 'amdsync-exec: pathfinder: clean barriers=7 wave-barriers=0 schedules=2' && \
; RUN:   llc -mtriple=amdgcn-amd-amdhsa -mcpu=$c %t.$c.$o.sync.ll -o /dev/null || exit 1; done; done
