target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@s = internal addrspace(3) global [512 x float] poison, align 4

; k: i8 from (100 + 100) = 0xC8, then k = k ashr 1: 0xC8, 0xE4, 0xF2, 0xF9
; read zero-extended: 200, 228, 242, 249 (the checker's range: [0, 200])
define amdgpu_kernel void @shr8(ptr addrspace(1) %out) #0 !reqd_work_group_size !0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %start = add i8 100, 100
  %w = add i32 %t, 201                 ; lanes write s[201 .. 456]
  %pw = getelementptr float, ptr addrspace(3) @s, i32 %w
  store float 1.0, ptr addrspace(3) %pw, align 4
  br label %loop
loop:
  %k = phi i8 [ %start, %entry ], [ %k2, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc2, %loop ]
  %kz = zext i8 %k to i32
  %pr = getelementptr float, ptr addrspace(3) @s, i32 %kz   ; every lane reads s[k]
  %v = load float, ptr addrspace(3) %pr, align 4
  %acc2 = fadd float %acc, %v
  %k2 = ashr i8 %k, 1
  %i2 = add i32 %i, 1
  %c = icmp ult i32 %i2, 4
  br i1 %c, label %loop, label %exit
exit:
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %acc2, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "amdgpu-flat-work-group-size"="256,256" "target-cpu"="gfx942" }
!0 = !{i32 256, i32 1, i32 1}
