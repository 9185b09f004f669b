// Only a kernel's own arguments are uniform. A function that is not a
// kernel entry (a func.func helper, a gpu.func without `kernel`, an
// llvm.func without rocdl.kernel or the amdgpu_kernel calling convention)
// may be called with lane-dependent arguments, so a branch on one of them
// may diverge: the barrier for a hazard into the branch goes before it,
// never inside. In a kernel the same branch is uniform and the barrier goes
// inside, right before the consumer.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s

// CHECK-LABEL: func.func @helper
// CHECK: memref.store
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.if
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: return
// CHECK-LABEL: gpu.func @device_fn
// CHECK: memref.store
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.if
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @kernel
// CHECK: memref.store
// CHECK-NEXT: scf.if
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-LABEL: llvm.func @llvm_helper
// CHECK: llvm.store
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.if
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @llvm_rocdl_kernel
// CHECK: llvm.store
// CHECK-NEXT: scf.if
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load
// CHECK-LABEL: llvm.func amdgpu_kernelcc @llvm_cc_kernel
// CHECK: llvm.store
// CHECK-NEXT: scf.if
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load
gpu.module @m {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<256 x f32>

  func.func @helper(%a: memref<256xf32, 3>, %i: index, %j: index, %x: f32,
                    %p: i1) {
    memref.store %x, %a[%i] : memref<256xf32, 3>
    scf.if %p {
      %v = memref.load %a[%j] : memref<256xf32, 3>
      %w = arith.addf %v, %x : f32
    }
    return
  }

  gpu.func @device_fn(%x: f32, %p: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.if %p {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %w = arith.addf %v, %x : f32
    }
    gpu.return
  }

  gpu.func @kernel(%x: f32, %p: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.if %p {
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %w = arith.addf %v, %x : f32
    }
    gpu.return
  }

  llvm.func @llvm_helper(%x: f32, %p: i1) {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %base = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %s = llvm.getelementptr %base[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    scf.if %p {
      %t1 = llvm.add %tid, %c1 : i32
      %l = llvm.getelementptr %base[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
      %v = llvm.load %l : !llvm.ptr<3> -> f32
    }
    llvm.return
  }

  llvm.func @llvm_rocdl_kernel(%x: f32, %p: i1) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %base = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %s = llvm.getelementptr %base[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    scf.if %p {
      %t1 = llvm.add %tid, %c1 : i32
      %l = llvm.getelementptr %base[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
      %v = llvm.load %l : !llvm.ptr<3> -> f32
    }
    llvm.return
  }

  llvm.func amdgpu_kernelcc @llvm_cc_kernel(%x: f32, %p: i1) {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %base = llvm.mlir.addressof @lds : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %s = llvm.getelementptr %base[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    scf.if %p {
      %t1 = llvm.add %tid, %c1 : i32
      %l = llvm.getelementptr %base[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
      %v = llvm.load %l : !llvm.ptr<3> -> f32
    }
    llvm.return
  }
}
