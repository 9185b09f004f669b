; The index proofs (docs/design.md, 2b) on the LLVM IR side: an access's
; offset as a form over the thread ids, the workgroup's size
; (!reqd_work_group_size) and the guards of the branches around it bound
; the lanes that run it, and a pair whose bytes no two different lanes can
; share is no hazard (a lane orders its own accesses). The barrier pass,
; the placement's legality and the checker each decide it: the checker
; with its own enumeration of every lane (passes/core/footprints.c).
;
; RUN: llvm-extract --delete --rfunc='^err_' %s -S -o %t.ok.ll
; RUN: llvm-extract --rfunc='^err_' %s -S -o %t.err.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %t.ok.ll -S -o %t.942.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.942.ll | FileCheck %s --check-prefix=COUNT
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201>,amdsync-verify<target=gfx1201>' %t.ok.ll -S -o %t.1201.ll
; RUN: awk -f %S/Inputs/barrier-count.awk %t.1201.ll | FileCheck %s --check-prefix=COUNT12
; In the gfx942 code, each step's barrier stands between its writes and
; the next step's reads, and none follows the last step; the step of lanes
; 0..63 and the step of lanes 0..31 exchange data inside wave 0, so a
; wave-level ordering point (no instruction) stands between them, and the
; ds_write stays before the ds_read. On gfx1201 lanes 32..63 are wave 1:
; three barriers.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.942.ll -o - | FileCheck %s --check-prefix=ISA
; Refused: lanes 0 and 32 meet at lds[32] inside one arm.
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERRV
; The checker on the authors' reduction: clean as written (four barriers),
; rejected with the barrier after its first step removed.
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/reduce-unrolled.ll -disable-output
; RUN: awk '/call void @llvm.amdgcn.s.barrier\(\)/ { if (++n == 2) next } { print }' %S/Inputs/reduce-unrolled.ll > %t.nobar2.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.nobar2.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NOBAR
; Stripped of its barriers and fences and resynchronized, the authors'
; reduction gets two barriers and one wave-level ordering point (its steps
; of 64 and 32 lanes stay in wave 0).
; RUN: grep -v -e 'call void @llvm.amdgcn.s.barrier()' -e '^  fence' %S/Inputs/reduce-unrolled.ll > %t.stripped.ll
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %t.stripped.ll -S -o - | awk -f %S/Inputs/barrier-count.awk | FileCheck %s --check-prefix=AUTHORS

; COUNT:      @other_arm_disjoint 0 0 0 0
; COUNT-NEXT: @reduce_unrolled 2 0 0 1
; COUNT-NEXT: @private_rmw_divergent 0 0 0 0
; COUNT-NEXT: @two_dims 1 0 0 0
; COUNT-NEXT: @private_rmw_argument 0 0 0 0
; COUNT-NEXT: @guard_and 0 0 0 0
; COUNT-NEXT: @guard_or_select 0 0 0 0
; COUNT-NEXT: @wave_step 0 0 0 1
; COUNT-NOT: {{.}}
; COUNT12:      @other_arm_disjoint 0 0 0 0
; COUNT12-NEXT: @reduce_unrolled 0 3 3 0
; COUNT12-NEXT: @private_rmw_divergent 0 0 0 0
; COUNT12-NEXT: @two_dims 0 1 1 0
; COUNT12-NEXT: @private_rmw_argument 0 0 0 0
; COUNT12-NEXT: @guard_and 0 0 0 0
; COUNT12-NEXT: @guard_or_select 0 0 0 0
; COUNT12-NEXT: @wave_step 0 0 0 1

; ISA-LABEL: reduce_unrolled:
; ISA:       ds_write_b32
; ISA:       s_barrier
; ISA:       ds_read2st64_b32 {{.*}} offset1:2
; ISA:       ds_write_b32
; ISA:       s_barrier
; ISA:       ds_read2st64_b32 {{.*}} offset1:1
; ISA:       ds_write_b32 [[A:v[0-9]+]],
; ISA-NOT:   s_barrier
; ISA-NOT:   ds_read
; ISA:       ; wave barrier
; ISA-NOT:   s_barrier
; ISA:       ds_read2_b32 {{.*}}, [[A]] offset1:32
; ISA:       ds_write_b32
; ISA-NOT:   s_barrier
; ISA:       ds_read_b32
; ISA-NOT:   s_barrier
; ISA:       s_endpgm

; The error names the offsets and, where it can, two lanes that meet.
; Helpers come first.
; ERR: error: in function 'err_private_helper_argument': amdsync: cannot order WAR hazard
; ERR: note: amdsync: cannot order WAR hazard
; ERR: error: in function 'err_reduce_off_by_one': amdsync: cannot order WAR hazard on @lds: {{.*}}; their offsets @lds + 4*tid.x + 128 and @lds + 4*tid.x meet: lane (32, 0, 0) at the first and lane (64, 0, 0) at the second both touch byte 256, from waves 0 and 1 of 64 lanes
; ERR: note: amdsync: cannot order
; ERR: error: in function 'err_guard_or_true_edge': amdsync: cannot order RAW hazard between {{.*}}; their offsets @lds + 4*tid.x and @lds + 4*tid.x + 256 meet
; ERR: note: amdsync: the other access of this hazard, in the other way of the branch
; ERR: error: in function 'err_private_2d': amdsync: cannot order WAR hazard on @lds: {{.*}}; their offsets @lds + 4*tid.x and @lds + 4*tid.x may meet across lanes: lanes that differ only in tid.y touch the same bytes
; ERR: note: amdsync: cannot order WAR hazard
; ERR: error: amdsync-lds-barriers: 4 error(s)
; ERRV: amdsync-verify: unordered
; NOBAR: amdsync-verify: unordered RAW hazard on @red.lds

; AUTHORS: @reduce 2 0 0 1

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [1024 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()

; Lanes below 32 store lds[tid]; the others load lds[tid + 1], from byte
; 132 on: the arms' bytes never meet, so lanes running both at once race
; on nothing (buffer-level, this was refused).
define amdgpu_kernel void @other_arm_disjoint(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %then, label %else
then:
  store float %x, ptr addrspace(3) %p
  br label %end
else:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; A tree reduction of 256 values unrolled with constant strides, each step
; under `tid < s`: within a step the writes [0, s) and the reads [s, 2s)
; never meet; between steps they do (a barrier at each join); lane 0's
; final read of lds[0] is its own last write (no barrier).
define amdgpu_kernel void @reduce_unrolled(ptr addrspace(1) %in, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %gi
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
  %c0 = icmp eq i32 %tid, 0
  br i1 %c0, label %last, label %end
last:
  %v = load float, ptr addrspace(3) @lds
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

; A read-modify-write of the lane's own slot under a condition the proofs
; cannot read (the lane's parity): one lane with itself, no hazard. The
; workgroup is one-dimensional (!reqd_work_group_size): were its y extent
; unknown, lanes (x, 0) and (x, 1) would share the slot, and the pair is
; refused (err_private_2d).
define amdgpu_kernel void @private_rmw_divergent() !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %odd = and i32 %tid, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %end
then:
  %v = load float, ptr addrspace(3) %p
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; A 16x16 tile written at [ty][tx] and read transposed at [tx][ty]: lanes
; (x, y) and (y, x) meet, so one barrier; with !reqd_work_group_size the
; checker enumerates all 256 lanes.
define amdgpu_kernel void @two_dims(float %x, ptr addrspace(1) %out) !reqd_work_group_size !1 {
entry:
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %row = shl i32 %ty, 4
  %w = add i32 %row, %tx
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %w
  store float %x, ptr addrspace(3) %p
  %col = shl i32 %tx, 4
  %r = add i32 %col, %ty
  %q = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %r
  %v = load float, ptr addrspace(3) %q
  %o = getelementptr float, ptr addrspace(1) %out, i32 %w
  store float %v, ptr addrspace(1) %o
  ret void
}

; One lane too many for one wave: lanes 0..64 of step 32, where lane 64
; (wave 1 on gfx942) writes lds[64], which lane 32 (wave 0) reads in the
; same arm, and no barrier can stand inside it. With lanes 0..63
; (@wave_step below, at stride 16) the exchange stays in wave 0.
define amdgpu_kernel void @err_reduce_off_by_one() !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %c = icmp ult i32 %tid, 65
  br i1 %c, label %s, label %end
s:
  %q = getelementptr inbounds float, ptr addrspace(3) %p, i32 32
  %a = load float, ptr addrspace(3) %q
  %b = load float, ptr addrspace(3) %p
  %r = fadd float %a, %b
  store float %r, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; A kernel's `__local` pointer argument is the same in every lane: offsets
; from it are index forms too (OpenCL's dynamic local memory).
define amdgpu_kernel void @private_rmw_argument(ptr addrspace(3) %buf) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) %buf, i32 %tid
  %odd = and i32 %tid, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %end
then:
  %v = load float, ptr addrspace(3) %p
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; A helper's pointer argument may differ from lane to lane (a caller may
; pass &lds[tid]): no form counts from it, and the same read-modify-write
; is refused.
define void @err_private_helper_argument(ptr addrspace(3) %buf) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) %buf, i32 %tid
  %odd = and i32 %tid, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %end
then:
  %v = load float, ptr addrspace(3) %p
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; Guards combined: lanes in [32, 64) (`and` of two compares on the true
; edge) store lds[tid]; the others load lds[tid + 64], from byte 256 on.
; Without the `and`, the store's lanes would be unbounded and meet the
; loads. The same with `||` (an `or` whose false edge bounds both) and with
; the `select` spellings clang writes for `&&` and `||`.
define amdgpu_kernel void @guard_and(float %x, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %t64 = add i32 %tid, 64
  %q = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %t64
  %lo = icmp uge i32 %tid, 32
  %hi = icmp ult i32 %tid, 64
  %in = and i1 %lo, %hi
  br i1 %in, label %then, label %else
then:
  store float %x, ptr addrspace(3) %p
  br label %end
else:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

define amdgpu_kernel void @guard_or_select(float %x, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %t64 = add i32 %tid, 64
  %q = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %t64
  %below = icmp ult i32 %tid, 32
  %above = icmp uge i32 %tid, 64
  %out.of = select i1 %below, i1 true, i1 %above
  br i1 %out.of, label %reader, label %writer
reader:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
writer:
  store float %x, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; One bound only (`or` on its true edge tells nothing): the writers are
; lanes 32 and up, whose stores from byte 256 on meet the readers' loads.
define amdgpu_kernel void @err_guard_or_true_edge(float %x, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %t64 = add i32 %tid, 64
  %q = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %t64
  %below = icmp ult i32 %tid, 32
  %above = icmp uge i32 %tid, 64
  %out.of = or i1 %below, %above
  br i1 %out.of, label %writer, label %reader
reader:
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  br label %end
writer:
  store float %x, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; The same without the workgroup's size: x alone does not tell lanes apart.
define amdgpu_kernel void @err_private_2d() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %tid
  %odd = and i32 %tid, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %end
then:
  %v = load float, ptr addrspace(3) %p
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(3) %p
  br label %end
end:
  ret void
}

; A warp-synchronous step: lanes 0..31 each add lds[tid + 16] into
; lds[tid] in one arm. Lane l reads what lane l + 16 then overwrites (WAR):
; both lanes lie in wave 0 on a 64-lane and a 32-lane target, so a
; wave-level ordering point between the loads and the store orders them,
; inside the arm (both lanes run this execution of it), and no barrier is
; needed. Lanes 0..32 (@err_wave_step_crosses) cross into wave 1 on gfx1201.
define amdgpu_kernel void @wave_step() !reqd_work_group_size !0 {
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

!0 = !{i32 256, i32 1, i32 1}
!1 = !{i32 16, i32 16, i32 1}
