; The seed load of cmpxchg-seed-load.ll, its value also stored elsewhere:
; then it is a plain read of the cell other lanes' cmpxchg writes (a race).
@h = internal addrspace(3) global [64 x i32] undef

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @seed_used(ptr addrspace(1) %out, i32 %x) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %i = and i32 %t, 63
  %j = sub i32 63, %i
  %p = getelementptr i32, ptr addrspace(3) @h, i32 %j
  %seed = load i32, ptr addrspace(3) %p, align 4
  store i32 %seed, ptr addrspace(1) %out, align 4
  br label %loop
loop:
  %old = phi i32 [ %seed, %entry ], [ %got, %loop ]
  %new = mul i32 %old, %x
  %pair = cmpxchg ptr addrspace(3) %p, i32 %old, i32 %new acq_rel monotonic, align 4
  %got = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %exit, label %loop
exit:
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
