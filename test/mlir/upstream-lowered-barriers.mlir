// Barriers as upstream lowers them count as the barriers they are: after
// convert-amdgpu-to-rocdl, amdgpu.lds_barrier is a workgroup release fence,
// rocdl.s.barrier (or the split signal and wait on gfx1201 and gfx1250)
// and an acquire fence, with the LDS-only MMRA. amdsync run on that output
// credits every one (no barrier added, none completed again), the checker
// accepts it, and the IR is unchanged. (Six windows: gemm-loop states no
// workgroup size, so the stores a[tid] of two iterations are a write/write
// window too, lanes that differ in tid.y writing one element.)
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %S/gemm-loop.mlir | mlir-opt --pass-pipeline='builtin.module(gpu.module(convert-amdgpu-to-rocdl{chipset=gfx942}))' -o %t.942.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 summary=true})' %t.942.mlir -o %t.942.again.mlir 2>&1 | FileCheck %s
// RUN: mlir-opt %t.942.mlir | diff - %t.942.again.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %S/gemm-loop.mlir | mlir-opt --pass-pipeline='builtin.module(gpu.module(convert-amdgpu-to-rocdl{chipset=gfx1201}))' -o %t.1201.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201 summary=true})' %t.1201.mlir -o %t.1201.again.mlir 2>&1 | FileCheck %s
// RUN: mlir-opt %t.1201.mlir | diff - %t.1201.again.mlir
// RUN: grep -c 'rocdl.s.barrier' %t.942.mlir | FileCheck %s --check-prefix=COUNT942
// RUN: grep -c 'rocdl.s.barrier' %t.1201.mlir | FileCheck %s --check-prefix=COUNT1201

// CHECK: amdsync-lds-barriers: 1 function(s), 4 hazard window(s), 4 already ordered; inserted 0 barrier(s), 0 ordering point(s), 0 signal(s), 0 wait(s), 0 fallback(s); completed 0 barrier(s) with fences
// CHECK: amdsync-waitcnt: 1 function(s), 0 async operation(s); inserted 0 counter wait(s)
// CHECK: amdsync-verify: 1 function(s), 0 violation(s)
// COUNT942: 2
// COUNT1201: 6
