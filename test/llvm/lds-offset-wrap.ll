; Soundness (accepted races on 359b8e9): LDS addresses wrap at 32 bits.
; The LLVM front end added constant offsets in 64 bits, so an access the
; hardware makes at @a + 4 looked like one 4 GiB past @a, and an access
; before a global (a negative offset) covered only that global.
; @wrap: `getelementptr i8, @a, i64 4294967300` is @a + 4 (llc: offset:4);
;   every lane writes a[1], then reads it through the wrapped pointer.
; @cast_back: the same offset added to a flat pointer, cast back to LDS
;   (addrspacecast keeps the low 32 bits): @a + 4 again (llc: 4, or -1
;   for a null pointer).
; @before: @b - 4 wraps past @b's end; llc places @b right after @a, so
;   it is a[63] (llc folds the load into the store it races with).
; Observed on 359b8e9: amdsync-verify exit 0; the barrier pass inserts
;   nothing; llc forwards each lane's own store to its load.
; Now: each step's address wraps at its address space's width (LDS: 32
;   bits); an offset inside the global narrows the access, one past it
;   (after wrapping) is unknown memory.
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %s -disable-output 2>&1 | FileCheck %s --check-prefix=RACE
; RACE-DAG: error: in function 'wrap': amdsync-verify: unordered RAW hazard on @a
; RACE-DAG: error: in function 'cast_back': amdsync-verify: unordered RAW hazard on @a
; RACE-DAG: error: in function 'before': amdsync-verify: unordered RAW hazard
; RACE: error: amdsync-verify: 3 error(s) in 5 function(s)
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; PLACED: remark: amdsync-lds-barriers: 5 function(s), 3 hazard window(s), 0 already ordered; inserted 3 barrier(s)
; RUN: awk -f %S/Inputs/barrier-count.awk %t.ll | FileCheck %s --check-prefix=COUNT
; COUNT:      @wrap 1 0 0 0
; COUNT-NEXT: @cast_back 1 0 0 0
; COUNT-NEXT: @before 1 0 0 0
; COUNT-NEXT: @apart 0 0 0 0
; COUNT-NEXT: @negative_apart 0 0 0 0
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.ll -o - | FileCheck %s --check-prefix=ISA
; ISA-LABEL: wrap:
; ISA: ds_write_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:4
; ISA: s_barrier
; ISA: ds_read_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:4
; ISA-LABEL: cast_back:
; ISA: s_cselect_b32 s{{[0-9]+}}, 4, -1
; ISA: ds_write_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:4
; ISA: s_barrier
; ISA: ds_read_b32 v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; ISA-LABEL: before:
; ISA: ds_write_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:252
; ISA: s_barrier
; ISA: ds_read_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:252
; The execution oracle agrees (one workgroup of 128 lanes, two waves;
; --waw=off, the passes' rule: every lane stores the same word on purpose).
; On what 359b8e9's amdsync emitted for the three racy kernels
; (Inputs/lds-offset-wrap-359b8e9.ll: no barrier, the same IR as here) a
; lane reads through the wrapped address the word other lanes store; on
; today's output every kernel is clean, with one barrier executed in each
; of the three and none in the negatives.
; RUN: not %amdsync-exec %S/Inputs/lds-offset-wrap-359b8e9.ll --block=128 --schedules=2 --waw=off | FileCheck %s --check-prefix=EXEC-OLD
; EXEC-OLD: race: wrap: write at store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 4), align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %v = load i32, ptr addrspace(3) %p, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte 4 of @a
; EXEC-OLD: amdsync-exec: wrap: race barriers=0
; EXEC-OLD: race: cast_back: write at store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 4), align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %v = load i32, ptr addrspace(3) %p, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte 4 of @a
; EXEC-OLD: amdsync-exec: cast_back: race barriers=0
; EXEC-OLD: race: before: write at store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 252), align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %v = load i32, ptr addrspace(3) %p, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte 252 of @a
; EXEC-OLD: amdsync-exec: before: race barriers=0
; RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %s -S -o - | %amdsync-exec - --block=128 --schedules=2 --waw=off | FileCheck %s --check-prefix=EXEC
; EXEC: amdsync-exec: wrap: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: cast_back: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: before: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: apart: clean barriers=0 wave-barriers=0
; EXEC-NEXT: amdsync-exec: negative_apart: clean barriers=0 wave-barriers=0
; Negatives: offsets that truly do not meet stay apart (@apart: @a + 8
; after the wrap, a[2]; @negative_apart: @a + 32 - 16, a[4]): no error, no
; barrier (the counts above).

target triple = "amdgcn-amd-amdhsa"

@a = internal addrspace(3) global [64 x i32] poison, align 4
@b = internal addrspace(3) global [64 x i32] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @wrap(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 4), align 4
  %p = getelementptr i8, ptr addrspace(3) @a, i64 4294967300
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @cast_back(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 4), align 4
  %f = addrspacecast ptr addrspace(3) @a to ptr
  %g = getelementptr i8, ptr %f, i64 4294967300
  %p = addrspacecast ptr %g to ptr addrspace(3)
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @before(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 252), align 4
  %p = getelementptr i8, ptr addrspace(3) @b, i32 -4
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @apart(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 4), align 4
  %p = getelementptr i8, ptr addrspace(3) @a, i64 4294967304
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

define amdgpu_kernel void @negative_apart(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %t, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @a, i32 4), align 4
  %q = getelementptr i32, ptr addrspace(3) @a, i32 8
  %p = getelementptr i32, ptr addrspace(3) %q, i32 -4
  %v = load i32, ptr addrspace(3) %p, align 4
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
