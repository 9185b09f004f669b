; A plain load whose value only seeds a cmpxchg loop on the same address
; (upstream's lowering of memref.generic_atomic_rmw) is part of the atomic
; update: a racing atomic can only cost an iteration. Every lane multiplies
; slot 0 in place: clean. A plain load of the same slot whose value is
; stored elsewhere races with the other lanes' cmpxchg.
; RUN: %amdsync-exec %s --kernel=seed --block=128 --schedules=2 | FileCheck %s --check-prefix=SEED
; RUN: not %amdsync-exec %s --kernel=plain --block=128 --schedules=2 | FileCheck %s --check-prefix=PLAIN
; SEED: amdsync-exec: seed: clean barriers=0
; PLAIN: race: plain: {{.*}}load i32, ptr addrspace(3) @s
; PLAIN: amdsync-exec: plain: race

target triple = "amdgcn-amd-amdhsa"
@s = internal addrspace(3) global i32 0

define amdgpu_kernel void @seed(i32 %k) "target-cpu"="gfx942" {
entry:
  %g = load i32, ptr addrspace(3) @s
  br label %loop
loop:
  %old = phi i32 [ %g, %entry ], [ %seen, %loop ]
  %new = mul i32 %old, %k
  %pair = cmpxchg ptr addrspace(3) @s, i32 %old, i32 %new acq_rel monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}

define amdgpu_kernel void @plain(i32 %k, ptr addrspace(1) %out) "target-cpu"="gfx942" {
entry:
  %g = load i32, ptr addrspace(3) @s
  store i32 %g, ptr addrspace(1) %out
  br label %loop
loop:
  %old = phi i32 [ %g, %entry ], [ %seen, %loop ]
  %new = mul i32 %old, %k
  %pair = cmpxchg ptr addrspace(3) @s, i32 %old, i32 %new acq_rel monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}
