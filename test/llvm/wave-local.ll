; The wave-local proof (docs/design.md, 2b): in a workgroup of several
; waves, a pair whose lanes all lie in one wave (the flat lane ids of every
; thread that may run either access, under their guards, in one aligned
; group of the wave size) needs only a wave-level ordering point that both
; lanes pass, never an s_barrier: between the two accesses of one
; execution of a divergent block, or at a uniform position. A pair that
; may cross waves needs a barrier, and inside a divergent arm it is
; refused. The checker decides with its own enumeration of the lanes.
;
; RUN: llvm-extract --delete --rfunc='^err_' %s -S -o %t.ok.ll
; RUN: llvm-extract --rfunc='^err_' %s -S -o %t.err.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %t.ok.ll -S -o %t.942.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.942.ll | FileCheck %s --check-prefix=COUNT
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %t.ok.ll -S -o %t.1201.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.1201.ll | FileCheck %s --check-prefix=COUNT12
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.942.ll -o - | FileCheck %s --check-prefix=ISA
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 %t.1201.ll -o - | FileCheck %s --check-prefix=ISA12
; The execution oracle runs each synchronized kernel on one workgroup.
; RUN: %amdsync-exec %t.942.ll --target=gfx942 --schedules=4 | FileCheck %s --check-prefix=EXEC
; RUN: %amdsync-exec %t.1201.ll --target=gfx1201 --schedules=4 | FileCheck %s --check-prefix=EXEC12
; Without its ordering point, the checker and the oracle find the race.
; RUN: grep -v 'wave.barrier()' %t.942.ll > %t.942.nowave.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.nowave.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NOWAVE
; Refused: one lane too many (one row too many) for one wave; no
; workgroup size, so tid.y may be non-zero.
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
; A hand-placed ordering point does not order lanes of two waves (gfx1201:
; lanes 0..32 are waves 0 and 1), and the checker says so.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %S/Inputs/wave-point-crosses.ll -disable-output 2>&1 | FileCheck %s --check-prefix=CROSS
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/wave-point-crosses.ll -disable-output
; A hand-placed point in a block that does not dominate the consumer's
; orders nothing for the lanes that came another way.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/wave-point-not-dominating.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NODOM
; Two stores of one key, each followed by a point in its own block: the
; point of the block that dominates the load does not order the other's.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/wave-point-merge.ll -disable-output 2>&1 | FileCheck %s --check-prefix=MERGE

; COUNT:      @step16 0 0 0 1
; COUNT-NEXT: @rows2 0 0 0 1
; COUNT-NEXT: @stages 2 0 0 1
; COUNT-NEXT: @or_disjoint 0 0 0 1
; COUNT-NOT:  {{.}}
; COUNT12:      @step16 0 0 0 1
; COUNT12-NEXT: @rows2 0 0 0 1
; COUNT12-NEXT: @stages 0 3 3 0
; COUNT12-NEXT: @or_disjoint 0 0 0 1

; The ordering point keeps the step's ds_write after its ds_reads and
; costs no instruction.
; ISA-LABEL:  step16:
; ISA:        ds_read2_b32 v[{{[0-9]+:[0-9]+}}], [[A:v[0-9]+]] offset1:16
; ISA:        ; wave barrier
; ISA:        ds_write_b32 [[A]],
; ISA-LABEL:  stages:
; ISA-COUNT-2: s_barrier
; ISA-NOT:    s_barrier
; ISA:        ds_write_b32 [[B:v[0-9]+]],
; ISA-NOT:    ds_read
; ISA:        ; wave barrier
; ISA-NOT:    s_barrier
; ISA:        ds_read2_b32 v[{{[0-9]+:[0-9]+}}], [[B]] offset1:32
; ISA-NOT:    s_barrier
; ISA:        s_endpgm
; ISA12-LABEL:  stages:
; ISA12-COUNT-3: s_barrier_wait -1
; ISA12-NOT:    wave barrier
; ISA12:        s_endpgm

; EXEC: amdsync-exec: step16: clean barriers=0 wave-barriers=1
; EXEC: amdsync-exec: rows2: clean barriers=0 wave-barriers=1
; EXEC: amdsync-exec: stages: clean barriers=2 wave-barriers=4
; EXEC: amdsync-exec: or_disjoint: clean barriers=0 wave-barriers=1
; EXEC12: amdsync-exec: step16: clean barriers=0 wave-barriers=1
; EXEC12: amdsync-exec: rows2: clean barriers=0 wave-barriers=1
; EXEC12: amdsync-exec: stages: clean barriers=3 wave-barriers=0
; EXEC12: amdsync-exec: or_disjoint: clean barriers=0 wave-barriers=1

; NOWAVE: amdsync-verify: unordered WAR hazard on @lds: {{.*}} without crossing a barrier or a wave-level ordering point both lanes (of one wave) pass

; ERR: error: in function 'err_step16_lane64': amdsync: cannot order WAR hazard on @lds: every position between {{.*}} is in control flow that may diverge within the workgroup (a barrier there could hang); their offsets @lds + 4*tid.x + 64 and @lds + 4*tid.x meet: lane (48, 0, 0) at the first and lane (64, 0, 0) at the second both touch byte 256, from waves 0 and 1 of 64 lanes
; ERR: note: amdsync: cannot order
; ERR: error: in function 'err_rows5': amdsync: cannot order WAR hazard on @lds: {{.*}} meet: lane (0, 3, 0) at the first and lane (0, 4, 0) at the second both touch byte 256, from waves 0 and 1 of 64 lanes
; ERR: note: amdsync: cannot order
; ERR: error: in function 'err_no_size': amdsync: cannot order WAR hazard on @lds: every position between {{.*}} is in control flow that may diverge within the workgroup (a barrier there could hang); {{.*}} lanes that differ only in tid.y touch the same bytes
; ERR: note: amdsync: cannot order
; ERR: error: in function 'err_no_size': amdsync: cannot order WAR hazard on @lds: every position between {{.*}} lanes that differ only in tid.y
; ERR: note: amdsync: cannot order
; ERR: error: in function 'err_point_not_dominating': amdsync: cannot order WAR hazard on @lds: every position between {{.*}} is in control flow that may diverge, where a wave-level ordering point does not order the lanes that skip it
; ERR: note: amdsync: cannot order
; ERR: error: in function 'err_range_bound': amdsync: cannot order WAR hazard on @lds: every position between {{.*}} is in control flow that may diverge within the workgroup (a barrier there could hang)
; ERR: note: amdsync: cannot order
; ERR: error: amdsync-lds-barriers: 6 error(s)

; NODOM: amdsync-verify: unordered WAR hazard on @lds: a path from '%v = load {{.*}}' reaches this access without crossing a barrier

; MERGE: amdsync-verify: unordered RAW hazard on @s

; CROSS: amdsync-verify: unordered WAR hazard on @lds: a path from '%a = {{.*}}' reaches this access without crossing a barrier{{$}}

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [1024 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()

; A warp-synchronous step: lanes 0..31 add lds[tid + 16] into lds[tid].
; Lane l reads what lane l + 16 then overwrites: both in wave 0 on 64- and
; 32-lane waves.
define amdgpu_kernel void @step16() !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %s, label %end
s:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 16
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  store float %r, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; Two dimensions, 16 x 16 lanes: rows 0 and 1 (tid.y < 2: flat ids
; 0..31, wave 0 on both targets) each add the next row's element of their
; column; lane (x, 0) reads what lane (x, 1) overwrites. Every workgroup
; is whole ("uniform-work-group-size"="true"): a partial one, smaller in
; x, would fill its waves by its own row length.
define amdgpu_kernel void @rows2() "uniform-work-group-size"="true" !reqd_work_group_size !1 {
entry:
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %row = shl i32 %y, 4
  %i = add i32 %row, %x
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %i
  %c = icmp ult i32 %y, 2
  br i1 %c, label %s, label %end
s:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 16
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  store float %r, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; The last stages of a tree reduction of 256 values, each step in its own
; arm with the positions between arms uniform: the step of lanes 0..127
; against the step of lanes 0..63 crosses waves on both targets (a
; barrier); 0..63 against 0..31 is wave 0 on gfx942 only (an ordering
; point there, a barrier on gfx1201).
define amdgpu_kernel void @stages(ptr addrspace(1) %in, ptr addrspace(1) %out) !reqd_work_group_size !2 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %src
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %c128 = icmp ult i32 %tid, 128
  br i1 %c128, label %s128, label %j128
s128:
  %q128 = getelementptr inbounds float, ptr addrspace(3) %p, i32 128
  %a128 = load float, ptr addrspace(3) %q128
  %b128 = load float, ptr addrspace(3) %p
  %r128 = fadd float %a128, %b128
  store float %r128, ptr addrspace(3) %p
  br label %j128
j128:
  %c64 = icmp ult i32 %tid, 64
  br i1 %c64, label %s64, label %j64
s64:
  %q64 = getelementptr inbounds float, ptr addrspace(3) %p, i32 64
  %a64 = load float, ptr addrspace(3) %q64
  %b64 = load float, ptr addrspace(3) %p
  %r64 = fadd float %a64, %b64
  store float %r64, ptr addrspace(3) %p
  br label %j64
j64:
  %c32 = icmp ult i32 %tid, 32
  br i1 %c32, label %s32, label %j32
s32:
  %q32 = getelementptr inbounds float, ptr addrspace(3) %p, i32 32
  %a32 = load float, ptr addrspace(3) %q32
  %b32 = load float, ptr addrspace(3) %p
  %r32 = fadd float %a32, %b32
  store float %r32, ptr addrspace(3) %p
  br label %j32
j32:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %w, label %end
w:
  %v = load float, ptr addrspace(3) @lds
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; clang's spelling at -O1 and above: under tid < 16 the index tid + 16
; becomes `or disjoint i32 %tid, 16` (no common bit: the sum). Lanes 0..31
; store lds[tid]; lanes 0..15 then read lds[tid + 16], which lanes 16..31
; wrote: wave 0 on both targets, and the point goes at the end of the
; store's block, which dominates the load's.
define amdgpu_kernel void @or_disjoint(float %x, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %c32 = icmp ult i32 %tid, 32
  br i1 %c32, label %w, label %end
w:
  store float %x, ptr addrspace(3) %p
  %c16 = icmp ult i32 %tid, 16
  br i1 %c16, label %s, label %end
s:
  %j = or disjoint i32 %tid, 16
  %q = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %j
  %a = load float, ptr addrspace(3) %q
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %a, ptr addrspace(1) %o
  br label %end
end:
  ret void
}

; Lanes 0..64 at stride 16: lane 48 reads lds[64], which lane 64, the
; first of wave 1, overwrites.
define amdgpu_kernel void @err_step16_lane64() !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %c = icmp ult i32 %tid, 65
  br i1 %c, label %s, label %end
s:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 16
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  store float %r, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; Rows 0..4 of 16 x 16 lanes: flat ids 0..79, waves 0 and 1 of 64 lanes.
define amdgpu_kernel void @err_rows5() "uniform-work-group-size"="true" !reqd_work_group_size !1 {
entry:
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %row = shl i32 %y, 4
  %i = add i32 %row, %x
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %i
  %c = icmp ult i32 %y, 5
  br i1 %c, label %s, label %end
s:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 16
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  store float %r, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; @step16 without a workgroup size: tid.y may be non-zero, and lanes
; (x, 0) and (x, 1) are 64 flat ids apart or more for all the pass knows.
define amdgpu_kernel void @err_no_size() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %s, label %end
s:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 16
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  store float %r, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; One wave of 64 lanes: lanes 0..31 load lds[tid + 16] in %a, lanes
; 0..47 store lds[tid] in %s, which %a does not dominate (lanes 32..47
; come through %b). A point at the end of %a is not passed by lane 32,
; which overwrites what lane 16 loads: the compiler may sink the store into
; %b, ahead of %a. No position both lanes pass: refused.
define amdgpu_kernel void @err_point_not_dominating() !reqd_work_group_size !3 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %c0 = icmp ult i32 %tid, 48
  br i1 %c0, label %r, label %exit
r:
  %c1 = icmp ult i32 %tid, 32
  br i1 %c1, label %a, label %b
a:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 16
  %v = load float, ptr addrspace(3) %q
  br label %s
b:
  br label %s
s:
  %w = phi float [ %v, %a ], [ 0.0, %b ]
  store float %w, ptr addrspace(3) %p
  br label %exit
exit:
  ret void
}

; No !reqd_work_group_size: clang's `range` on the work-item ids bounds the
; extents, it does not give them. Row 1's lanes 0..31 are flat ids X..X+31
; for the real X (48 would put them in waves 0 and 1 of 64), not 1024..1055:
; no wave holds them for sure, and the exchange inside the arm is refused.
define amdgpu_kernel void @err_range_bound() {
entry:
  %x = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %y = call range(i32 0, 4) i32 @llvm.amdgcn.workitem.id.y()
  %r1 = icmp eq i32 %y, 1
  %c = icmp ult i32 %x, 32
  %both = and i1 %r1, %c
  br i1 %both, label %s, label %end
s:
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %x
  %m = sub nsw i32 31, %x
  %q = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %m
  %a = load float, ptr addrspace(3) %q
  store float %a, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

!0 = !{i32 256, i32 1, i32 1}
!1 = !{i32 16, i32 16, i32 1}
!2 = !{i32 256, i32 1, i32 1}
!3 = !{i32 64, i32 1, i32 1}
