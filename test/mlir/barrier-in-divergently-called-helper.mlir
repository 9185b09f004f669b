// Soundness (a hang was accepted on 4fb509e, when both passes treated each
// func.func alone): a barrier in a helper that a kernel calls under a
// divergent scf.if.
// @helperbar: the helper holds gpu.barrier; the kernel calls it only in
//   lanes < 128 of a 256-lane workgroup (known_block_size): a hang.
//   Observed: amdsync-verify exits 0 (also after convert-scf-to-cf, and on
//   the convert-gpu-to-rocdl output).
// @helperdiv (second gpu.module): the helper races (store buf[tid], load
//   buf[(tid+1)&127]) and has no barrier; amdsync-lds-barriers inserts
//   amdgpu.lds_barrier inside @rotate, which runs only in lanes < 128: the
//   inserted barrier hangs; amdsync-verify then accepts it. Same on the cf
//   and rocdl (llvm.func) forms. The LLVM plugin does the same:
//   test/llvm/FAILING-*-divergently-called-helper.ll.txt.
// Now: the call is an error in both passes (a call of a function defined
//   in the module that executes a workgroup barrier, in control flow that
//   may diverge); the barrier pass takes helpers first, so the barrier it
//   puts into @rotate makes the kernel's call an error and the pass fails.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLACE
// VERIFY: barrier-in-divergently-called-helper.mlir:{{[0-9]+}}:{{[0-9]+}}: error: amdsync-verify: call of a function that executes a workgroup barrier, in control flow that may diverge
// PLACE: barrier-in-divergently-called-helper.mlir:{{[0-9]+}}:{{[0-9]+}}: error: amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge
// PLACE: barrier-in-divergently-called-helper.mlir:{{[0-9]+}}:{{[0-9]+}}: error: amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge
// PLACE-NOT: amdgpu.lds_barrier

gpu.module @bar [#rocdl.target<chip = "gfx942">] {
  memref.global "private" @buf : memref<256xf32, #gpu.address_space<workgroup>>
  // Helper with a barrier, called only by lanes < 128: a hang.
  func.func @rotate(%v: f32) -> f32 {
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %tid = gpu.thread_id x
    %m = memref.get_global @buf : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %m[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %n0 = arith.addi %tid, %c1 : index
    %n = arith.andi %n0, %c127 : index
    %w = memref.load %m[%n] : memref<256xf32, #gpu.address_space<workgroup>>
    return %w : f32
  }
  gpu.func @k(%in: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %v = memref.load %in[%tid] : memref<?xf32>
    %c = arith.cmpi ult, %tid, %c128 : index
    %r = scf.if %c -> f32 {
      %w = func.call @rotate(%v) : (f32) -> f32
      scf.yield %w : f32
    } else {
      scf.yield %v : f32
    }
    memref.store %r, %out[%tid] : memref<?xf32>
    gpu.return
  }
}

gpu.module @div [#rocdl.target<chip = "gfx942">] {
  memref.global "private" @buf : memref<256xf32, #gpu.address_space<workgroup>>
  // Racy helper (no barrier), called only by lanes < 128.
  func.func @rotate(%v: f32) -> f32 {
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %tid = gpu.thread_id x
    %m = memref.get_global @buf : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %m[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %n0 = arith.addi %tid, %c1 : index
    %n = arith.andi %n0, %c127 : index
    %w = memref.load %m[%n] : memref<256xf32, #gpu.address_space<workgroup>>
    return %w : f32
  }
  gpu.func @k(%in: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %v = memref.load %in[%tid] : memref<?xf32>
    %c = arith.cmpi ult, %tid, %c128 : index
    %r = scf.if %c -> f32 {
      %w = func.call @rotate(%v) : (f32) -> f32
      scf.yield %w : f32
    } else {
      scf.yield %v : f32
    }
    memref.store %r, %out[%tid] : memref<?xf32>
    gpu.return
  }
}
