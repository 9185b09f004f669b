; The opt plugin follows the new pass manager's conventions (issue 22, 5):
; each pass prints itself with its parameters, in the form the parser reads
; back, so -print-pipeline-passes round-trips (on 5fa4867 it printed
; "{anonymous}::AllPass"); -print-after and -print-before know the passes
; by their pipeline names (on 5fa4867 they printed nothing); -time-passes
; shows the passes' own names; the default pipeline's pass is
; `amdsync-default`, which also parses.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;strategy=minimize;existing=replace;waw-hazards;remarks;summary>,amdsync-lds-barriers<target=gfx1201>,amdsync-waitcnt,amdsync-verify<waw-hazards=false>,amdsync-default' -print-pipeline-passes %s -disable-output > %t.pipeline
; RUN: FileCheck %s --check-prefix=PIPELINE --match-full-lines < %t.pipeline
; RUN: sed 's/,verify$//' %t.pipeline > %t.again
; RUN: %opt-amdsync -passes="$(cat %t.again)" -print-pipeline-passes %s -disable-output | diff - %t.pipeline
; RUN: %opt-amdsync -passes='default<O2>' -print-pipeline-passes %s -disable-output | FileCheck %s --check-prefix=DEFAULT
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' -print-after=amdsync-lds-barriers -print-before=amdsync-verify %s -disable-output 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' -time-passes %s -disable-output 2>&1 | FileCheck %s --check-prefix=TIME

; PIPELINE: amdsync<target=gfx942;strategy=minimize;existing=replace;waw-hazards;remarks;summary>,amdsync-lds-barriers<target=gfx1201>,amdsync-waitcnt,amdsync-verify,amdsync-default,verify

; DEFAULT: ,amdsync-default,

; PRINT: IR Dump After AmdsyncLdsBarriersPass on [module]
; PRINT: call void @llvm.amdgcn.s.barrier()
; PRINT: IR Dump Before AmdsyncVerifyPass on [module]
; PRINT: call void @llvm.amdgcn.s.barrier()
; PRINT-NOT: IR Dump

; TIME: Pass execution timing report
; TIME: AmdsyncPass
; TIME-NOT: anonymous

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x float] poison

define amdgpu_kernel void @k(i32 %i, i32 %j, float %x) {
  %p = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %i
  store float %x, ptr addrspace(3) %p
  %q = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %j
  %v = load float, ptr addrspace(3) %q
  store float %v, ptr addrspace(3) %p
  ret void
}
