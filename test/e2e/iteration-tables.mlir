// Iteration tables on the MLIR side (issue 21; passes/mlir/translate.c,
// addTable): a uniform scf.for of constant bounds and step and 2 to 64
// trips, whose induction variable an index or a condition reads through
// an op no index form follows (`128 >> i`, `1 << i`), is read once per
// iteration with the variable bound to that iteration's value: a case
// split on the loop's row symbol (amdsyncAccessSetCases), and the guards
// of each iteration (`tid < 128 >> i`: AmdsyncGuard.case_var). Both were
// refused before ("every position ... may diverge"): the tree reduction
// and the Blelloch scan that kernel generators emit. Each output is
// lowered to LLVM IR and checked there (the LLVM side builds its own
// table of the lowered loop, tested at the top; that needed a shift by a
// counter, `1 << i` and `256 >> 0`, on the LLVM side too), run by the
// execution oracle, and a second run inserts nothing.
//
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.942.mlir
// RUN: FileCheck %s < %t.942.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.942.mlir | diff - %t.942.mlir
// RUN: %lower-to-llvm gfx942 < %t.942.mlir > %t.942.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
// RUN: %amdsync-exec %t.942.ll --kernel=reduce --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC-REDUCE
// RUN: %amdsync-exec %t.942.ll --kernel=scan --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC-SCAN
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o %t.1201.mlir
// RUN: %lower-to-llvm gfx1201 < %t.1201.mlir > %t.1201.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.1201.ll -disable-output
// RUN: %amdsync-exec %t.1201.ll --kernel=reduce --target=gfx1201 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC-REDUCE
// RUN: %amdsync-exec %t.1201.ll --kernel=scan --target=gfx1201 --block=256 --schedules=4 | FileCheck %s --check-prefix=EXEC-SCAN
// RUN: %lower-to-isa gfx942 < %t.942.mlir | FileCheck %s --check-prefix=ISA
// The kernels as written race (the oracle), and the checker says so.
// RUN: %lower-to-llvm gfx942 < %s > %t.in.ll
// RUN: not %amdsync-exec %t.in.ll --kernel=reduce --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=RACE-REDUCE
// RUN: not %amdsync-exec %t.in.ll --kernel=scan --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=RACE-SCAN
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKER
// A step whose lanes reach past the pairs it adds (`tid < 256 >> i`
// reading s[tid + 128 >> i]: lane t + 128 >> i is written while lane t
// reads it, in the same iteration, inside the divergent `if`) is refused on
// both sides, naming the two offsets of the first iteration; the oracle
// finds the race.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %S/Inputs/iteration-tables-overlap.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVERLAP
// RUN: %lower-to-llvm gfx942 < %S/Inputs/iteration-tables-overlap.mlir > %t.overlap.ll
// RUN: not %opt-amdsync -passes='amdsync<target=gfx942>' %t.overlap.ll -disable-output 2>&1 | FileCheck %s --check-prefix=OVERLAP-LLVM
// RUN: not %amdsync-exec %t.overlap.ll --kernel=reduce --target=gfx942 --block=256 --schedules=4 | FileCheck %s --check-prefix=RACE-REDUCE
// A hostile review's: an unsigned i32 loop counting past the sign bit
// (Inputs/iteration-tables-unsigned.mlir). Its values were taken as
// lb + step * k in 64 bits, the address of the last two iterations 1024
// bytes off, and the pass emitted no barrier where lane 255 - t's store
// and lane t's load meet; the checker accepted the input. A narrow counter
// whose values may pass its sign bit now has no symbol and no table
// (forSymbol): one barrier, clean, and the checker rejects the input.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %S/Inputs/iteration-tables-unsigned.mlir -o %t.u.mlir
// RUN: %lower-to-llvm gfx942 < %t.u.mlir > %t.u.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.u.ll -disable-output
// RUN: %amdsync-exec %t.u.ll --kernel=k --target=gfx942 --block=256 --schedules=8 | FileCheck %s --check-prefix=EXEC-U
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %S/Inputs/iteration-tables-unsigned.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKER-U
// The same loop with a guard `tid > i` (Inputs/iteration-tables-unsigned-
// guard.mlir): the counter's symbol ranged from 2^31 - 2 up, the guard let
// no lane in, and the barrier-only pass emitted none (older than the
// tables). Now no symbol: one barrier, clean.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %S/Inputs/iteration-tables-unsigned-guard.mlir -o %t.ug.mlir
// RUN: %lower-to-llvm gfx942 < %t.ug.mlir > %t.ug.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ug.ll -disable-output
// RUN: %amdsync-exec %t.ug.ll --kernel=k --target=gfx942 --block=256 --schedules=8 | FileCheck %s --check-prefix=EXEC-U
//
// The reduction: one barrier at the top of each step, none after the loop
// (lane 0's read of s[0] is its own: only lane 0 ever writes s[0]); 8
// executed, one per step (the authors' shape runs one more, before or
// after).
// CHECK-LABEL: gpu.func @reduce
// CHECK:       scf.for
// CHECK:         arith.cmpi ult
// CHECK-NEXT:    amdgpu.lds_barrier
// CHECK-NEXT:    scf.if
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK:       gpu.return
// The scan: one barrier at the top of each sweep's step, one between the
// sweeps and one before the reads; 20 executed, as its authors place
// them (the placement does not use the last row here: lowered, the loop is
// tested at the top, and the LLVM side's check of the output could not
// follow it; docs/design.md 8, "Iteration tables").
// CHECK-LABEL: gpu.func @scan
// CHECK:       scf.for
// CHECK:         amdgpu.lds_barrier
// CHECK-NEXT:    scf.if
// CHECK:       amdgpu.lds_barrier
// CHECK-NEXT:  scf.if
// CHECK:       scf.for
// CHECK:         amdgpu.lds_barrier
// CHECK-NEXT:    scf.if
// CHECK:       amdgpu.lds_barrier
// CHECK-NEXT:  memref.load
// CHECK-NOT:   amdgpu.lds_barrier
// CHECK:       gpu.return
//
// ISA-LABEL: reduce:
// ISA:       s_barrier
// ISA:       ds_read_b32
// ISA:       ds_write_b32
// ISA:       s_cbranch
// ISA-NOT:   s_barrier
// ISA:       s_endpgm
//
// EXEC-REDUCE: amdsync-exec: reduce: clean barriers=8 wave-barriers=0
// EXEC-SCAN: amdsync-exec: scan: clean barriers=20 wave-barriers=0
// RACE-REDUCE: race{{.*}}: reduce:
// EXEC-U: amdsync-exec: k: clean barriers=1 wave-barriers=0
// CHECKER-U: error: amdsync-verify: unordered RAW hazard
// RACE-SCAN: race{{.*}}: scan:
// CHECKER-DAG: error: amdsync-verify: unordered {{RAW|WAR}} hazard
// OVERLAP: error: amdsync: cannot order WAR hazard on workgroup attribution #0: {{.*}}their offsets, by iteration (the first: workgroup attribution #0 + 4*tid.x + 512 and workgroup attribution #0 + 4*tid.x), may meet across lanes in some iteration
// OVERLAP-LLVM: error: in function 'reduce': amdsync: cannot order WAR hazard

gpu.module @m {
  gpu.func @reduce(%out: memref<256xf32, 1>) workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %v = arith.index_cast %tid : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c8 step %c1 {
      %st = arith.shrui %c128, %i : index
      %act = arith.cmpi ult, %tid, %st : index
      scf.if %act {
        %j = arith.addi %tid, %st : index
        %a = memref.load %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        %b = memref.load %s[%j] : memref<256xf32, #gpu.address_space<workgroup>>
        %c = arith.addf %a, %b : f32
        memref.store %c, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      }
    }
    %is0 = arith.cmpi eq, %tid, %c0 : index
    scf.if %is0 {
      %r = memref.load %s[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%c0] : memref<256xf32, 1>
    }
    gpu.return
  }
  gpu.func @scan(%out: memref<512xf32, 1>) workgroup(%t: memref<512xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c9 = arith.constant 9 : index
    %c256 = arith.constant 256 : index
    %c511 = arith.constant 511 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %tid = gpu.thread_id x
    %two = arith.muli %tid, %c2 : index
    %two1 = arith.addi %two, %c1 : index
    %two2 = arith.addi %two, %c2 : index
    memref.store %one, %t[%two] : memref<512xf32, #gpu.address_space<workgroup>>
    memref.store %one, %t[%two1] : memref<512xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c9 step %c1 {
      %d = arith.shrui %c256, %i : index
      %off = arith.shli %c1, %i : index
      %act = arith.cmpi ult, %tid, %d : index
      scf.if %act {
        %a0 = arith.muli %off, %two1 : index
        %ai = arith.subi %a0, %c1 : index
        %b0 = arith.muli %off, %two2 : index
        %bi = arith.subi %b0, %c1 : index
        %x = memref.load %t[%ai] : memref<512xf32, #gpu.address_space<workgroup>>
        %y = memref.load %t[%bi] : memref<512xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %x, %y : f32
        memref.store %s, %t[%bi] : memref<512xf32, #gpu.address_space<workgroup>>
      }
    }
    %is0 = arith.cmpi eq, %tid, %c0 : index
    scf.if %is0 {
      memref.store %zero, %t[%c511] : memref<512xf32, #gpu.address_space<workgroup>>
    }
    scf.for %i = %c0 to %c9 step %c1 {
      %d = arith.shli %c1, %i : index
      %off = arith.shrui %c256, %i : index
      %act = arith.cmpi ult, %tid, %d : index
      scf.if %act {
        %a0 = arith.muli %off, %two1 : index
        %ai = arith.subi %a0, %c1 : index
        %b0 = arith.muli %off, %two2 : index
        %bi = arith.subi %b0, %c1 : index
        %x = memref.load %t[%ai] : memref<512xf32, #gpu.address_space<workgroup>>
        %y = memref.load %t[%bi] : memref<512xf32, #gpu.address_space<workgroup>>
        memref.store %y, %t[%ai] : memref<512xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %x, %y : f32
        memref.store %s, %t[%bi] : memref<512xf32, #gpu.address_space<workgroup>>
      }
    }
    %r0 = memref.load %t[%two] : memref<512xf32, #gpu.address_space<workgroup>>
    %r1 = memref.load %t[%two1] : memref<512xf32, #gpu.address_space<workgroup>>
    memref.store %r0, %out[%two] : memref<512xf32, 1>
    memref.store %r1, %out[%two1] : memref<512xf32, 1>
    gpu.return
  }
}
