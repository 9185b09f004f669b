// A call through a value (func.call_indirect, llvm.call of a pointer) may
// reach any function whose address is taken (func.constant,
// llvm.mlir.addressof, any symbol reference but a direct call's callee).
// When one of them executes a workgroup barrier (here: the barrier the pass
// itself puts into the helper), the indirect call under a divergent branch
// is a hang and is refused, like the direct call. On 359b8e9 both kernels
// were accepted with the barriers inserted into the helpers, and the
// checker accepted that output (Inputs/indirect-call-barrier-359b8e9.mlir).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %S/Inputs/indirect-call-barrier-359b8e9.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: %lower-to-llvm gfx942 < %S/Inputs/indirect-call-barrier-359b8e9.mlir | not %amdsync-exec - --target=gfx942 --kernel=lk --block=128 --schedules=2 | FileCheck %s --check-prefix=EXEC
// Under a uniform branch the same calls are fine: accepted, the helper
// gets its barrier, the checker agrees.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %S/Inputs/indirect-call-uniform.mlir | FileCheck %s --check-prefix=UNIFORM

// VERIFY: error: amdsync-verify: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup
// VERIFY: error: amdsync-verify: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup
// EXEC: hang: lk: barrier
// UNIFORM-LABEL: func.func @helper
// UNIFORM: amdgpu.lds_barrier
// UNIFORM-LABEL: gpu.func @k
// UNIFORM: func.call_indirect

gpu.module @m {
  func.func @helper(%a: memref<256xf32, #gpu.address_space<workgroup>>, %x: f32) {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    return
  }
  gpu.func @k(%x: f32) workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %f = func.constant @helper : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
    %low = arith.cmpi ult, %tid, %c1 : index
    // expected-note @+1 {{lanes may go different ways here: this branch decides by the thread id}}
    scf.if %low {
      // expected-error @+1 {{amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup (waves that skip it never arrive: hang)}}
      func.call_indirect %f(%a, %x) : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @lhelper(%x: f32) {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %p = llvm.getelementptr %l[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %p : f32, !llvm.ptr<3>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %p : f32, !llvm.ptr<3>
    llvm.return
  }
  llvm.func @lk(%x: f32) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %tid = rocdl.workitem.id.x : i32
    %fp = llvm.mlir.addressof @lhelper : !llvm.ptr
    %low = llvm.icmp "ult" %tid, %c1 : i32
    // expected-note @+1 {{lanes may go different ways here: this branch decides by the thread id}}
    llvm.cond_br %low, ^then, ^end
  ^then:
    // expected-error @+1 {{amdsync: call of a function that executes a workgroup barrier, in control flow that may diverge within the workgroup (waves that skip it never arrive: hang)}}
    llvm.call %fp(%x) : !llvm.ptr, (f32) -> ()
    llvm.br ^end
  ^end:
    llvm.return
  }
}
