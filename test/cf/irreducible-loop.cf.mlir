// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-lds-barriers{target=gfx942},amdsync-verify)' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx1201},amdsync-verify)' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// CHECK-COUNT-2: amdgpu.lds_barrier
// SPLIT-COUNT-2: rocdl.s.barrier.wait
// BARE: error: amdsync-verify: unordered
// CHECK-NOT: amdgpu.lds_barrier
// SPLIT-NOT: rocdl.s.barrier.wait

// irreducible-loop (cf form). A cycle ^A <-> ^B entered at either block
// (two headers: irreducible), all conditions uniform (kernel arguments and a
// counter that starts at a constant and steps by 1). ^A stores a[tid], ^B
// reads a[tid+1].
//
//   ^bb0 --flag--> ^A(0)      ^bb0 --!flag--> ^B(0)
//   ^A(i): store;  i < n ? ^B(i) : ^exit
//   ^B(i): load;   i+1 < n ? ^A(i+1) : ^exit
//
// Hazards: RAW store(^A) -> load(^B) along ^A -> ^B; WAR load(^B) ->
// store(^A) along ^B -> ^A. No single position lies on both paths (the
// store and the load are each on the other's path), so:
//
// EXPECTED: 2 barriers, both inside the cycle, none before it or in ^exit:
//   - RAW: in ^A after the store (before the cond_br) or in ^B before the
//     load (^B also runs on the !flag entry: one extra execution there; a
//     barrier at the end of ^A also runs on the ^A -> ^exit path);
//   - WAR: in ^B after the load or in ^A before the store.
// Each trip around the cycle (^A then ^B) executes 2 barriers. Uniform:
// no error. The checker must accept the result. (No structured equivalent.)
gpu.module @m {
  gpu.func @irreducible(%g: memref<256xf32, 1>, %n: index, %flag: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    cf.cond_br %flag, ^A(%c0 : index), ^B(%c0 : index)
  ^A(%i: index):
    %x = memref.load %g[%i] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // (expected barrier) (RAW; or at the start of ^B)
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^B(%i : index), ^exit
  ^B(%j: index):
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    // (expected barrier) (WAR; or at the start of ^A)
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    %j1 = arith.addi %j, %c1 : index
    %again = arith.cmpi ult, %j1, %n : index
    cf.cond_br %again, ^A(%j1 : index), ^exit
  ^exit:
    gpu.return
  }
}
