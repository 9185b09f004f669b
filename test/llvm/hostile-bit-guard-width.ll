; A test of bit c of a thread id (`icmp P (tid ^ c), tid`) is a residue
; guard only where c is its form's value: below the sign bit of the
; compare's width. A hostile review's i16 compares: c = 16384 + 16384 is
; the sign bit (x ^ c is negative, so `sgt` fails for every lane, yet the
; false edge read "bit set": no lane with id below 128), and c = 256 * 256
; wraps to 0 (`ugt` fails for every lane, the false edge "bit set" again).
; Both left the accesses every lane runs with no lane: the checker
; accepted the race and the pass placed no barrier. Now the checker
; rejects both and the pass refuses them (the branch on the lane id is
; divergent as far as it knows). @sign_ok (c = 32 + 32, `ugt`) is a guard:
; lanes 0-63 write v[tid] and read v[tid + 64], which only lanes 64-127
; would write, and they do not run it: the pass and the checker accept it
; (without the guard the pass refuses it: a barrier would stand in the
; branch).
;
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=REJECT
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=sign_bit --schedules=8 | FileCheck %s --check-prefix=RACE-SIGN
; RUN: not %amdsync-exec --target=gfx942 %s --kernel=wraps_to_zero --schedules=8 | FileCheck %s --check-prefix=RACE-ZERO
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=REFUSE
; RUN: %amdsync-exec --target=gfx942 %s --kernel=sign_ok --schedules=8 | FileCheck %s --check-prefix=CLEAN-OK

; REJECT-DAG: error: in function 'sign_bit': amdsync-verify: unordered RAW hazard on @v
; REJECT-DAG: error: in function 'wraps_to_zero': amdsync-verify: unordered RAW hazard on @v
; REJECT-NOT: in function 'sign_ok'
; RACE-SIGN: race: sign_bit:
; RACE-ZERO: race: wraps_to_zero:
; REFUSE-DAG: error: in function 'sign_bit': amdsync: cannot order RAW hazard on @v
; REFUSE-DAG: error: in function 'wraps_to_zero': amdsync: cannot order RAW hazard on @v
; REFUSE-NOT: in function 'sign_ok'
; CLEAN-OK: amdsync-exec: sign_ok: clean barriers=0

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
@v = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @sign_bit(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t8 = trunc i32 %tid to i16
  %c = add i16 16384, 16384
  %p = xor i16 %t8, %c
  %cmp = icmp sgt i16 %p, %t8
  br i1 %cmp, label %never, label %all
never:
  br label %end
all:
  %g = getelementptr inbounds [256 x i32], ptr addrspace(3) @v, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %g, align 4
  %t1 = add i32 %tid, 1
  %g1 = getelementptr inbounds [256 x i32], ptr addrspace(3) @v, i32 0, i32 %t1
  %x = load i32, ptr addrspace(3) %g1, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %x, ptr addrspace(1) %o, align 4
  br label %end
end:
  ret void
}

define amdgpu_kernel void @wraps_to_zero(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t8 = trunc i32 %tid to i16
  %c = mul i16 256, 256
  %p = xor i16 %t8, %c
  %cmp = icmp ugt i16 %p, %t8
  br i1 %cmp, label %never, label %all
never:
  br label %end
all:
  %g = getelementptr inbounds [256 x i32], ptr addrspace(3) @v, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %g, align 4
  %t1 = add i32 %tid, 1
  %g1 = getelementptr inbounds [256 x i32], ptr addrspace(3) @v, i32 0, i32 %t1
  %x = load i32, ptr addrspace(3) %g1, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %x, ptr addrspace(1) %o, align 4
  br label %end
end:
  ret void
}

define amdgpu_kernel void @sign_ok(ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t8 = trunc i32 %tid to i16
  %c = add i16 32, 32
  %p = xor i16 %t8, %c
  %cmp = icmp ugt i16 %p, %t8
  br i1 %cmp, label %all, label %never
never:
  br label %end
all:
  %g = getelementptr inbounds [256 x i32], ptr addrspace(3) @v, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %g, align 4
  %t1 = add i32 %tid, 64
  %g1 = getelementptr inbounds [256 x i32], ptr addrspace(3) @v, i32 0, i32 %t1
  %x = load i32, ptr addrspace(3) %g1, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %x, ptr addrspace(1) %o, align 4
  br label %end
end:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
!0 = !{i32 128, i32 1, i32 1}
