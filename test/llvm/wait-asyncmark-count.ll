; A wait.asyncmark count is an unsigned immediate of its width (LLVM
; integers are signless: i16 -1 is 65535), as on the MLIR side
; (test/mlir/wait-asyncmark-count-limit.mlir); above the 1024 marks amdsync
; models it is an error at the call that says so, with the value. On
; 359b8e9, i16 -1 was "a wait without a constant non-negative count" and
; i16 1025 was taken as 1024 without a word. The limit itself is accepted.
; RUN: not %opt-amdsync -passes='amdsync-waitcnt<target=gfx1250>' %s -disable-output 2>&1 | FileCheck %s --implicit-check-not=error:
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx1250>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY --implicit-check-not=error:

; CHECK: error: in function 'minus_one': amdsync: 'llvm.amdgcn.wait.asyncmark' count 65535 (i16 -1) is above the limit of 1024 marks amdsync models
; CHECK-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 -1)
; CHECK: error: in function 'above': amdsync: 'llvm.amdgcn.wait.asyncmark' count 1025 is above the limit of 1024 marks amdsync models
; CHECK-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 1025)
; CHECK: error: in function 'variable': amdsync: 'llvm.amdgcn.wait.asyncmark' without a constant integer count of at most 64 bits
; CHECK-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 %n)
; CHECK: error: amdsync-waitcnt: 3 error(s) in 4 function(s)
; VERIFY: error: in function 'minus_one': amdsync: 'llvm.amdgcn.wait.asyncmark' count 65535 (i16 -1) is above the limit of 1024 marks amdsync models
; VERIFY: error: in function 'above': amdsync: 'llvm.amdgcn.wait.asyncmark' count 1025 is above the limit
; VERIFY: error: in function 'variable': amdsync: 'llvm.amdgcn.wait.asyncmark' without a constant integer count
; VERIFY: error: amdsync-verify: 3 error(s) in 4 function(s)

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x float] poison

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

define amdgpu_kernel void @minus_one(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 -1)
  ret void
}

define amdgpu_kernel void @above(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1025)
  ret void
}

define amdgpu_kernel void @variable(ptr addrspace(1) %g, i16 %n) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 %n)
  ret void
}

define amdgpu_kernel void @at_limit(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1024)
  ret void
}
