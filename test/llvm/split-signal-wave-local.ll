; A split barrier's signal and the wave-local windows it orders
; (docs/design.md 2b): on gfx1201 (waves of 32) lanes 0..63 store s[tid]
; in the entry, and lanes 0..31 store t[tid] in a divergent block; after
; the join every lane reads s[63 - tid] (across waves: a barrier) and lanes
; 0..31 read t[31 - tid] (wave 0 only: a wave-local pair, which the
; barrier's wait at the join already orders). The barrier's signal must
; stay after the store to t as well: moved up to the end of the entry it
; would publish s and not t. The placement keeps it there itself, so the
; check of the emitted model, which would catch a signal moved too far,
; has nothing to undo.
; RUN: env AMDSYNC_TRACE=signals %opt-amdsync -passes='amdsync<target=gfx1201>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=SIG
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201>,amdsync-verify<target=gfx1201>' %s -S -o %t.ll
; RUN: %amdsync-exec %t.ll --target=gfx1201 --schedules=4 | FileCheck %s --check-prefix=EXEC
; SIG: amdsync-trace: signals: wait at gap {{[0-9]+}}: signal falls back to directly before it
; SIG-NOT: fails, every signal falls back
; EXEC: amdsync-exec: split_spared: clean barriers=1

target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global [64 x float] poison, align 4
@t = internal addrspace(3) global [64 x float] poison, align 4
declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @split_spared(float %a, float %b, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %ps = getelementptr inbounds float, ptr addrspace(3) @s, i32 %tid
  store float %a, ptr addrspace(3) %ps
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %d, label %join
d:
  %pt = getelementptr inbounds float, ptr addrspace(3) @t, i32 %tid
  store float %b, ptr addrspace(3) %pt
  br label %join
join:
  %m = sub nsw i32 63, %tid
  %qs = getelementptr inbounds float, ptr addrspace(3) @s, i32 %m
  %x = load float, ptr addrspace(3) %qs
  br i1 %c, label %e, label %end
e:
  %n = sub nsw i32 31, %tid
  %qt = getelementptr inbounds float, ptr addrspace(3) @t, i32 %n
  %y = load float, ptr addrspace(3) %qt
  %z = fadd float %x, %y
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %z, ptr addrspace(1) %o
  br label %end
end:
  ret void
}
!0 = !{i32 64, i32 1, i32 1}
