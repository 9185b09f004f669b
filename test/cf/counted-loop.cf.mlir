// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK-COUNT-2: amdgpu.lds_barrier
// SPLIT-COUNT-2: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait

// counted-loop (cf form). The gemm-loop.mlir kernel written with cf blocks:
// header ^h(%i) tests i < n (n a kernel argument: uniform; i starts at a
// constant and steps by a constant: uniform), body stores a[tid] and b[tid]
// then reads a[tid+1] and b[tid+1], back edge with i+1.
//
// EXPECTED: exactly what the scf.for form gets (gemm-loop.mlir,
// structured/counted-loop.scf.mlir): 2 barriers, both in ^body, none in ^h
// (it runs n+1 times), none before or after the loop:
//   - loop-carried WAR (last iteration's loads -> this iteration's stores):
//     right before the first LDS store;
//   - RAW (stores -> loads): right before the first LDS load.
// 2 per iteration, 2n executed.
gpu.module @m {
  gpu.func @counted_loop(%g: memref<1024xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %zero = arith.constant 0.0 : f32
    cf.br ^h(%c0, %zero : index, f32)
  ^h(%i: index, %acc: f32):
    %more = arith.cmpi slt, %i, %n : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    %x = memref.load %g[%i] : memref<1024xf32, 1>
    // (expected barrier) (WAR, loop-carried)
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %x, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // (expected barrier) (RAW)
    %va = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %vb = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %p = arith.mulf %va, %vb : f32
    %s = arith.addf %acc, %p : f32
    %i1 = arith.addi %i, %c1 : index
    cf.br ^h(%i1, %s : index, f32)
  ^exit:
    memref.store %acc, %g[%tid] : memref<1024xf32, 1>
    gpu.return
  }
}
