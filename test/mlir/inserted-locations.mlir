// Inserted ops carry a location that names amdsync and the hazard they
// order, on the location of the op beside them (issue 23, 3): with
// --mlir-print-debuginfo a reader tells them from the input's (on
// 8f64f15 they had the neighbour's location alone). Monolithic barriers,
// the split signal and wait, fences completing an input barrier.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s --mlir-print-debuginfo | FileCheck %s --check-prefix=GFX9
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s --mlir-print-debuginfo | FileCheck %s --check-prefix=GFX12

// GFX9-LABEL: gpu.func @raw
// GFX9:       memref.store
// GFX9:       amdgpu.lds_barrier loc([[B:#loc[0-9]+]])
// GFX9:       gpu.func @unfenced
// GFX9:       llvm.fence syncscope("workgroup") release {{.*}} loc([[F:#loc[0-9]+]])
// GFX9-NEXT:  rocdl.s.barrier
// GFX9-DAG:   [[B]] = loc("amdsync barrier: orders RAW hazard on workgroup attribution #0"(#loc{{[0-9]+}}))
// GFX9-DAG:   [[F]] = loc("amdsync fence completing a barrier"(#loc{{[0-9]+}}))

// GFX12-LABEL: gpu.func @raw
// GFX12:       rocdl.s.barrier.signal id = -1 loc([[S:#loc[0-9]+]])
// GFX12:       rocdl.s.barrier.wait id = -1 loc([[W:#loc[0-9]+]])
// GFX12-DAG:   [[S]] = loc("amdsync barrier signal: orders RAW hazard on workgroup attribution #0"(#loc{{[0-9]+}}))
// GFX12-DAG:   [[W]] = loc("amdsync barrier wait: orders RAW hazard on workgroup attribution #0"(#loc{{[0-9]+}}))

gpu.module @m {
  gpu.func @raw(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c255 = arith.constant 255 : index
    %t = gpu.thread_id x
    %v = memref.load %g[%t] : memref<256xf32, 1>
    memref.store %v, %a[%t] : memref<256xf32, #gpu.address_space<workgroup>>
    %u = arith.subi %c255, %t : index
    %w = memref.load %a[%u] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %g[%t] : memref<256xf32, 1>
    gpu.return
  }
  gpu.func @unfenced(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c255 = arith.constant 255 : index
    %t = gpu.thread_id x
    %v = memref.load %g[%t] : memref<256xf32, 1>
    memref.store %v, %a[%t] : memref<256xf32, #gpu.address_space<workgroup>>
    rocdl.s.barrier
    %u = arith.subi %c255, %t : index
    %w = memref.load %a[%u] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %g[%t] : memref<256xf32, 1>
    gpu.return
  }
}
