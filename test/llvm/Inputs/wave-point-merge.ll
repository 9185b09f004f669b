; test/llvm/wave-local.ll: two stores of one key (s[tid]) in two divergent
; blocks, each followed by a wave-level ordering point, reach a load of
; s[tid ^ 1] in block %c, which %b1 dominates and %b2 does not (one wave of
; 64 lanes, branches on a value each lane loads). A lane that took %b2 and
; not %b1 wrote s[l] without passing %b1's point; its neighbour reads it in
; %c without passing %b2's. The checker must not let the first store's
; point stand for the second's.
target triple = "amdgcn-amd-amdhsa"

@s = internal addrspace(3) global [64 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.wave.barrier()

define amdgpu_kernel void @pointed_merge(ptr addrspace(1) %in, ptr addrspace(1) %out) !reqd_work_group_size !0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %tid
  %d = load i32, ptr addrspace(1) %pin
  %m1 = and i32 %d, 1
  %d1 = icmp ne i32 %m1, 0
  %m2 = and i32 %d, 2
  %d2 = icmp ne i32 %m2, 0
  %p = getelementptr inbounds float, ptr addrspace(3) @s, i32 %tid
  %x = xor i32 %tid, 1
  %q = getelementptr inbounds float, ptr addrspace(3) @s, i32 %x
  br i1 %d1, label %b2, label %j1
b1:
  store float 1.0, ptr addrspace(3) %p
  fence syncscope("wavefront") release, !mmra !1
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire, !mmra !1
  br label %c
b2:
  store float 2.0, ptr addrspace(3) %p
  fence syncscope("wavefront") release, !mmra !1
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire, !mmra !1
  br label %j1
j1:
  br i1 %d2, label %b1, label %end
c:
  %r = load float, ptr addrspace(3) %q
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  br label %end
end:
  ret void
}

!0 = !{i32 64, i32 1, i32 1}
!1 = !{!"amdgpu-synchronize-as", !"local"}
