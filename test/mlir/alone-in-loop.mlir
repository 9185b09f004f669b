// An op that is alone in a loop conflicts with itself across iterations:
// other waves run iteration k+1's read-modify-write while this one is still
// in iteration k. An unknown op taking the LDS buffer (here `memref.copy`,
// which reads and writes) and a call each get a barrier inside the loop,
// and the checker rejects the loop without one.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -split-input-file | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null

// BARE-COUNT-2: error: amdsync-verify: unordered RAW hazard
// CHECK-LABEL: gpu.func @copy_alone
// CHECK: scf.for
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.copy
// CHECK-NEXT: }
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
gpu.module @m {
  gpu.func @copy_alone(%n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      memref.copy %a, %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @call_alone
// CHECK: scf.for
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: func.call @touch
// CHECK-NEXT: }
gpu.module @m {
  func.func private @touch(memref<256xf32, #gpu.address_space<workgroup>>)
  gpu.func @call_alone(%n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      func.call @touch(%a) : (memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    }
    gpu.return
  }
}
