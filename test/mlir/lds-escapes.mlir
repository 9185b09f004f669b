// Once an LDS pointer escapes SSA values in the module (passed to a
// function, stored as data, returned), a flat pointer or memref a helper
// receives, or a kernel loads back from memory, may address LDS (unknown
// memory): the race inside @xchg on the workgroup buffer the kernel passes
// through a flat view is found and ordered, and a flat LDS pointer spilled
// to an alloca and reloaded (@spill) too. In a module where no LDS pointer
// escapes, a helper's flat memref is global memory: no hazard (@global).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -split-input-file | FileCheck %s

// RACY-DAG: lds-escapes.mlir:[[# @LINE + 14]]:10: error: amdsync-verify: unordered RAW hazard on unknown memory
// RACY-DAG: lds-escapes.mlir:[[# @LINE + 48]]:10: error: amdsync-verify: unordered RAW hazard on unknown memory
// RACY-NOT: in function 'global'
// CHECK-LABEL: func.func @xchg
// CHECK: memref.store
// CHECK-NEXT: arith.xori
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @helper_arg [#rocdl.target<chip = "gfx942">] {
  func.func @xchg(%s: memref<256xf32>, %v: f32) -> f32 {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %v, %s[%tid] : memref<256xf32>
    %o = arith.xori %tid, %c1 : index
    %r = memref.load %s[%o] : memref<256xf32>
    return %r : f32
  }
  gpu.func @k(%out: memref<256xf32, 1>, %v: f32) workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %f = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %r = func.call @xchg(%f, %v) : (memref<256xf32>, f32) -> f32
    memref.store %r, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// CHECK-LABEL: llvm.func @spill
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr -> f32
gpu.module @spill [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @s() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @spill(%out: !llvm.ptr<1>, %v: f32) attributes {rocdl.kernel} {
    %one = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @s : !llvm.ptr<3>
    %f = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %slot = llvm.alloca %one x !llvm.ptr : (i32) -> !llvm.ptr<5>
    %fslot = llvm.addrspacecast %slot : !llvm.ptr<5> to !llvm.ptr
    llvm.store %f, %fslot : !llvm.ptr, !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %p1 = llvm.load %fslot : !llvm.ptr -> !llvm.ptr
    %e1 = llvm.getelementptr %p1[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %v, %e1 : f32, !llvm.ptr
    %p2 = llvm.load %fslot : !llvm.ptr -> !llvm.ptr
    %x = llvm.xor %tid, %one : i32
    %e2 = llvm.getelementptr %p2[%x] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %r = llvm.load %e2 : !llvm.ptr -> f32
    llvm.store %r, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// CHECK-LABEL: func.func @global_xchg
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: return
gpu.module @global [#rocdl.target<chip = "gfx942">] {
  func.func @global_xchg(%s: memref<256xf32>, %v: f32) -> f32 {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %v, %s[%tid] : memref<256xf32>
    %o = arith.xori %tid, %c1 : index
    %r = memref.load %s[%o] : memref<256xf32>
    return %r : f32
  }
  gpu.func @kg(%g: memref<256xf32>, %out: memref<256xf32, 1>, %v: f32) kernel {
    %tid = gpu.thread_id x
    %r = func.call @global_xchg(%g, %v) : (memref<256xf32>, f32) -> f32
    memref.store %r, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
