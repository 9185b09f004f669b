// summary=true reports each pass's counts in one remark; without it the
// passes are silent.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 summary=true},amdsync-verify{summary=true})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201 summary=true},amdsync-verify{summary=true})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// SUMMARY: remark: amdsync-lds-barriers: 1 function(s), 4 hazard window(s), 0 already ordered; inserted 2 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s); completed 0 barrier(s) with fences
// SUMMARY: remark: amdsync-verify: 1 function(s), 0 violation(s)
// SPLIT: remark: amdsync-lds-barriers: 1 function(s), 4 hazard window(s), 0 already ordered; inserted 0 barrier(s), 0 ordering point(s), 3 signal(s), 3 wait(s), 0 fallback(s); completed 0 barrier(s) with fences
// QUIET-NOT: remark
gpu.module @m {
  gpu.func @gemm(%g: memref<1024xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    scf.for %k = %c0 to %n step %c1 {
      %x = memref.load %g[%k] : memref<1024xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %x, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %va = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %vb = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %va, %vb : f32
      memref.store %s, %g[%k] : memref<1024xf32, 1>
    }
    gpu.return
  }
}
