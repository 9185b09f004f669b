; waw-hazards on the LLVM side, as on the MLIR side (test/mlir/waw-option.mlir):
; write after write between distinct plain stores is not a hazard by
; default; `waw-hazards` (or `waw-hazards=true`) makes it one, for the
; barrier pass and the checker alike.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %s -S | FileCheck %s --check-prefix=DEFAULT
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;waw-hazards>,amdsync-verify<target=gfx942;waw-hazards=true>' %s -S | FileCheck %s --check-prefix=WAW
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;waw-hazards>' %s -S | FileCheck %s --check-prefix=WAW
; The default output is racy under the stricter rule: the checker says so.
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -S | not %opt-amdsync -passes='amdsync-verify<target=gfx942;waw-hazards>' -disable-output 2>&1 | FileCheck %s --check-prefix=STRICT
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942;waw-hazards=maybe>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=BAD

; DEFAULT-LABEL: define amdgpu_kernel void @two_stores
; DEFAULT-NOT: @llvm.amdgcn.s.barrier
; DEFAULT: ret void

; WAW-LABEL: define amdgpu_kernel void @two_stores
; WAW: store float %x
; WAW: call void @llvm.amdgcn.s.barrier()
; WAW: store float %x
; WAW-NOT: @llvm.amdgcn.s.barrier()
; WAW: ret void

; STRICT: unordered WAW hazard
; BAD: LLVM ERROR: invalid amdsync-verify pass parameter 'waw-hazards=maybe': waw-hazards takes true or false

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @two_stores(float %x) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  store float %x, ptr addrspace(3) %q
  ret void
}
