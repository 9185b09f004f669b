// Soundness (accepted races on 359b8e9): LDS addresses wrap at 32 bits,
// and a constant offset can leave its buffer. The MLIR front end added
// memref offsets in 64 bits and took a range past the buffer for one that
// meets nothing; it took a GEP's address to stay in its global.
// @wrap: a view at element offset 1073741825 (4294967300 bytes) of a
//   workgroup buffer is its element 1 (the lowered GEP on ptr<3> adds in
//   32 bits; llc: offset:4); every lane writes element 1, then reads it
//   through the view.
// @view_shift: memref.view with byte shift 4294967300: the same.
// @gep_before: llvm.getelementptr @b[-1] (f32) is 4 bytes before @b: @a's
//   last element in the lowered module (llc: offset:1020 both).
// Observed on 359b8e9: amdsync-verify exit 0; no barrier inserted.
// Now: an LDS range wraps at 32 bits; a range past its buffer (or a GEP
//   whose constant index leaves its global) is unknown memory.
// Negatives (no hazard, no barrier): @apart (a view at element 2 after the
//   wrap), @gep_inside (@b[1] does not meet @a).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -split-input-file | FileCheck %s
// RUN: sed -n '/^gpu.module @wrap /,/^}/p' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' | %lower-to-isa gfx942 | FileCheck %s --check-prefix=ISA-WRAP
// RUN: sed -n '/^gpu.module @gep_before /,/^}/p' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' | %lower-to-isa gfx942 | FileCheck %s --check-prefix=ISA-GEP
// RUN: sed -n '/^gpu.module @apart /,/^}/p' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' -o /dev/null
// RUN: sed -n '/^gpu.module @gep_inside /,/^}/p' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' -o /dev/null

// The execution oracle agrees (the lowered kernels, one workgroup of 128
// lanes, two waves; --waw=off, the passes' rule: every lane stores the same
// word on purpose; --args: the offset, size and stride of %out's
// descriptor). On what 359b8e9's amdsync emitted for the three racy kernels
// (Inputs/lds-offset-wrap-359b8e9.mlir: no barrier) a lane reads through the
// wrapped (or escaped) address the word other lanes store; on today's
// output every kernel is clean, one barrier executed in each of the three.
// RUN: %lower-to-llvm gfx942 < %S/Inputs/lds-offset-wrap-359b8e9.mlir | not %amdsync-exec - --target=gfx942 --block=128 --schedules=2 --waw=off --args=0,256,1 | FileCheck %s --check-prefix=EXEC-OLD
// RUN: sed -n '/^gpu.module @\(wrap\|view_shift\|gep_before\|apart\) /,/^}/p' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' | %lower-to-llvm gfx942 | %amdsync-exec - --target=gfx942 --block=128 --schedules=2 --waw=off --args=0,256,1 | FileCheck %s --check-prefix=EXEC
// RUN: sed -n '/^gpu.module @gep_inside /,/^}/p' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' | %lower-to-llvm gfx942 | %amdsync-exec - --target=gfx942 --block=128 --schedules=2 --waw=off | FileCheck %s --check-prefix=EXEC-INSIDE
// EXEC-OLD: race: wrap: write at store i32 %{{[0-9]+}}, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @__wg_wrap_0, i64 4), align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %{{[0-9]+}} = load i32, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @__wg_wrap_0, i64 4294967300), align 4 (lane {{[0-9]+}} wave {{[01]}}) byte 4 of @__wg_wrap_0
// EXEC-OLD: amdsync-exec: wrap: race barriers=0
// EXEC-OLD: race: view_shift: write at {{.*}} and read at %{{[0-9]+}} = load i32, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @__wg_view_shift_0, i64 4294967300), align 4 (lane {{[0-9]+}} wave {{[01]}}) byte 4 of @__wg_view_shift_0
// EXEC-OLD: amdsync-exec: view_shift: race barriers=0
// EXEC-OLD: race: gep_before: write at store float %1, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @a, i64 1020), align 4 (lane {{[0-9]+}} wave {{[01]}}) and read at %3 = load float, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @b, i64 -4), align 4 (lane {{[0-9]+}} wave {{[01]}}) byte 1020 of @a
// EXEC-OLD: amdsync-exec: gep_before: race barriers=0
// EXEC: amdsync-exec: wrap: clean barriers=1 wave-barriers=0
// EXEC-NEXT: amdsync-exec: view_shift: clean barriers=1 wave-barriers=0
// EXEC-NEXT: amdsync-exec: gep_before: clean barriers=1 wave-barriers=0
// EXEC-NEXT: amdsync-exec: apart: clean barriers=0 wave-barriers=0
// EXEC-INSIDE: amdsync-exec: gep_inside: clean barriers=0 wave-barriers=0

// RACE-DAG: lds-offset-wrap.mlir:[[# @LINE + 20]]:10: error: amdsync-verify: unordered RAW hazard
// RACE-DAG: lds-offset-wrap.mlir:[[# @LINE + 42]]:10: error: amdsync-verify: unordered RAW hazard
// RACE-DAG: lds-offset-wrap.mlir:[[# @LINE + 66]]:10: error: amdsync-verify: unordered RAW hazard
// CHECK-LABEL: gpu.func @wrap
// CHECK: memref.store
// CHECK-NEXT: memref.reinterpret_cast
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// ISA-WRAP-LABEL: wrap:
// ISA-WRAP: ds_write_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:4
// ISA-WRAP: s_barrier
// ISA-WRAP: ds_read_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:4
gpu.module @wrap [#rocdl.target<chip = "gfx942">] {
  gpu.func @wrap(%out: memref<256xi32, 1>) workgroup(%a: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = arith.index_cast %tid : index to i32
    memref.store %t, %a[%c1] : memref<64xi32, #gpu.address_space<workgroup>>
    %w = memref.reinterpret_cast %a to offset: [1073741825], sizes: [1], strides: [1] : memref<64xi32, #gpu.address_space<workgroup>> to memref<1xi32, strided<[1], offset: 1073741825>, #gpu.address_space<workgroup>>
    %v = memref.load %w[%c0] : memref<1xi32, strided<[1], offset: 1073741825>, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<256xi32, 1>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @view_shift
// CHECK: memref.store
// CHECK-NEXT: memref.view
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @view_shift [#rocdl.target<chip = "gfx942">] {
  gpu.func @view_shift(%out: memref<256xi32, 1>) workgroup(%a: memref<256xi8, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %shift = arith.constant 4294967300 : index
    %t = arith.index_cast %tid : index to i32
    %whole = memref.view %a[%c0][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<64xi32, #gpu.address_space<workgroup>>
    memref.store %t, %whole[%c1] : memref<64xi32, #gpu.address_space<workgroup>>
    %w = memref.view %a[%shift][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
    %v = memref.load %w[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<256xi32, 1>
    gpu.return
  }
}

// -----

// CHECK-LABEL: llvm.func @gep_before
// CHECK: llvm.store
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load
// ISA-GEP-LABEL: gep_before:
// ISA-GEP: ds_write_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:1020
// ISA-GEP: s_barrier
// ISA-GEP: ds_read_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:1020
gpu.module @gep_before [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @a() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @b() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @gep_before(%out: !llvm.ptr<1>, %v: f32) attributes {rocdl.kernel} {
    %pa = llvm.mlir.addressof @a : !llvm.ptr<3>
    %pb = llvm.mlir.addressof @b : !llvm.ptr<3>
    %last = llvm.getelementptr %pa[0, 255] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %v, %last : f32, !llvm.ptr<3>
    %before = llvm.getelementptr %pb[-1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
    %r = llvm.load %before : !llvm.ptr<3> -> f32
    llvm.store %r, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// CHECK-LABEL: gpu.func @apart
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @apart [#rocdl.target<chip = "gfx942">] {
  gpu.func @apart(%out: memref<256xi32, 1>) workgroup(%a: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = arith.index_cast %tid : index to i32
    memref.store %t, %a[%c1] : memref<64xi32, #gpu.address_space<workgroup>>
    %w = memref.reinterpret_cast %a to offset: [1073741826], sizes: [1], strides: [1] : memref<64xi32, #gpu.address_space<workgroup>> to memref<1xi32, strided<[1], offset: 1073741826>, #gpu.address_space<workgroup>>
    %v = memref.load %w[%c0] : memref<1xi32, strided<[1], offset: 1073741826>, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<256xi32, 1>
    gpu.return
  }
}

// -----

// CHECK-LABEL: llvm.func @gep_inside
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
gpu.module @gep_inside [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @a() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @b() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @gep_inside(%out: !llvm.ptr<1>, %v: f32) attributes {rocdl.kernel} {
    %pa = llvm.mlir.addressof @a : !llvm.ptr<3>
    %pb = llvm.mlir.addressof @b : !llvm.ptr<3>
    %last = llvm.getelementptr %pa[0, 255] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %v, %last : f32, !llvm.ptr<3>
    %inside = llvm.getelementptr %pb[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
    %r = llvm.load %inside : !llvm.ptr<3> -> f32
    llvm.store %r, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
