// An scf.while whose `after` region holds nothing but its scf.yield: the
// accesses and barriers of the `before` region still run on every iteration
// (and once more on the exiting check), so they stay in the model. The RAW
// between the store and the load of one iteration gets a barrier between
// them; the loop-carried WAR (this iteration's load, the next iteration's
// store) gets one in the loop too. The unsynchronized input is rejected by
// the checker.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

// CHECK-LABEL: gpu.func @before_only
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.while
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK: scf.condition
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return

// RACY-DAG: error: amdsync-verify: unordered RAW hazard on workgroup attribution #0
// RACY-DAG: error: amdsync-verify: unordered WAR hazard on workgroup attribution #0
gpu.module @m {
  gpu.func @before_only(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.while : () -> () {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      %more = arith.cmpi ult, %bid, %n : index
      scf.condition(%more)
    } do {
      scf.yield
    }
    gpu.return
  }
}
