; Soundness (accepted races on 359b8e9): LDS addresses that escape in forms
; the escape scan did not list. Each input module (Inputs/escape-forms/)
; escapes the address of @s one way, then a kernel stores through a flat
; pointer it gets back (p[t] = v) and reads another lane's element
; (p[t ^ 1]) with no barrier:
;   struct-store: stored inside a {ptr, i32} built by insertvalue;
;   struct-return: returned inside a {ptr, i32} by a helper;
;   double-bitcast: ptrtoint, bitcast to double, stored;
;   vector-bitcast: ptrtoint, bitcast to <2 x float>, stored;
;   masked-store: stored by llvm.masked.store;
;   masked-scatter: stored by llvm.masked.scatter;
;   struct-argument: passed to a helper inside a struct, which extracts
;     the flat pointer from its parameter;
;   memcpy-slot: in a constant table's initializer, copied by llvm.memcpy
;     into a private slot and loaded from it;
;   vector-int-bitcast: bitcast to <2 x i32> (already an escape on 359b8e9:
;     kept as a regression test of the integer rule).
; Observed on 359b8e9: amdsync-verify exit 0 on all but vector-int-bitcast;
;   the barrier pass inserts nothing.
; Now: escapes are decided by default (pointers.c, docs/design.md): every
;   value holding an LDS address, in any type, escapes unless each of its
;   uses is on the list of uses that keep it. A module whose uses all keep
;   it stays precise (Inputs/lds-no-escape-forms.ll, lds-no-escape.ll,
;   lds-int-no-escape.ll).
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/struct-store.ll -disable-output 2>&1 | FileCheck %s --check-prefix=STRUCT-STORE
; STRUCT-STORE: error: in function 'struct_store': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/struct-store.ll -S -o %t.struct-store.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.struct-store.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/struct-return.ll -disable-output 2>&1 | FileCheck %s --check-prefix=STRUCT-RETURN
; STRUCT-RETURN: error: in function 'struct_return': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/struct-return.ll -S -o %t.struct-return.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.struct-return.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/double-bitcast.ll -disable-output 2>&1 | FileCheck %s --check-prefix=DOUBLE-BITCAST
; DOUBLE-BITCAST: error: in function 'double_bitcast': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/double-bitcast.ll -S -o %t.double-bitcast.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.double-bitcast.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/vector-bitcast.ll -disable-output 2>&1 | FileCheck %s --check-prefix=VECTOR-BITCAST
; VECTOR-BITCAST: error: in function 'vector_bitcast': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/vector-bitcast.ll -S -o %t.vector-bitcast.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.vector-bitcast.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/masked-store.ll -disable-output 2>&1 | FileCheck %s --check-prefix=MASKED-STORE
; MASKED-STORE: error: in function 'masked_store': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/masked-store.ll -S -o %t.masked-store.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.masked-store.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/masked-scatter.ll -disable-output 2>&1 | FileCheck %s --check-prefix=MASKED-SCATTER
; MASKED-SCATTER: error: in function 'masked_scatter': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/masked-scatter.ll -S -o %t.masked-scatter.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.masked-scatter.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/memcpy-slot.ll -disable-output 2>&1 | FileCheck %s --check-prefix=MEMCPY-SLOT
; MEMCPY-SLOT: error: in function 'memcpy_slot': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/memcpy-slot.ll -S -o %t.memcpy-slot.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.memcpy-slot.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/struct-argument.ll -disable-output 2>&1 | FileCheck %s --check-prefix=STRUCT-ARGUMENT
; STRUCT-ARGUMENT: error: in function 'helper': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/struct-argument.ll -S -o %t.struct-argument.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.struct-argument.ll
; RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/vector-int-bitcast.ll -disable-output 2>&1 | FileCheck %s --check-prefix=VECTOR-INT-BITCAST
; VECTOR-INT-BITCAST: error: in function 'vector_int_bitcast': amdsync-verify: unordered RAW hazard on unknown memory
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942;summary>,amdsync-verify<target=gfx942>' %S/Inputs/escape-forms/vector-int-bitcast.ll -S -o %t.vector-int-bitcast.ll 2>&1 | FileCheck %s --check-prefix=PLACED
; RUN: FileCheck %s --check-prefix=ORDER < %t.vector-int-bitcast.ll
; The execution oracle agrees (one workgroup of 128 lanes, two waves; lane
; t and lane t ^ 1 are in one wave: nothing orders a lane's store before
; another lane's load there without a barrier). On what 359b8e9's amdsync
; emitted for the eight forms it missed (Inputs/lds-escapes-forms-359b8e9.ll,
; joined by llvm-link: no barrier) lane 0 reads the word lane 1 stores; on
; today's output (amdsync on each input, joined the same way) every kernel
; is clean (two barriers executed where the pass places one before the
; store too, see PLACED).
; RUN: not %amdsync-exec %S/Inputs/lds-escapes-forms-359b8e9.ll --block=128 --schedules=2 | FileCheck %s --check-prefix=EXEC-OLD
; RUN: for f in struct-store struct-return double-bitcast vector-bitcast masked-store masked-scatter memcpy-slot struct-argument vector-int-bitcast; do %opt-amdsync -passes='amdsync<target=gfx942>' %S/Inputs/escape-forms/$f.ll -S -o %t.now-$f.ll || exit 1; done
; RUN: llvm-link %t.now-struct-store.ll %t.now-struct-return.ll %t.now-double-bitcast.ll %t.now-vector-bitcast.ll %t.now-masked-store.ll %t.now-masked-scatter.ll %t.now-memcpy-slot.ll %t.now-struct-argument.ll %t.now-vector-int-bitcast.ll -S -o - | %amdsync-exec - --block=128 --schedules=2 | FileCheck %s --check-prefix=EXEC
; EXEC-OLD: race: struct_store: write at store float %v, ptr %e1, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %r = load float, ptr %e2, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @s
; EXEC-OLD: amdsync-exec: struct_store: race barriers=0
; EXEC-OLD: race: struct_return: write at store float %v, ptr %e1, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %r = load float, ptr %e2, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @s.1
; EXEC-OLD: amdsync-exec: struct_return: race barriers=0
; EXEC-OLD: race: double_bitcast: write at store float %v, ptr %e1, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %r = load float, ptr %e2, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @s.2
; EXEC-OLD: amdsync-exec: double_bitcast: race barriers=0
; EXEC-OLD: race: vector_bitcast: write at store float %v, ptr %e1, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %r = load float, ptr %e2, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @s.3
; EXEC-OLD: amdsync-exec: vector_bitcast: race barriers=0
; EXEC-OLD: race: masked_store: write at store float %v, ptr %e1, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %r = load float, ptr %e2, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @s.4
; EXEC-OLD: amdsync-exec: masked_store: race barriers=0
; EXEC-OLD: race: masked_scatter: write at store float %v, ptr %e1, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %r = load float, ptr %e2, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @s.5
; EXEC-OLD: amdsync-exec: masked_scatter: race barriers=0
; EXEC-OLD: race: memcpy_slot: write at store float %v, ptr %e1, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %r = load float, ptr %e2, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @s.6
; EXEC-OLD: amdsync-exec: memcpy_slot: race barriers=0
; EXEC-OLD: race: struct_argument: write at store float %v, ptr %e1, align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %r = load float, ptr %e2, align 4 (lane {{[0-9]+}} wave {{[01]}}) byte {{[0-9]+}} of @s.7
; EXEC-OLD: amdsync-exec: struct_argument: race barriers=0
; (struct_return: the call of @make, which touches no memory, is no LDS
; access since memory-free helpers are not: one barrier, where it took two.)
; EXEC: amdsync-exec: struct_store: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: struct_return: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: double_bitcast: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: vector_bitcast: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: masked_store: clean barriers=2 wave-barriers=0
; EXEC-NEXT: amdsync-exec: masked_scatter: clean barriers=2 wave-barriers=0
; EXEC-NEXT: amdsync-exec: memcpy_slot: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: struct_argument: clean barriers=1 wave-barriers=0
; EXEC-NEXT: amdsync-exec: vector_int_bitcast: clean barriers=1 wave-barriers=0
; PLACED: hazard window(s), 0 already ordered; inserted {{[12]}} barrier(s)
; ORDER: store float %v, ptr %e1, align 4
; ORDER: fence syncscope("workgroup") release
; ORDER-NEXT: call void @llvm.amdgcn.s.barrier()
; ORDER-NEXT: fence syncscope("workgroup") acquire
; ORDER: %r = load float, ptr %e2, align 4
; RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx942>,amdsync-verify<target=gfx942>' %S/Inputs/lds-no-escape-forms.ll -S -o - | awk -f %S/Inputs/barrier-count.awk | FileCheck %s --check-prefix=KEPT
; KEPT: @global 0 0 0 0
