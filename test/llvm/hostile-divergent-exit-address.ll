; An address computed in a loop that lanes leave in different iterations
; (the exit test reads tid), used after the loop: each lane holds the
; address of its own last iteration, so the loop's symbols in the address's
; form are not one value across lanes. The checker took the form as it is
; inside the loop and proved lane t's store and lane 255 - t's (767 - t's)
; load apart: it accepted both kernels, which race (a hostile review's
; inputs). The barrier pass was safe (its placement never shares a loop's
; symbol with accesses outside the loop). The translation now gives no form
; to an access whose instruction reads such a loop's value
; (amdsyncLlvmTemporal), nor through a cast or GEP that does.
; @ping_pong: the address is a ping-pong pointer coupled to a flag (the
; flag's symbol); @counter: an ordinary loop counter's symbol.
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=ping_pong --args=0 --schedules=8 | FileCheck %s --check-prefix=RACE-PP
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=counter --args=0 --schedules=8 | FileCheck %s --check-prefix=RACE-CTR
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -S -o %t.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=ping_pong --args=0 --schedules=8 | FileCheck %s --check-prefix=CLEAN-PP
; RUN: %amdsync-exec --target=gfx942 %t.ll --kernel=counter --args=0 --schedules=8 | FileCheck %s --check-prefix=CLEAN-CTR

; REJECT: error: in function 'ping_pong': amdsync-verify: unordered RAW hazard on @a | @b
; REJECT: error: in function 'counter': amdsync-verify: unordered RAW hazard on @c
; RACE-PP: race: ping_pong:
; RACE-CTR: race: counter:
; CLEAN-PP: amdsync-exec: ping_pong: clean barriers=1
; CLEAN-CTR: amdsync-exec: counter: clean barriers=1

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@a = internal addrspace(3) global [256 x float] poison, align 4
@b = internal addrspace(3) global [256 x float] poison, align 4
@c = internal addrspace(3) global [1024 x float] poison, align 4

define amdgpu_kernel void @ping_pong(ptr addrspace(1) %out, i32 %n) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = sub i32 255, %t
  %lim = and i32 %t, 1
  br label %loop
loop:
  %F = phi i1 [false, %entry], [%nF, %loop]
  %P = phi ptr addrspace(3) [@a, %entry], [%Pn, %loop]
  %i = phi i32 [0, %entry], [%i1, %loop]
  %Q = select i1 %F, ptr addrspace(3) @a, ptr addrspace(3) @b
  %Pt = getelementptr float, ptr addrspace(3) %P, i32 %t
  %Qr = getelementptr float, ptr addrspace(3) %Q, i32 %r
  %nF = xor i1 %F, true
  %Pn = select i1 %F, ptr addrspace(3) @a, ptr addrspace(3) @b
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i, %lim
  br i1 %c, label %loop, label %exit
exit:
  store float 1.0, ptr addrspace(3) %Pt
  %v = load float, ptr addrspace(3) %Qr
  %o = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %o
  ret void
}

define amdgpu_kernel void @counter(ptr addrspace(1) %out, i32 %n) !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = sub i32 767, %t
  %lim = and i32 %t, 1
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %latch]
  %i512 = mul i32 %i, 512
  %x = add i32 %i512, %t
  %y = sub i32 %r, %i512
  %Pt = getelementptr float, ptr addrspace(3) @c, i32 %x
  %Qr = getelementptr float, ptr addrspace(3) @c, i32 %y
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i, %lim
  br i1 %c, label %latch, label %exit
latch:
  %d = icmp ult i32 %i1, 2
  br i1 %d, label %loop, label %exit
exit:
  store float 1.0, ptr addrspace(3) %Pt
  %v = load float, ptr addrspace(3) %Qr
  %o = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 256, i32 1, i32 1}
