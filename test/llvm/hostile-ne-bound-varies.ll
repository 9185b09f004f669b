; A counter j counting up by one from 0, whose loop leaves where j == C,
; bounds j by C - 1 only where C holds one value while the loop runs
; (pointers.c, edgeBound): a C that changes between iterations may step
; over j. Here C alternates with j's parity (a phi of two values in the
; loop), so `j != C` never fails and only the second exit ends the loop;
; j reaches 119 (@const_pair: C is 2 or 3) or 1139 (@size_pair: C is 2 or
; the workgroup's x extent, 33, read from the implicit arguments with
; !range [1, 1025)). Every lane writes s[tid + 8] (s[tid + 1100]) and reads
; s[j]: across lanes the reads meet the writes once j reaches them.
;
; Both builds before took j <= 2 (j <= 1023) and kept the pair apart: the
; pass placed nothing and the checker accepted the racing input (found by
; a review; @size_pair became reachable when halving strides from the
; workgroup's size got ranges, @const_pair was older). Now the checker
; rejects both and the pass orders them.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=CHECKER
; CHECKER-DAG: error: in function 'const_pair': amdsync-verify: unordered
; CHECKER-DAG: error: in function 'size_pair': amdsync-verify: unordered
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=const_pair --schedules=4 | FileCheck %s --check-prefix=RACE1
; RACE1: const_pair: race
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=size_pair --schedules=4 | FileCheck %s --check-prefix=RACE2
; RACE2: size_pair: race
;
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -S -o %t.942.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
; RUN: %amdsync-exec --target=gfx942 %t.942.ll --kernel=const_pair --schedules=4 | FileCheck %s --check-prefix=CLEAN1
; RUN: %amdsync-exec --target=gfx942 %t.942.ll --kernel=size_pair --schedules=4 | FileCheck %s --check-prefix=CLEAN2
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>' %s -S -o %t.1201.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.1201.ll -disable-output
; RUN: %amdsync-exec --target=gfx1201 %t.1201.ll --kernel=const_pair --schedules=4 | FileCheck %s --check-prefix=CLEAN1
; RUN: %amdsync-exec --target=gfx1201 %t.1201.ll --kernel=size_pair --schedules=4 | FileCheck %s --check-prefix=CLEAN2
; CLEAN1: const_pair: clean
; CLEAN2: size_pair: clean
;
; In the machine code: a barrier between the loop's ds_write and ds_read
; (@size_pair's 33 lanes are one wave of 64: a wave-level ordering point).
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.942.ll -o - | FileCheck %s --check-prefix=ISA
; ISA-LABEL: const_pair:
; ISA: ds_write_b32
; ISA: s_barrier
; ISA: ds_read_b32
; ISA-LABEL: size_pair:
; ISA: ds_write_b32
; ISA-NEXT: ; wave barrier
; ISA-NEXT: ds_read_b32

target triple = "amdgcn-amd-amdhsa"

@s = addrspace(3) global [256 x float] poison, align 4
@t = addrspace(3) global [2048 x float] poison, align 4

define amdgpu_kernel void @const_pair(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %jn, %latch2 ]
  %odd = and i32 %j, 1
  %even = icmp eq i32 %odd, 0
  br i1 %even, label %a, label %b

a:
  br label %latch

b:
  br label %latch

latch:
  %C = phi i32 [ 2, %a ], [ 3, %b ]
  %w = add nuw nsw i32 %tid, 8
  %wp = getelementptr inbounds float, ptr addrspace(3) @s, i32 %w
  store float 1.0, ptr addrspace(3) %wp, align 4
  %rp = getelementptr inbounds float, ptr addrspace(3) @s, i32 %j
  %r = load float, ptr addrspace(3) %rp, align 4
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %op, align 4
  %jn = add nuw nsw i32 %j, 1
  %stop = icmp uge i32 %jn, 120
  br i1 %stop, label %exit, label %latch2

latch2:
  %cont = icmp ne i32 %jn, %C
  br i1 %cont, label %loop, label %exit

exit:
  ret void
}

define amdgpu_kernel void @size_pair(ptr addrspace(1) %out) !reqd_work_group_size !1 {
entry:
  %tx = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %args = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %xp = getelementptr inbounds nuw i8, ptr addrspace(4) %args, i64 12
  %x16 = load i16, ptr addrspace(4) %xp, align 4, !range !2, !invariant.load !3
  %bdx = zext nneg i16 %x16 to i32
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %jn, %latch2 ]
  %odd = and i32 %j, 1
  %even = icmp eq i32 %odd, 0
  br i1 %even, label %a, label %b

a:
  br label %latch

b:
  br label %latch

latch:
  %C = phi i32 [ %bdx, %a ], [ 2, %b ]
  %w = add nuw nsw i32 %tx, 1100
  %wp = getelementptr inbounds float, ptr addrspace(3) @t, i32 %w
  store float 1.0, ptr addrspace(3) %wp, align 4
  %rp = getelementptr inbounds float, ptr addrspace(3) @t, i32 %j
  %r = load float, ptr addrspace(3) %rp, align 4
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tx
  store float %r, ptr addrspace(1) %op, align 4
  %jn = add nuw nsw i32 %j, 1
  %stop = icmp uge i32 %jn, 1140
  br i1 %stop, label %exit, label %latch2

latch2:
  %cont = icmp ne i32 %j, %C
  br i1 %cont, label %loop, label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

!0 = !{i32 128, i32 1, i32 1}
!1 = !{i32 33, i32 1, i32 1}
!2 = !{i16 1, i16 1025}
!3 = !{}
