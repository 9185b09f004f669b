// Functions with several blocks (cf and llvm branches) are analyzed as
// control-flow graphs. An llvm.func diamond gets its barrier at the join,
// before the load (the one place every path from the store passes); a
// function with several blocks but no LDS access is left alone; a counted
// loop written with cf blocks gets the two barriers per iteration the
// scf.for form gets.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE

// BARE-DAG: error: amdsync-verify: unordered RAW hazard on @lds
// BARE-DAG: error: amdsync-verify: unordered WAR hazard on workgroup attribution #0
// BARE-DAG: error: amdsync-verify: unordered RAW hazard on workgroup attribution #0

// CHECK-LABEL: llvm.func @diamond
// CHECK: llvm.store
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: ^bb2:
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load
// CHECK-LABEL: llvm.func @no_lds
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: llvm.return
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @diamond(%flag: i1, %x: f32) {
    %p = llvm.mlir.addressof @lds : !llvm.ptr<3>
    llvm.store %x, %p : f32, !llvm.ptr<3>
    llvm.cond_br %flag, ^bb1, ^bb2
  ^bb1:
    llvm.br ^bb2
  ^bb2:
    %v = llvm.load %p : !llvm.ptr<3> -> f32
    llvm.return
  }
  llvm.func @no_lds(%flag: i1) {
    llvm.cond_br %flag, ^bb1, ^bb2
  ^bb1:
    llvm.br ^bb2
  ^bb2:
    llvm.return
  }

  // CHECK-LABEL: gpu.func @cf_loop
  // CHECK: ^bb2:
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, 1>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.store {{.*}} #gpu.address_space<workgroup>
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} #gpu.address_space<workgroup>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.module @m {
    gpu.func @cf_loop(%g: memref<256xf32, 1>, %n: index)
        workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %tid = gpu.thread_id x
      cf.br ^bb1(%c0 : index)
    ^bb1(%i: index):
      %more = arith.cmpi slt, %i, %n : index
      cf.cond_br %more, ^bb2, ^bb3
    ^bb2:
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      %next = arith.addi %i, %c1 : index
      cf.br ^bb1(%next : index)
    ^bb3:
      gpu.return
    }
  }
}
