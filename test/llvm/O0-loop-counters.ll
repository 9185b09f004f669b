; A loop counter clang -O0 keeps in a private slot (`for (int s = 128; s >
; 0; s >>= 1)`): one store of a constant before the loop, one that shrinks
; it at the loop's end. mem2reg would make it a phi at the header; the
; index forms make it the same symbol (pointers.c slotSymbol), so the tree
; reduction at -O0 is proven as at -O1: @halving is accepted with one
; barrier at the top of each step (it orders the first stores too), clean
; under the checker and the oracle, 8 executed barriers
; (test/opencl/reduce.cl at -O0 has the same count, its authors 9; before
; 2026-11-27 it was refused).
;
; Where a load of the slot does not read the header's value, it gets no
; symbol: @shrink_then_read reads the counter again after the shrinking
; store, in the same iteration (s/2, not s). Its read of tmp[lid + s/2]
; meets the lanes' own writes of tmp[lid] under `lid < s`: the oracle
; finds the race, the checker reports it, and the barrier pass orders it.
; @maybe_unset enters the loop on a path without the first store (the slot
; is undefined there): no symbol, so its step's pair is refused by the
; barrier pass and reported by the checker.
;
; RUN: llvm-extract --delete --func=maybe_unset %s -S -o %t.ok.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %t.ok.ll -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=PASS --allow-empty
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=REFUSE
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output
; RUN: %amdsync-exec %t.ll --kernel=halving --target=gfx942 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC
; RUN: %amdsync-exec %t.ll --kernel=shrink_then_read --target=gfx942 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC2
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY
; RUN: not %amdsync-exec %s --kernel=shrink_then_read --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=RACE
; The same on gfx1201 (split barriers): accepted and clean.
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>' %t.ok.ll -S -o %t.12.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.12.ll -disable-output
; RUN: %amdsync-exec %t.12.ll --kernel=halving --target=gfx1201 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC

; The corpus's reduce.cl through clang -O0 (its body in
; __clang_ocl_kern_imp_reduce, both counters in slots), barriers replaced:
; accepted, clean, 8 executed as at -O1 (authors: 9).
; RUN: %clang-amdsync -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O0 -emit-llvm -S -mllvm -amdsync-ep=off -I%S/../opencl %S/../opencl/reduce.cl -o %t.cl.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %t.cl.ll -S -o %t.cl.out.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.cl.out.ll -disable-output
; RUN: %amdsync-exec %t.cl.out.ll --target=gfx942 --schedules=2 | FileCheck %s --check-prefix=CLEXEC

; CLEXEC: amdsync-exec: reduce: clean barriers=8
; PASS-NOT: error
; EXEC: amdsync-exec: halving: clean barriers=8
; EXEC2: amdsync-exec: shrink_then_read: clean
; RACE: race: shrink_then_read:
; REFUSE-NOT: in function 'halving'
; REFUSE-NOT: in function 'shrink_then_read'
; REFUSE: error: in function 'maybe_unset': amdsync: cannot order WAR hazard on @tmp
; REFUSE: error: amdsync-lds-barriers: 1 error(s) in 3 function(s)

; IR-LABEL: define amdgpu_kernel void @halving(
; IR-NOT: @llvm.amdgcn.s.barrier
; IR-LABEL: body:
; IR: %in = icmp slt i32 %l1, %s1
; IR-NEXT: fence syncscope("workgroup") release
; IR-NEXT: call void @llvm.amdgcn.s.barrier()
; IR-NEXT: fence syncscope("workgroup") acquire
; IR-NEXT: br i1 %in, label %step, label %latch
; IR-NOT: @llvm.amdgcn.s.barrier
; IR-LABEL: define amdgpu_kernel void @shrink_then_read(
; The shrink_then_read kernel gets a barrier between the write and the read.
; IR-LABEL: latch:
; IR: store i32 %half
; IR: call void @llvm.amdgcn.s.barrier()
; IR: load float

; @halving's input has no barrier at all: the checker reports the pair
; before the loop, not one inside (VERIFY-NOT between the lines).
; VERIFY-DAG: error: in function 'shrink_then_read': amdsync-verify: unordered RAW hazard on @tmp
; VERIFY-DAG: error: in function 'maybe_unset': amdsync-verify: unordered
; VERIFY-DAG: error: in function 'halving': amdsync-verify: unordered RAW hazard on @tmp

target triple = "amdgcn-amd-amdhsa"
@tmp = internal addrspace(3) global [512 x float] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @halving(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %lslot = alloca i32, align 4, addrspace(5)
  %sslot = alloca i32, align 4, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %tid, ptr addrspace(5) %lslot
  %l0 = load i32, ptr addrspace(5) %lslot
  %p0 = getelementptr [512 x float], ptr addrspace(3) @tmp, i32 0, i32 %l0
  store float 1.0, ptr addrspace(3) %p0
  br label %init
init:
  store i32 128, ptr addrspace(5) %sslot
  br label %cond
cond:
  %s = load i32, ptr addrspace(5) %sslot
  %more = icmp sgt i32 %s, 0
  br i1 %more, label %body, label %done
body:
  %l1 = load i32, ptr addrspace(5) %lslot
  %s1 = load i32, ptr addrspace(5) %sslot
  %in = icmp slt i32 %l1, %s1
  br i1 %in, label %step, label %latch
step:
  %l2 = load i32, ptr addrspace(5) %lslot
  %s2 = load i32, ptr addrspace(5) %sslot
  %i = add nsw i32 %l2, %s2
  %pa = getelementptr [512 x float], ptr addrspace(3) @tmp, i32 0, i32 %i
  %a = load float, ptr addrspace(3) %pa
  %l3 = load i32, ptr addrspace(5) %lslot
  %pb = getelementptr [512 x float], ptr addrspace(3) @tmp, i32 0, i32 %l3
  %b = load float, ptr addrspace(3) %pb
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(3) %pb
  br label %latch
latch:
  %s3 = load i32, ptr addrspace(5) %sslot
  %half = ashr i32 %s3, 1
  store i32 %half, ptr addrspace(5) %sslot
  br label %cond
done:
  %l4 = load i32, ptr addrspace(5) %lslot
  %first = icmp eq i32 %l4, 0
  br i1 %first, label %write, label %exit
write:
  %r = load float, ptr addrspace(3) @tmp
  store float %r, ptr addrspace(1) %out
  br label %exit
exit:
  ret void
}

; The step's lanes below s write tmp[lid]; the latch then halves s and
; every lane reads tmp[lid + s/2] through a load after the shrinking store.
define amdgpu_kernel void @shrink_then_read(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %sslot = alloca i32, align 4, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %init
init:
  store i32 128, ptr addrspace(5) %sslot
  br label %cond
cond:
  %s = load i32, ptr addrspace(5) %sslot
  %more = icmp sgt i32 %s, 0
  br i1 %more, label %body, label %exit
body:
  %s1 = load i32, ptr addrspace(5) %sslot
  %in = icmp slt i32 %tid, %s1
  br i1 %in, label %step, label %latch
step:
  %pb = getelementptr [512 x float], ptr addrspace(3) @tmp, i32 0, i32 %tid
  store float 1.0, ptr addrspace(3) %pb
  br label %latch
latch:
  %s3 = load i32, ptr addrspace(5) %sslot
  %half = ashr i32 %s3, 1
  store i32 %half, ptr addrspace(5) %sslot
  %s4 = load i32, ptr addrspace(5) %sslot
  %i = add nsw i32 %tid, %s4
  %pa = getelementptr [512 x float], ptr addrspace(3) @tmp, i32 0, i32 %i
  %a = load float, ptr addrspace(3) %pa
  %po = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %a, ptr addrspace(1) %po
  br label %cond
exit:
  ret void
}

; The loop is entered from the entry with the slot never stored when %skip
; holds: its loads get no symbol.
define amdgpu_kernel void @maybe_unset(ptr addrspace(1) %out, i1 %skip) !reqd_work_group_size !0 {
entry:
  %sslot = alloca i32, align 4, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br i1 %skip, label %cond, label %init
init:
  store i32 128, ptr addrspace(5) %sslot
  br label %cond
cond:
  %s = load i32, ptr addrspace(5) %sslot
  %more = icmp sgt i32 %s, 0
  br i1 %more, label %body, label %exit
body:
  %s1 = load i32, ptr addrspace(5) %sslot
  %in = icmp slt i32 %tid, %s1
  br i1 %in, label %step, label %latch
step:
  %s2 = load i32, ptr addrspace(5) %sslot
  %i = add nsw i32 %tid, %s2
  %pa = getelementptr [512 x float], ptr addrspace(3) @tmp, i32 0, i32 %i
  %a = load float, ptr addrspace(3) %pa
  %pb = getelementptr [512 x float], ptr addrspace(3) @tmp, i32 0, i32 %tid
  store float %a, ptr addrspace(3) %pb
  br label %latch
latch:
  %s3 = load i32, ptr addrspace(5) %sslot
  %half = ashr i32 %s3, 1
  store i32 %half, ptr addrspace(5) %sslot
  br label %cond
exit:
  ret void
}

!0 = !{i32 256, i32 1, i32 1}
