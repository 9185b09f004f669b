; The barriers the pass puts into a helper can reach calls that were
; analyzed before the helper had them: a recursive helper's call of itself
; under a lane-dependent condition (@rec), and a helper (@a) that calls
; another one defined after it (@b) under a divergent branch. Both calls
; then execute a workgroup barrier in divergent control flow: a hang. The
; pass looks at every function's calls again once all have their
; barriers, and refuses them. On 359b8e9 the pass exited 0 with the
; barriers in @rec and @b; the checker rejects that output
; (Inputs/barrier-fixpoint-359b8e9.ll) and the execution oracle finds both
; hangs in it.
; RUN: not %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=PASS
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/barrier-fixpoint-359b8e9.ll -disable-output 2>&1 | FileCheck %s --check-prefix=VERIFY
; RUN: not %amdsync-exec %S/Inputs/barrier-fixpoint-359b8e9.ll --kernel=k_rec --block=128 --schedules=2 | FileCheck %s --check-prefix=EXEC-REC
; RUN: not %amdsync-exec %S/Inputs/barrier-fixpoint-359b8e9.ll --kernel=k_order --block=128 --schedules=2 | FileCheck %s --check-prefix=EXEC-ORDER
; The same calls under uniform branches are accepted, the helpers get their
; barriers, and the oracle finds the result clean.
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/barrier-fixpoint-uniform.ll -S -o %t.uniform.ll
; RUN: %amdsync-exec %t.uniform.ll --block=128 --schedules=2 | FileCheck %s --check-prefix=UNIFORM

; PASS-DAG: error: in function 'rec': amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup (waves that skip it never arrive: hang)
; PASS-DAG: error: in function 'a': amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup (waves that skip it never arrive: hang)
; VERIFY-DAG: error: in function 'rec': amdsync-verify: call of a function that executes a workgroup barrier
; VERIFY-DAG: error: in function 'a': amdsync-verify: call of a function that executes a workgroup barrier
; EXEC-REC: hang: k_rec: barrier
; EXEC-ORDER: hang: k_order: barrier
; UNIFORM: amdsync-exec: k_rec: clean
; UNIFORM: amdsync-exec: k_order: clean

target triple = "amdgcn-amd-amdhsa"
@l = internal addrspace(3) global [256 x float] poison
declare i32 @llvm.amdgcn.workitem.id.x()

define internal void @rec(i32 %n, float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %u = add i32 %t, 1
  %v = and i32 %u, 255
  %q = getelementptr float, ptr addrspace(3) @l, i32 %v
  %y = load float, ptr addrspace(3) %q
  %c = icmp ult i32 %t, %n
  br i1 %c, label %recurse, label %done
recurse:
  %m = sub i32 %n, 1
  call void @rec(i32 %m, float %y)
  br label %done
done:
  ret void
}

define amdgpu_kernel void @k_rec(float %x) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  call void @rec(i32 4, float %x)
  ret void
}

define internal void @a(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 1
  br i1 %c, label %then, label %end
then:
  call void @b(float %x)
  br label %end
end:
  ret void
}

define internal void @b(float %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @l, i32 %t
  store float %x, ptr addrspace(3) %p
  %y = load float, ptr addrspace(3) @l
  store float %y, ptr addrspace(3) %p
  ret void
}

define amdgpu_kernel void @k_order(float %x) "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" {
  call void @a(float %x)
  ret void
}
