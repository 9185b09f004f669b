; A wrong parameter of an amdsync pass in opt's -passes is an error when
; the pipeline is parsed, as LLVM's own passes report theirs ("invalid
; PASS pass parameter 'P'"), naming what is wrong and what the pass takes
; (on 359b8e9, opt said "unknown pass name" for every one of these; on
; 5fa4867 it was reported when the pass ran). opt exits 1 before any pass
; runs. A name that only starts with amdsync is still an unknown pass name.
; RUN: not %opt-amdsync -passes='amdsync<target=gfx942;bogus>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=error: --implicit-check-not=remark:
; RUN: not %opt-amdsync -passes='amdsync<target=gfx9999>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=TARGET
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<existing=maybe>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=EXISTING
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<strategy=fast;target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=STRATEGY
; RUN: not %opt-amdsync -passes='amdsync-verify<strategy=minimize>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY
; RUN: not %opt-amdsync -passes='amdsync<summary=1>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: not %opt-amdsync -passes='amdsync-waitcnt<target>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=NOVALUE
; RUN: not %opt-amdsync -passes='amdsyncx' %s -disable-output 2>&1 | FileCheck %s --check-prefix=OTHER
; RUN: %opt-amdsync -passes='amdsync<target=gfx942;strategy=minimize;existing=keep;summary>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=OK

; UNKNOWN: LLVM ERROR: invalid amdsync pass parameter 'bogus': no such parameter; amdsync takes target=<chip>, strategy=minimize|disjoint, existing=keep|replace, picture=<file>.svg, waw-hazards, remarks, summary
; TARGET: LLVM ERROR: invalid amdsync pass parameter 'target=gfx9999': unknown target; known: gfx908,
; EXISTING: LLVM ERROR: invalid amdsync-lds-barriers pass parameter 'existing=maybe': existing takes keep or replace
; STRATEGY: LLVM ERROR: invalid amdsync-lds-barriers pass parameter 'strategy=fast': strategy takes minimize or disjoint
; VERIFY: LLVM ERROR: invalid amdsync-verify pass parameter 'strategy=minimize': no such parameter; amdsync-verify takes target=<chip>, waw-hazards, remarks, summary
; SUMMARY: LLVM ERROR: invalid amdsync pass parameter 'summary=1': summary takes no value; amdsync takes target=<chip>, strategy=minimize|disjoint, existing=keep|replace, picture=<file>.svg, waw-hazards, remarks, summary
; NOVALUE: LLVM ERROR: invalid amdsync-waitcnt pass parameter 'target': target needs a value; amdsync-waitcnt takes target=<chip>, waw-hazards, remarks, summary
; OTHER: unknown pass name 'amdsyncx'
; OK: remark: amdsync-verify: 1 function(s), 0 violation(s)

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [64 x float] poison

define amdgpu_kernel void @k(i32 %i, float %x) {
  %p = getelementptr [64 x float], ptr addrspace(3) @l, i32 0, i32 %i
  store float %x, ptr addrspace(3) %p
  ret void
}
