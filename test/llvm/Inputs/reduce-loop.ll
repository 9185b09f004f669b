; The authors' placement of a tree reduction with a halving stride (used
; by test/llvm/index-symbols.ll): a barrier after the load and one at the
; end of every round, as reduce.cl writes it.
target triple = "amdgcn-amd-amdhsa"

@red.tmp = internal addrspace(3) global [512 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @reduce(ptr addrspace(1) %in, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %gi
  %p = getelementptr inbounds float, ptr addrspace(3) @red.tmp, i32 %tid
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
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
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %half = lshr i32 %s, 1
  %done = icmp eq i32 %half, 0
  br i1 %done, label %tail, label %loop
tail:
  %lane0 = icmp eq i32 %tid, 0
  br i1 %lane0, label %last, label %end
last:
  %v = load float, ptr addrspace(3) @red.tmp
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}


!0 = !{i32 256, i32 1, i32 1}
