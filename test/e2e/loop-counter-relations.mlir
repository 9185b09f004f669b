// An scf.for up to an outer induction variable (`scf.for %j = %c0 to %i`)
// on the MLIR side (docs/design.md 2b, AmdsyncRange.rel): j <= i - 1 where
// it runs. Rodinia's LU diagonal shape: lanes t > i update their own row,
// a[16*t + i] -= a[16*j + i] for the rows j < i above, under an unsigned
// guard over the induction variable (read over the symbols' ranges). The
// rows above i and below it are disjoint only with the relation. The
// output is lowered to LLVM IR and checked there (the lowered loops test
// at the header, so i's range reaches 16 and the checker needs to know
// that only i was defined again between two outer iterations, not j:
// per-symbol staleness), run by the oracle, and a second run inserts
// nothing. One row too far (Inputs/lu-rows-overreach.mlir) is refused,
// rejected, and races in the oracle.
//
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.942.mlir
// RUN: FileCheck %s < %t.942.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.942.mlir | diff - %t.942.mlir
// RUN: %lower-to-llvm gfx942 < %t.942.mlir > %t.942.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
// RUN: %amdsync-exec %t.942.ll --target=gfx942 --block=128 --args=1.0 --schedules=4 | FileCheck %s --check-prefix=EXEC
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o %t.1201.mlir
// RUN: %lower-to-llvm gfx1201 < %t.1201.mlir > %t.1201.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.1201.ll -disable-output
// RUN: %amdsync-exec %t.1201.ll --target=gfx1201 --block=128 --args=1.0 --schedules=4 | FileCheck %s --check-prefix=EXEC
// In the ISA, one s_barrier, at the top of the outer loop, none in the inner.
// RUN: %lower-to-isa gfx942 < %t.942.mlir | FileCheck %s --check-prefix=ISA --implicit-check-not=s_barrier
// As written (no barrier), the MLIR checker accepts it. The LLVM checker
// does not, on the lowered kernel: a loop that tests at its header gives
// its counter the exit value too (i up to 16, which only the exit sees),
// and "iteration 16" reads the row lane 1 wrote in iteration 0. Not a race
// the kernel runs; the barrier amdsync places covers it.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %S/Inputs/lu-rows-overreach.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %S/Inputs/lu-rows-overreach.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVERCHECK
// RUN: %lower-to-llvm gfx942 < %S/Inputs/lu-rows-overreach.mlir > %t.over.ll
// RUN: not %amdsync-exec %t.over.ll --target=gfx942 --block=128 --args=1.0 | FileCheck %s --check-prefix=OVERRACE
//
// The placement still puts one barrier at the top of the outer loop: across
// two outer iterations its disjoint-ranges proof cannot relate the two i
// (the checker, enumerating, sees none is needed).
// CHECK-LABEL: gpu.func @lu_rows
// CHECK:       scf.for
// CHECK-NEXT:  arith.cmpi ugt
// CHECK-NEXT:  amdgpu.lds_barrier
// CHECK-NEXT:  scf.if
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK:       gpu.return
//
// ISA-LABEL: lu_rows:
// ISA:       s_barrier
// ISA:       ds_read_b32
// ISA:       ds_write_b32
// ISA:       s_endpgm
//
// EXEC: amdsync-exec: lu_rows: clean
//
// OVER: error: amdsync: cannot order {{WAR|RAW}} hazard on workgroup attribution #0
// OVERCHECK: error: amdsync-verify: unordered {{WAR|RAW}} hazard on workgroup attribution #0
// OVERRACE: race: lu_rows_overreach:

gpu.module @m {
  gpu.func @lu_rows(%x: f32)
      workgroup(%a: memref<2048xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %t = gpu.thread_id x
    %row = arith.muli %t, %c16 : index
    scf.for %i = %c0 to %c16 step %c1 {
      %below = arith.cmpi ugt, %t, %i : index
      scf.if %below {
        %own = arith.addi %row, %i : index
        scf.for %j = %c0 to %i step %c1 {
          %jrow = arith.muli %j, %c16 : index
          %p = arith.addi %jrow, %i : index
          %v = memref.load %a[%p] : memref<2048xf32, #gpu.address_space<workgroup>>
          %y = memref.load %a[%own] : memref<2048xf32, #gpu.address_space<workgroup>>
          %d = arith.subf %y, %v : f32
          memref.store %d, %a[%own] : memref<2048xf32, #gpu.address_space<workgroup>>
        }
      }
    }
    gpu.return
  }
}
