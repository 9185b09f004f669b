// What counts as a barrier's fences (brief §2, docs/design.md §8): a
// release fence right before it and an acquire fence right after it, of
// that ordering or stronger, at workgroup scope or wider, with no MMRA or
// one that includes LDS; ops that touch no LDS between them (counter
// waits, index arithmetic, global memory) change nothing. A
// wavefront-scope fence, an MMRA of global memory only, swapped orderings,
// or an LDS access between fence and barrier leave it unfenced: the checker
// rejects each, and the barrier pass completes each (and only those).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -verify-diagnostics -o /dev/null
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 summary=true})' %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: amdsync-lds-barriers: 6 function(s), 6 hazard window(s), 6 already ordered; inserted 0 barrier(s){{.*}}completed 4 barrier(s) with fences
// CHECK: amdsync-verify: 6 function(s), 0 violation(s)
#global = #llvm.mmra_tag<"amdgpu-synchronize-as":"global">
#local = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
gpu.module @m {
  // Agent scope, no MMRA, a counter wait between fence and barrier, a
  // local MMRA on the acquire side: all order LDS.
  gpu.func @wide_enough(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("agent") release
    rocdl.s.waitcnt 0
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") acq_rel {llvm.mmra = #local}
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  // Index arithmetic and a global store between fence and barrier change
  // nothing for LDS.
  gpu.func @neutral_between(%x: f32, %g: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("workgroup") release
    %t1 = arith.addi %tid, %c1 : index
    memref.store %x, %g[%tid] : memref<64xf32, 1>
    rocdl.s.barrier
    %t2 = arith.addi %tid, %c1 : index
    llvm.fence syncscope("workgroup") acquire
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  // Each of these leaves LDS out on one side.
  gpu.func @wavefront_scope(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    // expected-note @+1 {{unordered RAW hazard}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("wavefront") release
    // expected-error @+1 {{barrier without workgroup-scope fences: no release fence before it;}}
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") acquire
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{unordered RAW hazard}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @global_only(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    // expected-note @+1 {{unordered RAW hazard}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("workgroup") release
    // expected-error @+1 {{barrier without workgroup-scope fences: no acquire fence after it;}}
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") acquire {llvm.mmra = #global}
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{unordered RAW hazard}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @wrong_orderings(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    // expected-note @+1 {{unordered RAW hazard}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    llvm.fence syncscope("workgroup") acquire
    // expected-error @+1 {{barrier without workgroup-scope fences: no release fence before it and acquire fence after it;}}
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") release
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{unordered RAW hazard}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @access_between(%x: f32)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    llvm.fence syncscope("workgroup") release
    // expected-note @+1 {{unordered RAW hazard}}
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{barrier without workgroup-scope fences: no release fence before it;}}
    rocdl.s.barrier
    llvm.fence syncscope("workgroup") acquire
    %t1 = arith.addi %tid, %c1 : index
    // expected-error @+1 {{unordered RAW hazard}}
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
