// The barriers the pass puts into a helper can reach calls that were
// analyzed before the helper had them: a recursive helper's call of itself
// under a lane-dependent condition (@rec), and a helper (@a) that calls
// another one after it (@b) under a divergent branch. Both calls then
// execute a workgroup barrier in divergent control flow: a hang. The pass
// looks at every function's calls again once all have their barriers, and
// refuses them. On 359b8e9 the pass succeeded with the barriers in @rec and
// @b; the checker rejects that output (Inputs/barrier-fixpoint-359b8e9.mlir)
// and the execution oracle finds the hang in it.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %S/Inputs/barrier-fixpoint-359b8e9.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: %lower-to-llvm gfx942 < %S/Inputs/barrier-fixpoint-359b8e9.mlir | not %amdsync-exec - --target=gfx942 --kernel=k_order --block=128 --schedules=2 | FileCheck %s --check-prefix=EXEC

// PASS-DAG: barrier-fixpoint.mlir:29:7: error: amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup (waves that skip it never arrive: hang)
// PASS-DAG: barrier-fixpoint.mlir:38:7: error: amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup (waves that skip it never arrive: hang)
// VERIFY-DAG: barrier-fixpoint-359b8e9.mlir:{{.*}}: error: amdsync-verify: call of a function that executes a workgroup barrier
// VERIFY-DAG: barrier-fixpoint-359b8e9.mlir:{{.*}}: error: amdsync-verify: call of a function that executes a workgroup barrier
// EXEC: hang: k_order: barrier
gpu.module @m {
  func.func @rec(%a: memref<256xf32, #gpu.address_space<workgroup>>, %n: index, %x: f32) {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %go = arith.cmpi ult, %tid, %n : index
    scf.if %go {
      %m = arith.subi %n, %c1 : index
      func.call @rec(%a, %m, %v) : (memref<256xf32, #gpu.address_space<workgroup>>, index, f32) -> ()
    }
    return
  }
  func.func @a(%s: memref<256xf32, #gpu.address_space<workgroup>>, %x: f32) {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c1 : index
    scf.if %low {
      func.call @b(%s, %x) : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
    }
    return
  }
  func.func @b(%s: memref<256xf32, #gpu.address_space<workgroup>>, %x: f32) {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    memref.store %x, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %v = memref.load %s[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    return
  }
  gpu.func @k_rec(%x: f32) workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c4 = arith.constant 4 : index
    func.call @rec(%a, %c4, %x) : (memref<256xf32, #gpu.address_space<workgroup>>, index, f32) -> ()
    gpu.return
  }
  gpu.func @k_order(%x: f32) workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    func.call @a(%s, %x) : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
    gpu.return
  }
}
