; GFX9 LDS DMA (llvm.amdgcn.global.load.lds) completes at an s_waitcnt whose
; vmcnt (bits 3:0 and 15:14 on gfx942) leaves at most that many younger DMAs
; of the wave outstanding. 3952 is vmcnt(0) expcnt(7) lgkmcnt(15), 3953
; vmcnt(1). Each wave loads 64 dwords to its own 256 bytes of @buf (lane l
; at base + 4 * l).
;
; Waited, then published by a fenced barrier: clean.
; RUN: %amdsync-exec %s --kernel=dma_ok | FileCheck %s --check-prefix=OK
; OK: amdsync-exec: dma_ok: clean barriers=1 wave-barriers=0 schedules=8
; Read before the wait.
; RUN: not %amdsync-exec %s --kernel=dma_early | FileCheck %s --check-prefix=EARLY
; EARLY: async-before-wait: dma_early: read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave {{[01]}}) of byte {{[0-9]+}} of @buf while call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) %base, i32 4, i32 0, i32 0) (wave {{[01]}}) is outstanding
; EARLY: amdsync-exec: dma_early: async barriers=0
; The wait after the barrier: the other wave's read is not ordered after it.
; RUN: not %amdsync-exec %s --kernel=dma_late | FileCheck %s --check-prefix=LATE
; LATE: async-before-wait: dma_late: read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave {{[01]}}) of byte {{[0-9]+}} of @buf
; LATE: amdsync-exec: dma_late: async barriers=1
; Schedule 0 (lowest wave first): wave 0 reads wave 1's outstanding data, then
; wave 1 reads wave 0's, landed at a wait the barrier does not publish.
; RUN: not %amdsync-exec %s --kernel=dma_late --schedules=1 | FileCheck %s --check-prefix=LATE0
; LATE0: async-before-wait: dma_late: read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave 0) of byte {{[0-9]+}} of @buf while call void @llvm.amdgcn.global.load.lds({{.*}}) (wave 1) is outstanding
; LATE0: async-before-wait: dma_late: read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave 1) of byte {{[0-9]+}} of @buf not ordered after the wait that completed call void @llvm.amdgcn.global.load.lds({{.*}}) (lane {{[0-9]+}} wave 0)
; Two DMAs in flight (one wave): vmcnt(1) completes the older only.
; RUN: %amdsync-exec %s --kernel=dma_stages --block=64 | FileCheck %s --check-prefix=STAGES
; STAGES: amdsync-exec: dma_stages: clean
; RUN: not %amdsync-exec %s --kernel=dma_stages_wrong --block=64 | FileCheck %s --check-prefix=WRONG
; WRONG: async-before-wait: dma_stages_wrong: read at %v = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave 0) of byte {{[0-9]+}} of @buf while call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) %b2, i32 4, i32 0, i32 0) (wave 0) is outstanding
; After its wave's wait the data is complete for every lane of that wave: a
; neighbour lane reads it with no further ordering point (docs/design.md, 7).
; RUN: %amdsync-exec %s --kernel=dma_same_wave --block=64 | FileCheck %s --check-prefix=SAMEWAVE
; SAMEWAVE: amdsync-exec: dma_same_wave: clean barriers=0 wave-barriers=0

@buf = internal addrspace(3) global [512 x i32] undef, align 4

define amdgpu_kernel void @dma_ok(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wave = lshr i32 %tid, 6
  %woff = mul i32 %wave, 256
  %base = getelementptr i8, ptr addrspace(3) @buf, i32 %woff
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) %base, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.s.waitcnt(i32 3952)
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %r = sub i32 127, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @dma_early(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wave = lshr i32 %tid, 6
  %woff = mul i32 %wave, 256
  %base = getelementptr i8, ptr addrspace(3) @buf, i32 %woff
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) %base, i32 4, i32 0, i32 0)
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @dma_late(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wave = lshr i32 %tid, 6
  %woff = mul i32 %wave, 256
  %base = getelementptr i8, ptr addrspace(3) @buf, i32 %woff
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) %base, i32 4, i32 0, i32 0)
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  call void @llvm.amdgcn.s.waitcnt(i32 3952)
  %r = sub i32 127, %tid
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @dma_stages(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  %b2 = getelementptr i8, ptr addrspace(3) @buf, i32 256
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) @buf, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) %b2, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.s.waitcnt(i32 3953)
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %tid
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @dma_stages_wrong(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  %b2 = getelementptr i8, ptr addrspace(3) @buf, i32 256
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) @buf, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) %b2, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.s.waitcnt(i32 3953)
  %k = add i32 %tid, 64
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %k
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.waitcnt(i32)
declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,128" }

!0 = !{!"amdgpu-synchronize-as", !"local"}

define amdgpu_kernel void @dma_same_wave(ptr addrspace(1) %g, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %gp, ptr addrspace(3) @buf, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.s.waitcnt(i32 3952)
  %r = xor i32 %tid, 1
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
