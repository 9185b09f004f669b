; The authors' placement of an unrolled tree reduction (used by
; test/llvm/index-proofs.ll): a barrier after the load and after each of
; the three steps, the last one ordering nothing (lane 0 reads back its own
; slot).
target triple = "amdgcn-amd-amdhsa"

@red.lds = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @reduce(ptr addrspace(1) %in, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gi = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %gi
  %p = getelementptr inbounds float, ptr addrspace(3) @red.lds, i32 %tid
  store float %x, ptr addrspace(3) %p
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
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
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
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
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
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
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %c0 = icmp eq i32 %tid, 0
  br i1 %c0, label %last, label %end
last:
  %v = load float, ptr addrspace(3) @red.lds
  store float %v, ptr addrspace(1) %out
  br label %end
end:
  ret void
}

!0 = !{i32 256, i32 1, i32 1}
