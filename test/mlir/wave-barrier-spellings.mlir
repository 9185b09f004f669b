// Wave-level ordering points in each spelling (one-wave workgroup on
// gfx942): one between wavefront fences, written through
// llvm.call_intrinsic, is credited (nothing is added); one written alone
// through llvm.call orders nothing: the checker rejects it and the pass
// completes it with wavefront fences rather than adding a second point.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REJECT
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.mlir | diff - %t.mlir

// REJECT-NOT: error: {{.*}}wave barrier without
// REJECT: error: amdsync-verify: wave barrier without wavefront-scope fences: no release fence before it and acquire fence after it
// REJECT-NEXT: llvm.call @llvm.amdgcn.wave.barrier()

// CHECK-LABEL: gpu.func @fenced_call_intrinsic
// CHECK: memref.store
// CHECK-NEXT: llvm.fence syncscope("wavefront") release
// CHECK-NEXT: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"()
// CHECK-NEXT: llvm.fence syncscope("wavefront") acquire
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.load
// CHECK-LABEL: gpu.func @bare_call
// CHECK: memref.store
// CHECK-NEXT: llvm.fence syncscope("wavefront") release {llvm.mmra = #mmra_tag}
// CHECK-NEXT: llvm.call @llvm.amdgcn.wave.barrier()
// CHECK-NEXT: llvm.fence syncscope("wavefront") acquire {llvm.mmra = #mmra_tag}
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.load
// CHECK-NOT: wave.barrier

gpu.module @m {
  llvm.func @llvm.amdgcn.wave.barrier()
  gpu.func @fenced_call_intrinsic(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("wavefront") release
    llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
    llvm.fence syncscope("wavefront") acquire
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
  gpu.func @bare_call(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    llvm.call @llvm.amdgcn.wave.barrier() : () -> ()
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
}
