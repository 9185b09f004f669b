; LDS accesses the LLVM IR front end used to miss (the barrier pass
; inserted nothing and the checker accepted the race; each fails on
; adde6ac), in the shapes upstream MLIR lowers flat memrefs and pointers to
; (test/mlir/FAILING-lds-tracing-{flat-merges,vector-pointers,dynamic-lds}):
;  @select_descriptors, @pingpong_descriptors, @if_descriptors,
;    @descriptor_of_descriptors: `extractvalue` of a select or phi of memref
;    descriptor structs (constant ones and insertvalue chains, loop-carried
;    swaps, a field of a field) follows the field into every input (was:
;    only an insertvalue chain);
;  @ptrmask_flat, @freeze_flat: llvm.ptrmask and freeze of a flat pointer
;    into LDS (the ptrmask itself, `memory(none)`, is no access);
;  @inttoptr_pair, @inttoptr_constant_offset, @inttoptr_variable_offset:
;    inttoptr of ptrtoint of a flat pointer into LDS, directly, plus a
;    constant, plus a variable (LDS of unknown place);
;  @dynamic_internal_alias, @dynamic_empty_struct_alias: an INTERNAL
;    zero-sized LDS global (upstream MLIR's gpu.dynamic_shared_memory, an
;    empty struct) is dynamic LDS too (AMDGPU::isDynamicLDS checks only the
;    size): one resource with the external one;
;  @scatter_flat_vector, @gather_flat_shuffle: vectors of flat pointers
;    into LDS built by insertelement and shufflevector (a vector GEP's
;    base, a masked scatter's or gather's operand).
; Clean (no barrier, the checker accepts them): @ptrmask_global_not_lds (a
; ptrmask of a global pointer is no LDS), @static_not_dynamic (an internal
; non-zero-sized LDS global is not the dynamic one), @descriptor_phi_root (a
; loop-carried descriptor of @lds keeps @lds as its resource: no hazard
; with @lds2).
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: awk -f %S/Inputs/barrier-count.awk %t.ll | FileCheck %s --check-prefix=COUNT
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=RACE

; SUMMARY: remark: amdsync-lds-barriers: 16 function(s), 13 hazard window(s), 0 already ordered; inserted 13 barrier(s)
; COUNT:      @select_descriptors 1 0 0 0
; COUNT-NEXT: @pingpong_descriptors 1 0 0 0
; COUNT-NEXT: @if_descriptors 1 0 0 0
; COUNT-NEXT: @descriptor_of_descriptors 1 0 0 0
; COUNT-NEXT: @ptrmask_flat 1 0 0 0
; COUNT-NEXT: @freeze_flat 1 0 0 0
; COUNT-NEXT: @inttoptr_pair 1 0 0 0
; COUNT-NEXT: @inttoptr_constant_offset 1 0 0 0
; COUNT-NEXT: @inttoptr_variable_offset 1 0 0 0
; COUNT-NEXT: @dynamic_internal_alias 1 0 0 0
; COUNT-NEXT: @dynamic_empty_struct_alias 1 0 0 0
; COUNT-NEXT: @scatter_flat_vector 1 0 0 0
; COUNT-NEXT: @gather_flat_shuffle 1 0 0 0
; COUNT-NEXT: @ptrmask_global_not_lds 0 0 0 0
; COUNT-NEXT: @static_not_dynamic 0 0 0 0
; COUNT-NEXT: @descriptor_phi_root 0 0 0 0
; RACE: error: in function 'select_descriptors': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'pingpong_descriptors': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'if_descriptors': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'descriptor_of_descriptors': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'ptrmask_flat': amdsync-verify: unordered WAR hazard
; RACE: error: in function 'freeze_flat': amdsync-verify: unordered WAR hazard
; RACE: error: in function 'inttoptr_pair': amdsync-verify: unordered WAR hazard
; RACE: error: in function 'inttoptr_constant_offset': amdsync-verify: unordered WAR hazard
; RACE: error: in function 'inttoptr_variable_offset': amdsync-verify: unordered WAR hazard
; RACE: error: in function 'dynamic_internal_alias': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'dynamic_empty_struct_alias': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'scatter_flat_vector': amdsync-verify: unordered RAW hazard
; RACE: error: in function 'gather_flat_shuffle': amdsync-verify: unordered RAW hazard
; RACE-NOT: in function '{{ptrmask_global_not_lds|static_not_dynamic|descriptor_phi_root}}'
; RACE: error: amdsync-verify: 13 error(s) in 16 function(s)

target triple = "amdgcn-amd-amdhsa"

%desc = type { ptr, ptr, i64, [1 x i64], [1 x i64] }

@lds = internal addrspace(3) global [256 x float] poison, align 4
@lds2 = internal addrspace(3) global [256 x float] poison, align 4
@__dynamic_shmem__0 = internal addrspace(3) global [0 x i8] undef, align 16
@dyn = external addrspace(3) global [0 x i8], align 16
@empty = internal addrspace(3) global [4 x {}] zeroinitializer, align 16

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)
declare void @llvm.masked.scatter.v2f32.v2p0(<2 x float>, <2 x ptr>, <2 x i1>)
declare <2 x float> @llvm.masked.gather.v2f32.v2p0(<2 x ptr>, <2 x i1>, <2 x float>)

; arith.select of two flat memrefs: a select of constant descriptors.
define amdgpu_kernel void @select_descriptors(float %x, i1 %c, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %d = select i1 %c, %desc { ptr addrspacecast (ptr addrspace(3) @lds to ptr), ptr addrspacecast (ptr addrspace(3) @lds to ptr), i64 0, [1 x i64] [i64 256], [1 x i64] [i64 1] }, %desc { ptr addrspacecast (ptr addrspace(3) @lds2 to ptr), ptr addrspacecast (ptr addrspace(3) @lds2 to ptr), i64 0, [1 x i64] [i64 256], [1 x i64] [i64 1] }
  %b = extractvalue %desc %d, 1
  %p = getelementptr float, ptr %b, i32 %tid
  store float %x, ptr %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds2, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; Double buffering through scf.for iter_args: the descriptors swap every
; iteration (a phi of a phi, loop-carried).
define amdgpu_kernel void @pingpong_descriptors(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %cur = phi %desc [ { ptr addrspacecast (ptr addrspace(3) @lds to ptr), ptr addrspacecast (ptr addrspace(3) @lds to ptr), i64 0, [1 x i64] [i64 256], [1 x i64] [i64 1] }, %entry ], [ %nxt, %body ]
  %nxt = phi %desc [ { ptr addrspacecast (ptr addrspace(3) @lds2 to ptr), ptr addrspacecast (ptr addrspace(3) @lds2 to ptr), i64 0, [1 x i64] [i64 256], [1 x i64] [i64 1] }, %entry ], [ %cur, %body ]
  %c = icmp slt i32 %i, 4
  br i1 %c, label %body, label %exit
body:
  %b = extractvalue %desc %cur, 1
  %p = getelementptr float, ptr %b, i32 %tid
  store float %x, ptr %p
  %i1 = add i32 %i, 1
  br label %head
exit:
  %q = getelementptr float, ptr addrspace(3) @lds2, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; scf.if / cf block arguments: each arm builds a descriptor by insertvalue.
define amdgpu_kernel void @if_descriptors(float %x, i1 %c, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br i1 %c, label %a, label %b
a:
  %fa = addrspacecast ptr addrspace(3) @lds to ptr
  %da0 = insertvalue %desc poison, ptr %fa, 0
  %da1 = insertvalue %desc %da0, ptr %fa, 1
  %da2 = insertvalue %desc %da1, i64 0, 2
  br label %join
b:
  %fb = addrspacecast ptr addrspace(3) @lds2 to ptr
  %db0 = insertvalue %desc poison, ptr %fb, 0
  %db1 = insertvalue %desc %db0, ptr %fb, 1
  %db2 = insertvalue %desc %db1, i64 0, 2
  br label %join
join:
  %d = phi %desc [ %da2, %a ], [ %db2, %b ]
  %base = extractvalue %desc %d, 1
  %p = getelementptr float, ptr %base, i32 %tid
  store float %x, ptr %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; A pair of descriptors merged by a phi; the pointer is a field of a field,
; read by two extractvalues.
define amdgpu_kernel void @descriptor_of_descriptors(float %x, i1 %c, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %d0 = insertvalue %desc poison, ptr %f, 1
  %pair0 = insertvalue { %desc, %desc } poison, %desc %d0, 1
  br i1 %c, label %a, label %join
a:
  %pair1 = insertvalue { %desc, %desc } %pair0, ptr null, 0, 1
  br label %join
join:
  %pair = phi { %desc, %desc } [ %pair0, %entry ], [ %pair1, %a ]
  %inner = extractvalue { %desc, %desc } %pair, 1
  %base = extractvalue %desc %inner, 1
  %p = getelementptr float, ptr %base, i32 %tid
  store float %x, ptr %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @ptrmask_flat(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %m = call ptr @llvm.ptrmask.p0.i64(ptr addrspacecast (ptr addrspace(3) @lds to ptr), i64 -4)
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %p = getelementptr float, ptr %m, i32 %tid
  store float %v, ptr %p
  ret void
}

define amdgpu_kernel void @freeze_flat(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %z = freeze ptr %f
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %p = getelementptr float, ptr %z, i32 %tid
  store float %v, ptr %p
  ret void
}

define amdgpu_kernel void @inttoptr_pair(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %i = ptrtoint ptr %f to i64
  %r = inttoptr i64 %i to ptr
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %p = getelementptr float, ptr %r, i32 %tid
  store float %v, ptr %p
  ret void
}

define amdgpu_kernel void @inttoptr_constant_offset(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %i = ptrtoint ptr %f to i64
  %j = add i64 %i, 4
  %r = inttoptr i64 %j to ptr
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  %v = load float, ptr addrspace(3) %q
  %p = getelementptr float, ptr %r, i32 %tid
  store float %v, ptr %p
  ret void
}

; p + 4 * tid as integers: LDS of unknown place (it conflicts with @lds2).
define amdgpu_kernel void @inttoptr_variable_offset(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %i = ptrtoint ptr %f to i64
  %t64 = zext i32 %tid to i64
  %off = shl i64 %t64, 2
  %j = add i64 %i, %off
  %r = inttoptr i64 %j to ptr
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds2, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr %r
  ret void
}

; gpu.dynamic_shared_memory (internal [0 x i8]) and an external dynamic
; LDS variable: one address.
define amdgpu_kernel void @dynamic_internal_alias(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @dyn, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @__dynamic_shmem__0, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; An array of empty structs allocates no bytes either.
define amdgpu_kernel void @dynamic_empty_struct_alias(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @empty, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @dyn, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @scatter_flat_vector(<2 x float> %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t2 = mul i32 %tid, 2
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %p0 = getelementptr float, ptr %f, i32 %t2
  %p1 = getelementptr float, ptr %p0, i32 1
  %v0 = insertelement <2 x ptr> poison, ptr %p0, i32 0
  %v1 = insertelement <2 x ptr> %v0, ptr %p1, i32 1
  call void @llvm.masked.scatter.v2f32.v2p0(<2 x float> %x, <2 x ptr> align 4 %v1, <2 x i1> splat (i1 true))
  %t3 = add i32 %t2, 2
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t3
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

; A splat by shufflevector, then a vector GEP: the gather's pointers.
define amdgpu_kernel void @gather_flat_shuffle(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %fq = getelementptr float, ptr %f, i32 %t1
  %v0 = insertelement <2 x ptr> poison, ptr %fq, i32 0
  %sp = shufflevector <2 x ptr> %v0, <2 x ptr> poison, <2 x i32> zeroinitializer
  %vg = getelementptr float, <2 x ptr> %sp, <2 x i32> <i32 0, i32 1>
  %g = call <2 x float> @llvm.masked.gather.v2f32.v2p0(<2 x ptr> align 4 %vg, <2 x i1> splat (i1 true), <2 x float> poison)
  %e = extractelement <2 x float> %g, i32 0
  store float %e, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @ptrmask_global_not_lds(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = addrspacecast ptr addrspace(1) %g to ptr
  %m = call ptr @llvm.ptrmask.p0.i64(ptr %f, i64 -4)
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @lds, i32 %t1
  %v = load float, ptr addrspace(3) %q
  %p = getelementptr float, ptr %m, i32 %tid
  store float %v, ptr %p
  ret void
}

define amdgpu_kernel void @static_not_dynamic(float %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  %t1 = add i32 %tid, 1
  %q = getelementptr float, ptr addrspace(3) @__dynamic_shmem__0, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @descriptor_phi_root(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %tid, 1
  %f = addrspacecast ptr addrspace(3) @lds to ptr
  %d0 = insertvalue %desc poison, ptr %f, 1
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %d = phi %desc [ %d0, %entry ], [ %dn, %body ]
  %c = icmp slt i32 %i, 4
  br i1 %c, label %body, label %exit
body:
  %b = extractvalue %desc %d, 1
  %p = getelementptr float, ptr %b, i32 %tid
  store float %x, ptr %p
  %i1 = add i32 %i, 1
  %off = zext i32 %i1 to i64
  %dn = insertvalue %desc %d, i64 %off, 2
  br label %head
exit:
  %q = getelementptr float, ptr addrspace(3) @lds2, i32 %t1
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(1) %out
  ret void
}
