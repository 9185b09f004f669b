// An LDS buffer reached through a flat (generic address space) view is
// still LDS: the access is an LDS access because its root is LDS, whatever
// the address space of the operand it uses. memref.memory_space_cast to a
// generic memref, then memref.load/store through it; llvm.addrspacecast of
// an LDS global's !llvm.ptr<3> to !llvm.ptr, then GEPs and llvm.load/store.
// Each hazard gets its barrier, and the unsynchronized input is rejected by
// the checker.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

// CHECK-LABEL: gpu.func @memref_flat
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: memref.store {{.*}} : memref<256xf32>
// CHECK-NEXT: arith.addi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32>
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return

// CHECK-LABEL: llvm.func @llvm_flat
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr -> f32
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return

// RACY-DAG: error: amdsync-verify: unordered RAW hazard on workgroup attribution #0
// RACY-DAG: error: amdsync-verify: unordered WAR hazard on workgroup attribution #0
// RACY-DAG: error: amdsync-verify: unordered RAW hazard on @lds
gpu.module @m {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>

  // The store and the last store go through the flat view, the load through
  // the LDS memref itself: RAW, then WAR.
  gpu.func @memref_flat(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %flat = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %flat[%tid] : memref<256xf32>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %flat[%tid] : memref<256xf32>
    gpu.return
  }

  llvm.func @llvm_flat(%p: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %base = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %flat = llvm.addrspacecast %base : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %gp = llvm.getelementptr %p[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %gp : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %flat[0, %tid] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %flat[0, %t1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr -> f32
    llvm.store %v, %gp : f32, !llvm.ptr<1>
    llvm.return
  }
}
