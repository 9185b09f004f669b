; Index forms with a symbol: a uniform loop phi whose range is known (a
; stride halved each round, from 128: [0, 128]) in the address
; (tmp[tid + s]) and in the guard (tid < s). Within one round the step's
; writes [0, s) and reads [s, 2s) never meet; across a round the stride is
; another value, and they do. So the barrier pass puts one barrier in the
; loop's header, the checker accepts it, and the checker still rejects the
; loop without its barrier (the round's write against the next round's
; read: the checker's entry goes stale when its path enters the header,
; where the stride is defined again).
;
; RUN: llvm-extract --delete --rfunc='^err_' %s -S -o %t.ok.ll
; RUN: llvm-extract --rfunc='^err_' %s -S -o %t.err.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %t.ok.ll -S -o %t.942.ll
; RUN: FileCheck %s < %t.942.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %t.ok.ll -S -o %t.1201.ll
; RUN: FileCheck %s --check-prefix=GFX12 < %t.1201.ll
; RUN: %amdsync-exec %t.942.ll --kernel=reduce_loop --target=gfx942 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.942.ll -o - | FileCheck %s --check-prefix=ISA
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
; The authors' loop with its barriers, and without the one in the loop.
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/reduce-loop.ll -disable-output
; RUN: awk '/call void @llvm.amdgcn.s.barrier\(\)/ { if (++n == 2) next } { print }' %S/Inputs/reduce-loop.ll > %t.nobar.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.nobar.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NOBAR

; CHECK-LABEL: define amdgpu_kernel void @reduce_loop(
; CHECK:       store float %x, ptr addrspace(3) %p
; CHECK-NOT:   s.barrier
; CHECK:       loop:
; CHECK-NEXT:    %s = phi i32
; CHECK-NEXT:    %in.step = icmp ult i32 %tid, %s
; CHECK-NEXT:    fence syncscope("workgroup") release
; CHECK-NEXT:    call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT:    fence syncscope("workgroup") acquire
; CHECK-NOT:   s.barrier
; CHECK:       ret void
; GFX12-LABEL: define amdgpu_kernel void @reduce_loop(
; GFX12:       loop:
; GFX12-NOT:   s.barrier.signal
; GFX12:       call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; GFX12:       call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; GFX12:       step:
; GFX12-NOT:   s.barrier
; GFX12:       ret void

; One barrier per round (8 rounds), none after: lane 0 reads back its own
; slot.
; EXEC: amdsync-exec: reduce_loop: clean barriers=8

; ISA-LABEL: reduce_loop:
; ISA:       ds_write_b32
; ISA-NOT:   s_barrier
; ISA:       ; %loop
; ISA:       s_barrier
; ISA:       ds_read_b32
; ISA:       ds_write_b32
; ISA-NOT:   s_barrier
; ISA:       s_endpgm

; ERR: error: in function 'err_reduce_loop_le': amdsync: cannot order
; ERR: note: amdsync: cannot order
; ERR: error: amdsync-lds-barriers: 1 error(s)

; NOBAR: amdsync-verify: unordered RAW hazard on @red.tmp

target triple = "amdgcn-amd-amdhsa"

@tmp = internal addrspace(3) global [512 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @reduce_loop(ptr addrspace(1) %in, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %gi
  %p = getelementptr inbounds float, ptr addrspace(3) @tmp, i32 %tid
  store float %x, ptr addrspace(3) %p
  br label %loop
loop:
  %s = phi i32 [ 128, %entry ], [ %half, %latch ]
  %in.step = icmp ult i32 %tid, %s
  br i1 %in.step, label %step, label %latch
step:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 %s
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  store float %r, ptr addrspace(3) %p
  br label %latch
latch:
  %half = lshr i32 %s, 1
  %done = icmp eq i32 %half, 0
  br i1 %done, label %tail, label %loop
tail:
  %lane0 = icmp eq i32 %tid, 0
  br i1 %lane0, label %last, label %end
last:
  %v = load float, ptr addrspace(3) @tmp
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; `tid <= s`: lane s writes tmp[s], which lane 0 reads in the same round,
; inside the divergent step.
define amdgpu_kernel void @err_reduce_loop_le() !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @tmp, i32 %tid
  br label %loop
loop:
  %s = phi i32 [ 128, %entry ], [ %half, %latch ]
  %in.step = icmp ule i32 %tid, %s
  br i1 %in.step, label %step, label %latch
step:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 %s
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  store float %r, ptr addrspace(3) %p
  br label %latch
latch:
  %half = lshr i32 %s, 1
  %done = icmp eq i32 %half, 0
  br i1 %done, label %end, label %loop
end:
  ret void
}

!0 = !{i32 256, i32 1, i32 1}
