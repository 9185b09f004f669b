; The masked memory intrinsics (gfx942, 128 lanes): llvm.masked.store and
; llvm.masked.load touch the enabled elements of a contiguous vector,
; llvm.masked.scatter and llvm.masked.gather those of a vector of pointers;
; a disabled element is no access, and a disabled element of a load is the
; pass-through operand's.
;
; Lane t masked-stores <t, t> at buf[2t], element 1 disabled, and reads its
; neighbour's buf[2(t^1)]: a race with the enabled element...
; RUN: not %amdsync-exec %s --kernel=mstore_race | FileCheck %s --check-prefix=MSTORE
; MSTORE: race: mstore_race: write at call void @llvm.masked.store.v2i32.p3(<2 x i32> %v, ptr addrspace(3) align 4 %p, <2 x i1> <i1 true, i1 false>) (lane {{[0-9]+}} wave 0) and read at %r = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave 0) byte {{[0-9]+}} of @buf
; ...and none with the disabled one (buf[2(t^1) + 1]).
; RUN: %amdsync-exec %s --kernel=mstore_disabled | FileCheck %s --check-prefix=MSTOREOK
; MSTOREOK: amdsync-exec: mstore_disabled: clean barriers=0
;
; Lane 0 stores buf[7]; every lane masked-loads buf[0..1] with both elements
; disabled, then reads buf[pass-through element 0] = buf[7]: a race, so the
; pass-through value came through. Enabling element 1 reads buf[1], which
; lane 0 also stores: the load's own race.
; RUN: not %amdsync-exec %s --kernel=mload_passthru | FileCheck %s --check-prefix=PASS --implicit-check-not=masked.load
; PASS: race: mload_passthru: write at store i32 1, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @buf, i32 28), align 4 (lane 0 wave 0) and read at %r = load i32, ptr addrspace(3) %q, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte 28 of @buf
; RUN: not %amdsync-exec %s --kernel=mload_enabled | FileCheck %s --check-prefix=MLOAD
; MLOAD: race: mload_enabled: write at store i32 1, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @buf, i32 4), align 4 (lane 0 wave 0) and read at %v = call <2 x i32> @llvm.masked.load.v2i32.p3(ptr addrspace(3) align 4 @buf, <2 x i1> <i1 false, i1 true>, <2 x i32> zeroinitializer) (lane {{[0-9]+}} wave {{[01]}}) byte 4 of @buf
;
; Lane t scatters to buf[t] and buf[t + 1]: its second element and lane
; t + 1's first write one byte (a write/write race); with the second
; element disabled, each lane writes only buf[t].
; RUN: not %amdsync-exec %s --kernel=scatter | FileCheck %s --check-prefix=SCATTER
; SCATTER: race: scatter: write at call void @llvm.masked.scatter.v2i32.v2p3(<2 x i32> %v, <2 x ptr addrspace(3)> align 4 %ps, <2 x i1> splat (i1 true)) (lane {{[0-9]+}} wave {{[01]}}) and write at call void @llvm.masked.scatter.v2i32.v2p3(<2 x i32> %v, <2 x ptr addrspace(3)> align 4 %ps, <2 x i1> splat (i1 true)) (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @buf
; RUN: %amdsync-exec %s --kernel=scatter_one | FileCheck %s --check-prefix=SCATTEROK
; SCATTEROK: amdsync-exec: scatter_one: clean barriers=0
;
; Lane t stores buf[t], then gathers buf[t] and buf[t ^ 1]: a race on the
; neighbour's element; with that element disabled, clean.
; RUN: not %amdsync-exec %s --kernel=gather | FileCheck %s --check-prefix=GATHER
; GATHER: race: gather: write at store i32 %t, ptr addrspace(3) %p, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %g = call <2 x i32> @llvm.masked.gather.v2i32.v2p3(<2 x ptr addrspace(3)> align 4 %ps, <2 x i1> splat (i1 true), <2 x i32> poison) (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @buf
; RUN: %amdsync-exec %s --kernel=gather_own | FileCheck %s --check-prefix=GATHEROK
; GATHEROK: amdsync-exec: gather_own: clean barriers=0

@buf = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @mstore_race(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v0 = insertelement <2 x i32> poison, i32 %t, i32 0
  %v = insertelement <2 x i32> %v0, i32 %t, i32 1
  %i = shl i32 %t, 1
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %i
  call void @llvm.masked.store.v2i32.p3(<2 x i32> %v, ptr addrspace(3) align 4 %p, <2 x i1> <i1 true, i1 false>)
  %n = xor i32 %t, 1
  %j = shl i32 %n, 1
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  %r = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @mstore_disabled(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v0 = insertelement <2 x i32> poison, i32 %t, i32 0
  %v = insertelement <2 x i32> %v0, i32 %t, i32 1
  %i = shl i32 %t, 1
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %i
  call void @llvm.masked.store.v2i32.p3(<2 x i32> %v, ptr addrspace(3) align 4 %p, <2 x i1> <i1 true, i1 false>)
  %n = xor i32 %t, 1
  %j0 = shl i32 %n, 1
  %j = add i32 %j0, 1
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %j
  %r = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @mload_passthru(ptr addrspace(1) %out) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %t, 0
  br i1 %c, label %w, label %rd
w:
  store i32 1, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @buf, i32 4), align 4
  store i32 1, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @buf, i32 28), align 4
  br label %rd
rd:
  %v = call <2 x i32> @llvm.masked.load.v2i32.p3(ptr addrspace(3) align 4 @buf, <2 x i1> zeroinitializer, <2 x i32> <i32 7, i32 9>)
  %i = extractelement <2 x i32> %v, i32 0
  %q = getelementptr i32, ptr addrspace(3) @buf, i32 %i
  %r = load i32, ptr addrspace(3) %q, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @mload_enabled(ptr addrspace(1) %out) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %t, 0
  br i1 %c, label %w, label %rd
w:
  store i32 1, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @buf, i32 4), align 4
  br label %rd
rd:
  %v = call <2 x i32> @llvm.masked.load.v2i32.p3(ptr addrspace(3) align 4 @buf, <2 x i1> <i1 false, i1 true>, <2 x i32> zeroinitializer)
  %r = extractelement <2 x i32> %v, i32 1
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @scatter() #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %t
  %p1 = getelementptr i32, ptr addrspace(3) %p, i32 1
  %ps0 = insertelement <2 x ptr addrspace(3)> poison, ptr addrspace(3) %p, i32 0
  %ps = insertelement <2 x ptr addrspace(3)> %ps0, ptr addrspace(3) %p1, i32 1
  %v0 = insertelement <2 x i32> poison, i32 %t, i32 0
  %v = insertelement <2 x i32> %v0, i32 %t, i32 1
  call void @llvm.masked.scatter.v2i32.v2p3(<2 x i32> %v, <2 x ptr addrspace(3)> align 4 %ps, <2 x i1> splat (i1 true))
  ret void
}

define amdgpu_kernel void @scatter_one() #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %t
  %p1 = getelementptr i32, ptr addrspace(3) %p, i32 1
  %ps0 = insertelement <2 x ptr addrspace(3)> poison, ptr addrspace(3) %p, i32 0
  %ps = insertelement <2 x ptr addrspace(3)> %ps0, ptr addrspace(3) %p1, i32 1
  %v0 = insertelement <2 x i32> poison, i32 %t, i32 0
  %v = insertelement <2 x i32> %v0, i32 %t, i32 1
  call void @llvm.masked.scatter.v2i32.v2p3(<2 x i32> %v, <2 x ptr addrspace(3)> align 4 %ps, <2 x i1> <i1 true, i1 false>)
  ret void
}

define amdgpu_kernel void @gather(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %t
  store i32 %t, ptr addrspace(3) %p, align 4
  %n = xor i32 %t, 1
  %p1 = getelementptr i32, ptr addrspace(3) @buf, i32 %n
  %ps0 = insertelement <2 x ptr addrspace(3)> poison, ptr addrspace(3) %p, i32 0
  %ps = insertelement <2 x ptr addrspace(3)> %ps0, ptr addrspace(3) %p1, i32 1
  %g = call <2 x i32> @llvm.masked.gather.v2i32.v2p3(<2 x ptr addrspace(3)> align 4 %ps, <2 x i1> splat (i1 true), <2 x i32> poison)
  %r = extractelement <2 x i32> %g, i32 1
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @gather_own(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @buf, i32 %t
  store i32 %t, ptr addrspace(3) %p, align 4
  %n = xor i32 %t, 1
  %p1 = getelementptr i32, ptr addrspace(3) @buf, i32 %n
  %ps0 = insertelement <2 x ptr addrspace(3)> poison, ptr addrspace(3) %p, i32 0
  %ps = insertelement <2 x ptr addrspace(3)> %ps0, ptr addrspace(3) %p1, i32 1
  %g = call <2 x i32> @llvm.masked.gather.v2i32.v2p3(<2 x ptr addrspace(3)> align 4 %ps, <2 x i1> <i1 true, i1 false>, <2 x i32> poison)
  %r = extractelement <2 x i32> %g, i32 0
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.masked.store.v2i32.p3(<2 x i32>, ptr addrspace(3), <2 x i1>)
declare <2 x i32> @llvm.masked.load.v2i32.p3(ptr addrspace(3), <2 x i1>, <2 x i32>)
declare void @llvm.masked.scatter.v2i32.v2p3(<2 x i32>, <2 x ptr addrspace(3)>, <2 x i1>)
declare <2 x i32> @llvm.masked.gather.v2i32.v2p3(<2 x ptr addrspace(3)>, <2 x i1>, <2 x i32>)

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,128" }
