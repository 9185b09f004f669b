// Every spelling of a GFX9 LDS DMA is the same transfer (brief §1): the
// rocdl ops, and the intrinsics (llvm.amdgcn.global.load.lds, the
// overloaded llvm.amdgcn.load.to.lds.p1) through llvm.call_intrinsic and
// llvm.call. Each is published to the other waves with a vmcnt(0) wait and
// a barrier before the read; the ISA shows the DMA, the wait, s_barrier,
// then the read, in that order.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.mlir | diff - %t.mlir
// RUN: %lower-to-isa gfx942 < %t.mlir | FileCheck %s --check-prefix=ISA
// Cross-check (brief §5): the same output lowered to LLVM IR passes the
// LLVM IR front end's independent checker.
// RUN: %lower-to-llvm gfx942 < %t.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output

// CHECK-LABEL: llvm.func @op
// CHECK: rocdl.global.load.lds
// CHECK-NEXT: rocdl.s.waitcnt 3952
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load
// CHECK-LABEL: llvm.func @call_intrinsic
// CHECK: llvm.call_intrinsic "llvm.amdgcn.global.load.lds"
// CHECK-NEXT: rocdl.s.waitcnt 3952
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load
// CHECK-LABEL: llvm.func @call
// CHECK: llvm.call @llvm.amdgcn.global.load.lds
// CHECK-NEXT: rocdl.s.waitcnt 3952
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load
// CHECK-LABEL: llvm.func @load_to_lds_op
// CHECK: rocdl.load.to.lds
// CHECK-NEXT: rocdl.s.waitcnt 3952
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load
// CHECK-LABEL: llvm.func @load_to_lds_call_intrinsic
// CHECK: llvm.call_intrinsic "llvm.amdgcn.load.to.lds.p1"
// CHECK-NEXT: rocdl.s.waitcnt 3952
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load

// ISA-LABEL: op:
// ISA: global_load_lds_dword
// ISA-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_read_b32
// ISA-LABEL: call_intrinsic:
// ISA: global_load_lds_dword
// ISA-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_read_b32
// ISA-LABEL: call:
// ISA: global_load_lds_dword
// ISA-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_read_b32
// ISA-LABEL: load_to_lds_op:
// ISA: global_load_lds_dword
// ISA-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_read_b32
// ISA-LABEL: load_to_lds_call_intrinsic:
// ISA: global_load_lds_dword
// ISA-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_read_b32

gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @llvm.amdgcn.global.load.lds(!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32)
  llvm.func @op(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.lds %g, %l, 4, 0, 0
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @call_intrinsic(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    llvm.call_intrinsic "llvm.amdgcn.global.load.lds"(%g, %l, %c4, %c0, %c0) : (!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32) -> ()
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @call(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    llvm.call @llvm.amdgcn.global.load.lds(%g, %l, %c4, %c0, %c0) : (!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32) -> ()
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @load_to_lds_op(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.load.to.lds %g, %l, 4, 0, 0 : !llvm.ptr<1>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @load_to_lds_call_intrinsic(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    llvm.call_intrinsic "llvm.amdgcn.load.to.lds.p1"(%g, %l, %c4, %c0, %c0) : (!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32) -> ()
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}

// Execution oracle (two waves): every spelling is waited for and published.
// RUN: %lower-to-llvm gfx942 < %t.mlir | %amdsync-exec - --waw=off --target=gfx942 --block=128 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: op: clean barriers=1
// EXEC: amdsync-exec: call_intrinsic: clean barriers=1
// EXEC: amdsync-exec: call: clean barriers=1
// EXEC: amdsync-exec: load_to_lds_op: clean barriers=1
// EXEC: amdsync-exec: load_to_lds_call_intrinsic: clean barriers=1
