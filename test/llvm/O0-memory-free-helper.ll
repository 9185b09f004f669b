; Calls of memory-free helpers (issue 22, -O0): HIP reads threadIdx.x /
; blockIdx.x / blockDim.x through `__device__ inline static unsigned
; __get_x()` property getters, which clang -O0 leaves as calls. A call of a
; defined function whose body (transitively) touches no memory but its own
; allocas, calls only intrinsics of no memory and other such functions, and
; runs no barrier is no LDS access (translate.c memoryFreeCallee). Before,
; the checker counted each call as reading and writing all LDS, and every
; HIP kernel at -O0 was refused (this file was FAILING-O0-...).
; - @k: three calls of @get_x around one barrier: clean as written, and
;   the barrier pass replaces its barrier by one;
; - @err_writes: the helper @set_slot stores to LDS: its call is an access
;   (the race with the load after it is reported);
; - @locals: a helper that keeps its argument in an alloca (clang -O0's
;   locals) is still memory-free.
; RUN: llvm-extract --delete --rfunc='^err_' %s -S -o %t.ok.ll
; RUN: llvm-extract --rfunc='^(err_|set_slot)' %s -S -o %t.err.ll
; RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ok.ll -disable-output
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;existing=replace;summary>,amdsync-verify<target=gfx942>' %t.ok.ll -disable-output 2>&1 | FileCheck %s
; CHECK: inserted 2 barrier(s), 0 ordering point(s)
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.err.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: error: in function 'err_writes': amdsync-verify: unordered RAW hazard on
; RUN: %amdsync-exec %t.ok.ll --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC
; EXEC: amdsync-exec: k: clean
; EXEC: amdsync-exec: locals: clean

@s = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define linkonce_odr hidden i32 @get_x() #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  ret i32 %t
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, float %v) #0 {
  %t = call i32 @get_x()
  %p = getelementptr inbounds float, ptr addrspace(3) @s, i32 %t
  store float %v, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %t2 = call i32 @get_x()
  %i = sub i32 255, %t2
  %q = getelementptr inbounds float, ptr addrspace(3) @s, i32 %i
  %r = load float, ptr addrspace(3) %q, align 4
  %t3 = call i32 @get_x()
  %g = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t3
  store float %r, ptr addrspace(1) %g, align 4
  ret void
}

; lane t writes s[t] inside @set_slot, then reads s[255 - t]: a race.
define linkonce_odr hidden void @set_slot(i32 %t, float %v) #0 {
  %p = getelementptr inbounds float, ptr addrspace(3) @s, i32 %t
  store float %v, ptr addrspace(3) %p, align 4
  ret void
}

define amdgpu_kernel void @err_writes(ptr addrspace(1) %out, float %v) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  call void @set_slot(i32 %t, float %v)
  %i = sub i32 255, %t
  %q = getelementptr inbounds float, ptr addrspace(3) @s, i32 %i
  %r = load float, ptr addrspace(3) %q, align 4
  %g = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %g, align 4
  ret void
}

; clang -O0's shape: the argument spilled to an alloca, read back.
define linkonce_odr hidden i32 @twice(i32 %x) #0 {
  %a = alloca i32, addrspace(5)
  %ap = addrspacecast ptr addrspace(5) %a to ptr
  store i32 %x, ptr %ap, align 4
  %y = load i32, ptr %ap, align 4
  %z = add i32 %y, %y
  ret i32 %z
}

; Lane t writes s[t], calls @twice before the barrier, and reads lane
; 255 - t's element after it: the call is no access (as a call of unknown
; memory it would race the store before it).
define amdgpu_kernel void @locals(ptr addrspace(1) %out, float %v) #0 {
  %t = call i32 @get_x()
  %p = getelementptr inbounds float, ptr addrspace(3) @s, i32 %t
  store float %v, ptr addrspace(3) %p, align 4
  %t2 = call i32 @twice(i32 %t)
  fence syncscope("workgroup") release, !mmra !0
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire, !mmra !0
  %i = sub i32 255, %t
  %q = getelementptr inbounds float, ptr addrspace(3) @s, i32 %i
  %r = load float, ptr addrspace(3) %q, align 4
  %g = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t2
  store float %r, ptr addrspace(1) %g, align 4
  ret void
}

attributes #0 = { noinline optnone "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }

!0 = !{!"amdgpu-synchronize-as", !"local"}
