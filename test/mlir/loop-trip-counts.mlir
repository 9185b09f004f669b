// Trip counts are computed with the loop's own signedness and width, with
// checked arithmetic, and are unknown when in doubt; never a wrapped number.
// Each kernel's body reads other lanes' elements, then overwrites its own:
// a forward WAR in the body and, when the loop may run more than once, a
// loop-carried RAW that needs a barrier at the top of the body. A loop
// wrongly counted as running at most once would lose that barrier.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -split-input-file | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// The unsynchronized kernels are racy across iterations: the checker says so
// for each of them (its loop model uses the same trip counts).
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

// RACY-COUNT-5: error: amdsync-verify: unordered RAW hazard on workgroup attribution #0: a path from 'memref.store'

// Three huge steps: -1.5 * 2^62, -0.5 * 2^62, 0.5 * 2^62 (ub - lb does not
// fit in i64; the trip count is 3).
// CHECK-LABEL: gpu.func @three_huge_steps
// CHECK: scf.for
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
gpu.module @m1 {
  gpu.func @three_huge_steps(%x: f32)
      workgroup(%a: memref<257xf32, #gpu.address_space<workgroup>>) kernel {
    %lb = arith.constant -6917529027641081856 : i64
    %ub = arith.constant 6917529027641081856 : i64
    %step = arith.constant 4611686018427387904 : i64
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for %i = %lb to %ub step %step : i64 {
      %v = memref.load %a[%t1] : memref<257xf32, #gpu.address_space<workgroup>>
      memref.store %v, %a[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Unsigned i32: 0 to 0xffffffff (-1 as a signed i32) runs 2^32 - 1 times,
// not zero times.
// CHECK-LABEL: gpu.func @unsigned_i32
// CHECK: scf.for unsigned
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
gpu.module @m2 {
  gpu.func @unsigned_i32(%x: f32)
      workgroup(%a: memref<257xf32, #gpu.address_space<workgroup>>) kernel {
    %lb = arith.constant 0 : i32
    %ub = arith.constant -1 : i32
    %step = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for unsigned %i = %lb to %ub step %step : i32 {
      %v = memref.load %a[%t1] : memref<257xf32, #gpu.address_space<workgroup>>
      memref.store %v, %a[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Unsigned i8: 0 to 200 (-56 as a signed i8) step 100 runs twice.
// CHECK-LABEL: gpu.func @unsigned_i8
// CHECK: scf.for unsigned
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
gpu.module @m3 {
  gpu.func @unsigned_i8(%x: f32)
      workgroup(%a: memref<257xf32, #gpu.address_space<workgroup>>) kernel {
    %lb = arith.constant 0 : i8
    %ub = arith.constant -56 : i8
    %step = arith.constant 100 : i8
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for unsigned %i = %lb to %ub step %step : i8 {
      %v = memref.load %a[%t1] : memref<257xf32, #gpu.address_space<workgroup>>
      memref.store %v, %a[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Signed i8: 50 to 100 step 100 is not one trip: 50 + 100 wraps to -106,
// which is below 100 again (the lowered loop keeps going): unknown.
// CHECK-LABEL: gpu.func @signed_i8
// CHECK: scf.for
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
gpu.module @m4 {
  gpu.func @signed_i8(%x: f32)
      workgroup(%a: memref<257xf32, #gpu.address_space<workgroup>>) kernel {
    %lb = arith.constant 50 : i8
    %ub = arith.constant 100 : i8
    %step = arith.constant 100 : i8
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    scf.for %i = %lb to %ub step %step : i8 {
      %v = memref.load %a[%t1] : memref<257xf32, #gpu.address_space<workgroup>>
      memref.store %v, %a[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// affine.for whose bounds' difference does not fit in i64: three trips
// with a 64-bit index, something else with a 32-bit one (the pass does not
// assume the index width, so: unknown); never a wrapped count (zero).
// CHECK-LABEL: gpu.func @affine_huge
// CHECK: affine.for
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
gpu.module @m5 {
  gpu.func @affine_huge(%x: f32)
      workgroup(%a: memref<257xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    affine.for %i = -6917529027641081856 to 6917529027641081856 step 4611686018427387904 {
      %v = memref.load %a[%t1] : memref<257xf32, #gpu.address_space<workgroup>>
      memref.store %v, %a[%tid] : memref<257xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
