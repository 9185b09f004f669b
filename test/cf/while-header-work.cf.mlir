// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK-COUNT-3: amdgpu.lds_barrier
// SPLIT-COUNT-3: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait

// while-header-work (cf form). A while loop whose header does LDS work
// before the exit test: ^h(%i) stores a[tid] = f(i), then tests i < n
// (uniform); ^body reads a[tid+1]; after the loop ^exit reads a[tid+1] once
// more (the value the last header stored).
//
// The header runs n+1 times, the body n times, ^exit once. Hazards:
//   RAW store(^h) -> load(^body)  (path ^h -> ^body)
//   RAW store(^h) -> load(^exit)  (path ^h -> ^exit)
//   WAR load(^body) -> store(^h)  (path ^body -> ^h, loop-carried)
//
// EXPECTED: 2n+1 barriers executed (the minimum), no error. What the
// structured pass does for the scf.while equivalent
// (structured/while-header-work.scf.mlir), 3 static barriers:
//   ^body right before its LDS load (n), ^body at its end after the load
//   (n, loop-carried WAR), ^exit right before its LDS load (1).
// Equally good: 2 static barriers, ^h after the store before the exit test
// (n+1: covers both RAWs) and ^body after its load (n). Not acceptable
// (not minimal): a barrier in ^h before the store plus one after it (2n+2).
gpu.module @m {
  gpu.func @while_header_work(%g: memref<256xf32, 1>, %n: index)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    cf.br ^h(%c0 : index)
  ^h(%i: index):
    %fi = arith.index_cast %i : index to i32
    %f = arith.sitofp %fi : i32 to f32
    memref.store %f, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    // (expected barrier) (RAW from ^h)
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%i] : memref<256xf32, 1>
    %i1 = arith.addi %i, %c1 : index
    // (expected barrier) (loop-carried WAR)
    cf.br ^h(%i1 : index)
  ^exit:
    // (expected barrier) (RAW from the last ^h)
    %w = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
