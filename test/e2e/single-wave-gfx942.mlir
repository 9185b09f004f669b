// End to end on gfx942 for a workgroup of one wave (known_block_size 64,
// wave64): lanes exchange data through LDS. The pass inserts only the
// wave-level ordering point, which lowers to no instruction: in the ISA the
// ds_write comes right before the dependent ds_read, with no s_barrier
// anywhere. Control: without the ordering point llc hoists the ds_read
// above the ds_write (different address of the same lane) and the lanes
// read stale data; that is why the point is needed.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s \
// RUN:   | mlir-opt --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf,convert-gpu-to-rocdl{chipset=gfx942}),reconcile-unrealized-casts)' \
// RUN:   | %unwrap-gpu-module | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -march=amdgcn -mcpu=gfx942 -o - | FileCheck %s
// RUN: mlir-opt --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf,convert-gpu-to-rocdl{chipset=gfx942}),reconcile-unrealized-casts)' %s \
// RUN:   | %unwrap-gpu-module | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -march=amdgcn -mcpu=gfx942 -o - | FileCheck %s --check-prefix=CONTROL

// CHECK-LABEL: single_wave:
// CHECK-NOT: s_barrier
// CHECK-NOT: ds_read
// CHECK: global_load_dword [[X:v[0-9]+]], [[ADDR:v[0-9]+]]
// CHECK-NOT: ds_
// CHECK: s_waitcnt vmcnt(0)
// CHECK-NEXT: ds_write_b32 [[ADDR]], [[X]]{{$}}
// CHECK-NEXT: ; wave barrier
// CHECK-NEXT: ds_read_b32 v{{[0-9]+}}, [[ADDR]] offset:4
// CHECK-NOT: s_barrier
// CHECK-NOT: ds_
// CHECK: s_endpgm

// CONTROL-LABEL: single_wave:
// CONTROL: ds_read_b32
// CONTROL: ds_write_b32
// CONTROL: s_endpgm
gpu.module @m {
  gpu.func @single_wave(%g: memref<128xf32, 1>)
      workgroup(%a: memref<65xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<128xf32, 1>
    memref.store %x, %a[%tid] : memref<65xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<65xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%t1] : memref<128xf32, 1>
    gpu.return
  }
}

// Execution oracle: one wave, one free ordering point, clean; without it
// the exchange between lanes races.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s | %lower-to-llvm gfx942 | %amdsync-exec - --waw=off --target=gfx942 --args=0,1024,1 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: single_wave: clean barriers=0 wave-barriers=1 schedules=8
// RUN: %lower-to-llvm gfx942 < %s | not %amdsync-exec - --waw=off --target=gfx942 --args=0,1024,1 | FileCheck %s --check-prefix=EXEC-RACE
// EXEC-RACE: race: single_wave: write at {{.*}} (lane {{[0-9]+}} wave 0) and read at {{.*}} (lane {{[0-9]+}} wave 0)
