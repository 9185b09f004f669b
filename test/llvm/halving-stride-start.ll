; A tree reduction whose first stride is half the workgroup's size read at
; run time (HIP's `for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)
; { if (tid < s) sdata[tid] += sdata[tid + s]; __syncthreads(); }`, the
; CUDA SDK's reduce3 as clang -O1 emits it from test/hip/reduce.hip). The
; size is a load of the implicit arguments' i16 with `!range [1, 1025)`,
; not a constant, so no iteration table applies; the stride is a phi that
; only shrinks from a start in [0, 512] (pointers.c, unsignedRange and
; shrinkingPhiRange), so it gets a symbol s with that range, and the read's
; offset is 4*tid.x + 4*s. Under the guard tid.x < s the writes touch
; [0, 4s) and the reads [4s, 8s): the disjoint-ranges proof keeps the two
; apart within an iteration, and only the loop's back edge needs a barrier.
; Before, the read's offset was unknown and the pass refused the kernel
; ("every position between ... may diverge"), and the checker rejected
; its authors' barriers.
;
; The workgroup is stated one-dimensional (!reqd_work_group_size 128,1,1):
; without it, lanes that differ only in tid.y write the same slot, a real
; race in a 2-D launch, and the error says so (Inputs/halving-stride-
; start-refused.ll, with the guard one too generous and a start from a
; kernel argument).
;
; The checker accepts the authors' barriers; the oracle runs them clean
; with 8 barriers (the last orders nothing: lane 0 reads what it wrote).
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %s -disable-output
; RUN: %amdsync-exec --target=gfx942 %s --kernel=reduce --args=256 --schedules=4 | FileCheck %s --check-prefix=AUTHORS
; AUTHORS: reduce: clean barriers=8
;
; The pass places one barrier at the top of the loop, before the guard
; (7 executed for 128 lanes, one per step), on both chips: it orders the
; first store before the first step and each step's write before the next
; step's read; after the loop lane 0 reads what it wrote last. Each output
; is checked and run clean.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;existing=replace>' %s -S -o %t.942.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
; RUN: %amdsync-exec --target=gfx942 %t.942.ll --kernel=reduce --args=256 --schedules=4 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=IR < %t.942.ll
; RUN: %opt-amdsync -passes='amdsync<target=gfx1201;existing=replace>' %s -S -o %t.1201.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.1201.ll -disable-output
; RUN: %amdsync-exec --target=gfx1201 %t.1201.ll --kernel=reduce --args=256 --schedules=4 | FileCheck %s --check-prefix=PLACED
; PLACED: reduce: clean barriers=7
;
; IR-LABEL: define amdgpu_kernel void @reduce(
; IR: store float %v, ptr addrspace(3) %mine
; IR-NOT: s.barrier
; IR: loop:
; IR-NEXT: %s = phi i32
; IR-NEXT: %active = icmp
; IR-NEXT: fence syncscope("workgroup") release
; IR-NEXT: call void @llvm.amdgcn.s.barrier()
; IR-NEXT: fence syncscope("workgroup") acquire
; IR-NEXT: br i1 %active
; IR-NOT: s.barrier
; IR: ret void
;
; In the machine code: the first store's ds_write, the loop's s_barrier, then the
; step's ds_reads and ds_write.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.942.ll -o - | FileCheck %s --check-prefix=ISA
; ISA-LABEL: reduce:
; ISA: ds_write_b32
; ISA: s_barrier
; ISA-NOT: s_barrier
; ISA: ds_read_b32
; ISA-NEXT: ds_read_b32
; ISA-NOT: s_barrier
; ISA: ds_write_b32
; ISA-NOT: s_barrier
; ISA: .end_amdhsa_kernel
;
; The refusals, with what the index analysis saw.
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace>' %S/Inputs/halving-stride-start-refused.ll -disable-output 2>&1 | FileCheck %S/Inputs/halving-stride-start-refused.ll --check-prefix=REFUSED
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/halving-stride-start-refused.ll -disable-output 2>&1 | FileCheck %S/Inputs/halving-stride-start-refused.ll --check-prefix=CHECKER
; RUN: not %amdsync-exec --target=gfx942 %S/Inputs/halving-stride-start-refused.ll --kernel=overlap --args=256 --schedules=4 | FileCheck %S/Inputs/halving-stride-start-refused.ll --check-prefix=RACE

target triple = "amdgcn-amd-amdhsa"

@sdata = external addrspace(3) global [0 x float], align 4

define amdgpu_kernel void @reduce(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) !reqd_work_group_size !0 {
entry:
  %tid = call range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %args = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %sizep = getelementptr inbounds nuw i8, ptr addrspace(4) %args, i64 12
  %size16 = load i16, ptr addrspace(4) %sizep, align 4, !range !1, !invariant.load !2
  %size = zext nneg i16 %size16 to i32
  %base = mul i32 %bid, %size
  %i = add i32 %base, %tid
  %iw = zext i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr addrspace(1) %in, i64 %iw
  %v = load float, ptr addrspace(1) %src, align 4
  %mine = getelementptr inbounds nuw float, ptr addrspace(3) @sdata, i32 %tid
  store float %v, ptr addrspace(3) %mine, align 4
  fence syncscope("workgroup") release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !3
  %start = lshr i32 %size, 1
  %none = icmp eq i32 %start, 0
  br i1 %none, label %done, label %loop

loop:
  %s = phi i32 [ %start, %entry ], [ %half, %latch ]
  %active = icmp samesign ult i32 %tid, %s
  br i1 %active, label %step, label %latch

step:
  %otherp = getelementptr inbounds nuw float, ptr addrspace(3) %mine, i32 %s
  %other = load float, ptr addrspace(3) %otherp, align 4
  %own = load float, ptr addrspace(3) %mine, align 4
  %sum = fadd float %other, %own
  store float %sum, ptr addrspace(3) %mine, align 4
  br label %latch

latch:
  fence syncscope("workgroup") release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !3
  %half = lshr i32 %s, 1
  %last = icmp eq i32 %half, 0
  br i1 %last, label %done, label %loop

done:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %write, label %exit

write:
  %total = load float, ptr addrspace(3) @sdata, align 4
  %bw = zext i32 %bid to i64
  %dst = getelementptr inbounds nuw float, ptr addrspace(1) %out, i64 %bw
  store float %total, ptr addrspace(1) %dst, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare void @llvm.amdgcn.s.barrier()

!0 = !{i32 128, i32 1, i32 1}
!1 = !{i16 1, i16 1025}
!2 = !{}
!3 = !{!"amdgpu-synchronize-as", !"local"}
