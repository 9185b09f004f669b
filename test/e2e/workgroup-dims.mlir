// workgroup-dims=N on the MLIR side (test/llvm/workgroup-dims.ll has the
// LLVM side and HIP): a kernel without known_block_size whose lanes each
// store their own s[tid.x] in a loop of their own trip count, then read
// s[255 - tid.x] (Inputs/waw-own-slot-unsized.mlir). In a workgroup of
// several rows, lanes that differ only in tid.y store to one slot from
// divergent control flow: refused (test/e2e/waw-indexed.mlir), with
// workgroup-dims=2 too. With workgroup-dims=1 every slot is one lane's:
// one barrier, before the read, on both sides of the cross-check.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 workgroup-dims=1})' %S/Inputs/waw-own-slot-unsized.mlir -o %t.942.mlir
// RUN: FileCheck %s < %t.942.mlir
// RUN: %lower-to-llvm gfx942 < %t.942.mlir > %t.942.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942;workgroup-dims=1>' %t.942.ll -disable-output
// RUN: not %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
// RUN: %amdsync-exec %t.942.ll --target=gfx942 --default-block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201 workgroup-dims=1})' %S/Inputs/waw-own-slot-unsized.mlir | %lower-to-llvm gfx1201 > %t.1201.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201;workgroup-dims=1>' %t.1201.ll -disable-output
// RUN: %amdsync-exec %t.1201.ll --target=gfx1201 --default-block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC
// EXEC: clean barriers=1
// RUN: %amdsync-opt --target=gfx942 --workgroup-dims=1 %S/Inputs/waw-own-slot-unsized.mlir | FileCheck %s
// RUN: %lower-to-isa gfx942 < %t.942.mlir | FileCheck %s --check-prefix=ISA
//
// A helper runs in its callers' workgroups: workgroup-dims does not make
// its tid.y 0 (Inputs/workgroup-dims-helper.mlir, called from a 16 x 16
// kernel; a review's race: no barrier placed): one barrier, in the helper,
// clean at 16 x 16 and accepted by the LLVM checker with the statement.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 workgroup-dims=1})' %S/Inputs/workgroup-dims-helper.mlir -o %t.helper.mlir
// RUN: FileCheck %s --check-prefix=HELPER < %t.helper.mlir
// RUN: %lower-to-llvm gfx942 < %t.helper.mlir > %t.helper.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942;workgroup-dims=1>' %t.helper.ll -disable-output
// RUN: %amdsync-exec %t.helper.ll --target=gfx942 --kernel=k2d --schedules=4 | FileCheck %s --check-prefix=HELPER-EXEC
// HELPER-LABEL: func.func @helper
// HELPER: memref.store
// HELPER: amdgpu.lds_barrier
// HELPER: memref.load
// HELPER-EXEC: k2d: clean barriers=1
//
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 workgroup-dims=2})' %S/Inputs/waw-own-slot-unsized.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: lanes that differ only in tid.y touch the same bytes
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 workgroup-dims=0})' %S/Inputs/waw-own-slot-unsized.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: amdsync: option 'workgroup-dims' takes 1, 2 or 3 (the dimensions of the workgroups the kernels run in), not '0'
//
// CHECK-LABEL: gpu.func @own_slot
// CHECK: scf.while
// CHECK: memref.store
// CHECK: scf.yield
// CHECK: amdgpu.lds_barrier
// CHECK-NOT: barrier
// CHECK: memref.load
// CHECK-NOT: barrier
// CHECK: gpu.return
//
// ISA-LABEL: own_slot:
// ISA: ds_write_b32
// ISA: s_barrier
// ISA-NOT: s_barrier
// ISA: ds_read_b32
