; Irreducible loops: a cycle entered at two (or three) blocks, none of
; which dominates the others. With uniform entry and exit conditions the
; barrier pass orders the RAW inside the cycle and the loop-carried WAR
; around it, the checker accepts the result, and a second run changes
; nothing. Lanes that leave an irreducible cycle in different iterations
; make a branch on its counter divergent (the barrier stays before it).
; Entered by a divergent branch (the work-item id), the same cycle is
; divergent control flow: the barrier its hazards need has no legal
; position, an error at the op, and nothing is inserted. A split barrier
; written for one entry only is caught by the checker.
; Functions named err_* (refused) and bad_* (misplaced) are split off
; with llvm-extract.
;
; RUN: llvm-extract --delete --rfunc='^(err|bad)_' %s -S -o %t.ok.ll
; RUN: llvm-extract --rfunc='^err_' %s -S -o %t.err.ll
; RUN: llvm-extract --rfunc='^bad_' %s -S -o %t.bad.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %t.ok.ll -S -o %t.942.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: FileCheck %s < %t.942.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.942.ll | FileCheck %s --check-prefix=COUNT
; A second run on its own output changes nothing.
; RUN: sed 1d %t.942.ll > %t.942.body.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>' %t.942.ll -S -o - 2>%t.942.again | sed 1d | diff - %t.942.body.ll
; RUN: FileCheck %s --check-prefix=AGAIN < %t.942.again
; gfx1201: split barriers; the placement whose signals moved fails the
; alternation check on the cycle (the entry that skips a signal) and falls
; back to signals right before their waits. Also idempotent.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201;summary>,amdsync-verify<target=gfx1201>' %t.ok.ll -S -o %t.1201.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY12
; RUN: FileCheck %s --check-prefix=GFX12 < %t.1201.ll
; RUN: sed 1d %t.1201.ll > %t.1201.body.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>' %t.1201.ll -S -o - | sed 1d | diff - %t.1201.body.ll
; RUN: llc -march=amdgcn -mcpu=gfx942 %t.942.ll -o /dev/null
; Unsynchronized: races.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ok.ll -disable-output 2>&1 | FileCheck %s --check-prefix=RACE
; Divergent entry: refused at the ops, nothing inserted.
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>' -pass-remarks=amdsync %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error: --implicit-check-not='amdsync: barrier orders'
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERRV
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.bad.ll -disable-output 2>&1 | FileCheck %s --check-prefix=BAD

; Two of the seven windows are a store against itself in the next iteration
; (write/write: no workgroup size is stated, so lanes that differ in y write
; one element); the barriers that order the rest order them too.
; SUMMARY: remark: amdsync-lds-barriers: 3 function(s), 5 hazard window(s), 0 already ordered; inserted 5 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 0 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)
; AGAIN: remark: amdsync-lds-barriers: 3 function(s), 5 hazard window(s), 5 already ordered; inserted 0 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 0 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)
; SUMMARY12: remark: amdsync-lds-barriers: 3 function(s), 5 hazard window(s), 0 already ordered; inserted 0 barrier(s), 0 ordering point(s), 5 signal(s), 5 wait(s), 5 fallback(s), 0 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)

; COUNT:      @irreducible 2 0 0 0
; COUNT-NEXT: @three_entries 2 0 0 0
; COUNT-NEXT: @temporal 1 0 0 0
; COUNT-NOT: {{.}}

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

; entry -> %a or %b (uniform: a kernel argument); %a -> %b; %b -> %a or
; exit (uniform: the counter). RAW: the store in %a, the load in %b. WAR:
; the load in %b, the store in %a of the next trip around. Each needs a
; barrier inside the cycle: before the load (covers entry -> %b too) and
; before the store.
; CHECK-LABEL: define amdgpu_kernel void @irreducible(
; CHECK: a:
; CHECK-NEXT: %ia = phi
; CHECK-NEXT: %acca = phi
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL:![0-9]+]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: store float %acca, ptr addrspace(3) %p
; CHECK: b:
; CHECK-NEXT: %ib = phi
; CHECK-NEXT: %accb = phi
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; CHECK: exit:
; GFX12-LABEL: define amdgpu_kernel void @irreducible(
; GFX12: a:
; GFX12: fence syncscope("workgroup") release
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire
; GFX12-NEXT: store float %acca, ptr addrspace(3) %p
; GFX12: b:
; GFX12: fence syncscope("workgroup") release
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire
; GFX12-NEXT: %v = load float, ptr addrspace(3) %q
; GFX12-NOT: s.barrier
; GFX12: ret void
; RACE: error: in function 'irreducible': amdsync-verify: unordered WAR hazard on @lds: a path from '%v = load float, ptr addrspace(3) %q, align 4' reaches this access
; RACE-NEXT: store float %acca, ptr addrspace(3) %p
; RACE: error: in function 'irreducible': amdsync-verify: unordered RAW hazard on @lds: a path from 'store float %acca, ptr addrspace(3) %p, align 4' reaches this access
; RACE-NEXT: %v = load float, ptr addrspace(3) %q
define amdgpu_kernel void @irreducible(float %x, i32 %n, i1 %start, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  br i1 %start, label %a, label %b
a:
  %ia = phi i32 [ 0, %entry ], [ %ib1, %b ]
  %acca = phi float [ 0.0, %entry ], [ %accb1, %b ]
  store float %acca, ptr addrspace(3) %p
  %ia1 = add i32 %ia, 1
  br label %b
b:
  %ib = phi i32 [ 0, %entry ], [ %ia1, %a ]
  %accb = phi float [ %x, %entry ], [ %acca, %a ]
  %v = load float, ptr addrspace(3) %q
  %accb1 = fadd float %accb, %v
  %ib1 = add i32 %ib, 1
  %c = icmp ult i32 %ib1, %n
  br i1 %c, label %a, label %exit
exit:
  store float %accb1, ptr addrspace(1) %out
  ret void
}

; Three entries (a uniform switch) into the cycle %a -> %b -> %c -> %a,
; global work between the accesses.
; CHECK-LABEL: define amdgpu_kernel void @three_entries(
; CHECK: a:
; CHECK-NEXT: %ia = phi
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: store float %x, ptr addrspace(3) %p
; CHECK: b:
; CHECK-NOT: barrier
; CHECK: c:
; CHECK-NEXT: %ic = phi
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; GFX12-LABEL: define amdgpu_kernel void @three_entries(
; GFX12: a:
; GFX12: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire
; GFX12-NEXT: store float %x, ptr addrspace(3) %p
; GFX12: b:
; GFX12-NOT: s.barrier
; GFX12: c:
; GFX12: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire
; GFX12-NEXT: %v = load float, ptr addrspace(3) %q
; GFX12-NOT: s.barrier
; GFX12: ret void
; RACE: error: in function 'three_entries': amdsync-verify: unordered WAR hazard on @lds
; RACE: note: amdsync-verify: unordered RAW hazard on @lds
define amdgpu_kernel void @three_entries(float %x, i32 %n, i32 %sel, ptr addrspace(1) %g, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  switch i32 %sel, label %a [ i32 1, label %b
                              i32 2, label %c ]
a:
  %ia = phi i32 [ 0, %entry ], [ %ic1, %c ]
  store float %x, ptr addrspace(3) %p
  %ga = load volatile float, ptr addrspace(1) %g
  br label %b
b:
  %ib = phi i32 [ 0, %entry ], [ %ia, %a ]
  %gb = load volatile float, ptr addrspace(1) %g
  br label %c
c:
  %ic = phi i32 [ 0, %entry ], [ %ib, %b ]
  %v = load float, ptr addrspace(3) %q
  store volatile float %v, ptr addrspace(1) %out
  %ic1 = add i32 %ic, 1
  %k = icmp ult i32 %ic1, %n
  br i1 %k, label %a, label %exit
exit:
  ret void
}

; Uniform entry, divergent exit (the counter against the work-item id):
; after the cycle %ib1 differs between lanes, and so does the branch on
; it. The store before the cycle and the load in %use: the barrier goes
; in %exit before that branch, not in %use.
; CHECK-LABEL: define amdgpu_kernel void @temporal(
; CHECK: store float %x, ptr addrspace(3) %p
; CHECK-NOT: barrier
; CHECK: exit:
; CHECK-NEXT: %k = icmp
; CHECK-NEXT: fence syncscope("workgroup") release, !mmra [[LOCAL]]
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire, !mmra [[LOCAL]]
; CHECK-NEXT: br i1 %k, label %use, label %end
; CHECK: use:
; CHECK-NEXT: %v = load float, ptr addrspace(3) %q
; GFX12-LABEL: define amdgpu_kernel void @temporal(
; GFX12: exit:
; GFX12-NEXT: %k = icmp
; GFX12-NEXT: fence syncscope("workgroup") release
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12-NEXT: fence syncscope("workgroup") acquire
; GFX12-NEXT: br i1 %k, label %use, label %end
; GFX12-NOT: barrier
; GFX12: ret void
; RACE: error: in function 'temporal': amdsync-verify: unordered RAW hazard on @lds
; RACE: error: amdsync-verify: 7 error(s) in 3 function(s)
; CHECK: [[LOCAL]] = !{!"amdgpu-synchronize-as", !"local"}
define amdgpu_kernel void @temporal(float %x, i1 %start, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  store float %x, ptr addrspace(3) %p
  br i1 %start, label %a, label %b
a:
  %ia = phi i32 [ 0, %entry ], [ %ib1, %b ]
  %ia1 = add i32 %ia, 1
  br label %b
b:
  %ib = phi i32 [ 0, %entry ], [ %ia1, %a ]
  %ib1 = add i32 %ib, 1
  %e = icmp ult i32 %ib1, %tid
  br i1 %e, label %a, label %exit
exit:
  %k = icmp ult i32 %ib1, 3
  br i1 %k, label %use, label %end
use:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; @irreducible entered by a branch on the work-item id: lanes run the
; cycle out of step (the counters at %a and %b are phis at the join of
; that branch), so no position inside it is legal. (A one-dimensional
; workgroup: each lane's store is its own element in every iteration.)
; ERR: error: in function 'err_divergent_entry': amdsync: cannot order WAR hazard on @lds: every position between '%v = load float, ptr addrspace(3) %q, align 4' and 'store float %acca, ptr addrspace(3) %p, align 4' is in control flow that may diverge within the workgroup (a barrier there could hang)
; ERR-NEXT: store float %acca, ptr addrspace(3) %p
; ERR-NEXT: note: amdsync: cannot order WAR hazard on @lds: this access conflicts with 'store float %acca, ptr addrspace(3) %p, align 4' and no barrier may be placed between them outside divergent control flow
; ERR-NEXT: %v = load float, ptr addrspace(3) %q
; ERR-NEXT: error: in function 'err_divergent_entry': amdsync: cannot order RAW hazard on @lds: every position between 'store float %acca, ptr addrspace(3) %p, align 4' and '%v = load float, ptr addrspace(3) %q, align 4' is in control flow that may diverge within the workgroup (a barrier there could hang)
; ERR-NEXT: %v = load float, ptr addrspace(3) %q
; ERR-NEXT: note: amdsync: cannot order RAW hazard on @lds: this access conflicts with '%v = load float, ptr addrspace(3) %q, align 4' and no barrier may be placed between them outside divergent control flow
; ERR-NEXT: store float %acca, ptr addrspace(3) %p
; ERR-NEXT: remark: amdsync-lds-barriers: 1 function(s), 2 hazard window(s), 0 already ordered; inserted 0 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s), 0 counter wait(s); completed 0 barrier(s) with fences; removed 0 LDS-only barrier(s)
; ERR-NEXT: error: amdsync-lds-barriers: 2 error(s) in 1 function(s)
; The checker sees the race too (and no barrier to complain about).
; ERRV: error: in function 'err_divergent_entry': amdsync-verify: unordered WAR hazard on @lds
; ERRV: note: amdsync-verify: unordered RAW hazard on @lds
; ERRV: error: amdsync-verify: 2 error(s) in 1 function(s)
define amdgpu_kernel void @err_divergent_entry(float %x, i32 %n, ptr addrspace(1) %out) !reqd_work_group_size !90 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %start = icmp ult i32 %tid, 32
  br i1 %start, label %a, label %b
a:
  %ia = phi i32 [ 0, %entry ], [ %ib1, %b ]
  %acca = phi float [ 0.0, %entry ], [ %accb1, %b ]
  store float %acca, ptr addrspace(3) %p
  %ia1 = add i32 %ia, 1
  br label %b
b:
  %ib = phi i32 [ 0, %entry ], [ %ia1, %a ]
  %accb = phi float [ %x, %entry ], [ %acca, %a ]
  %v = load float, ptr addrspace(3) %q
  %accb1 = fadd float %accb, %v
  %ib1 = add i32 %ib, 1
  %c = icmp ult i32 %ib1, %n
  br i1 %c, label %a, label %exit
exit:
  store float %accb1, ptr addrspace(1) %out
  ret void
}

; gfx1201: the signal after the store in %a, the wait before the load in
; %b. Entered at %b, a wave waits without having signalled; and nothing
; orders the load before the next store.
; BAD: error: in function 'bad_split_one_entry': amdsync-verify: unordered WAR hazard on @lds
; BAD: error: in function 'bad_split_one_entry': amdsync-verify: split barrier wait with no signal before it on some path
; BAD-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; BAD-NEXT: error: amdsync-verify: 2 error(s) in 1 function(s)
define amdgpu_kernel void @bad_split_one_entry(float %x, i32 %n, i1 %start, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  br i1 %start, label %a, label %b
a:
  %ia = phi i32 [ 0, %entry ], [ %ib1, %b ]
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %ia1 = add i32 %ia, 1
  br label %b
b:
  %ib = phi i32 [ 0, %entry ], [ %ia1, %a ]
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  %ib1 = add i32 %ib, 1
  %c = icmp ult i32 %ib1, %n
  br i1 %c, label %a, label %exit
exit:
  ret void
}

!90 = !{i32 128, i32 1, i32 1}
