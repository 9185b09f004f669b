// gpu.all_reduce synchronizes the workgroup: its lowering (-test-gpu-rewrite)
// writes partial results to a workgroup buffer of its own between
// gpu.barriers on every path. It orders an LDS store before it with a load
// after it, so the barrier pass inserts nothing around it; on gfx1201 in
// particular no signal moves across it (its own signal/wait would nest
// inside an open pair: signal, signal, wait, wait). The ISA shows the
// user's ds_store, the all_reduce's split barrier, and the user's ds_load
// (offset:4, the neighbour's element) after it.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o %t.1201.mlir
// RUN: FileCheck %s --check-prefix=MLIR < %t.1201.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %t.1201.mlir | diff - %t.1201.mlir
// RUN: mlir-opt --test-gpu-rewrite %t.1201.mlir | %lower-to-isa gfx1201 | FileCheck %s --check-prefix=GFX12
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.942.mlir
// RUN: FileCheck %s --check-prefix=MLIR < %t.942.mlir
// RUN: mlir-opt --test-gpu-rewrite %t.942.mlir | %lower-to-isa gfx942 | FileCheck %s --check-prefix=GFX9

// MLIR-LABEL: gpu.func @reduce
// MLIR-NOT: rocdl.s.barrier
// MLIR-NOT: amdgpu.lds_barrier
// MLIR-NOT: llvm.fence
// MLIR: memref.store
// MLIR-NEXT: gpu.all_reduce
// MLIR-NOT: rocdl.s.barrier
// MLIR-NOT: amdgpu.lds_barrier
// MLIR-NOT: llvm.fence
// MLIR: gpu.return

// GFX12-LABEL: reduce:
// GFX12: ds_store_b32 [[A:v[0-9]+]], v{{[0-9]+}}{{$}}
// GFX12: s_barrier_signal -1
// GFX12: s_barrier_wait -1
// GFX12: ds_load_b32 v{{[0-9]+}}, [[A]] offset:4
// GFX12: s_endpgm

// GFX9-LABEL: reduce:
// GFX9: ds_write_b32 [[A:v[0-9]+]], v{{[0-9]+}}{{$}}
// GFX9: s_barrier
// GFX9: ds_read_b32 v{{[0-9]+}}, [[A]] offset:4
// GFX9: s_endpgm
gpu.module @m {
  gpu.func @reduce(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    %r = gpu.all_reduce add %x uniform {} : (f32) -> (f32)
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %v, %r : f32
    memref.store %s, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// Execution oracle (tools/amdsync-exec): the synchronized kernel run on one
// workgroup of 64 lanes (two waves on gfx1201) is clean.
// RUN: %lower-to-llvm gfx1201 < %t.1201.mlir | %amdsync-exec - --waw=off --target=gfx1201 --block=64 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// RUN: %lower-to-llvm gfx942 < %t.942.mlir | %amdsync-exec - --waw=off --target=gfx942 --block=64 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: reduce: clean barriers=2 wave-barriers=0 schedules=8
