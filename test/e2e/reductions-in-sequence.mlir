// Forty tree reductions in sequence (Inputs/reductions.sh 40): the shape
// of a generated layernorm or softmax kernel, one reduction per row.
// Each loop brings a row symbol and a stride symbol of its own, more
// than the 64 one function could have before the proofs stopped (the
// symbols are now counted per pair of accesses: program.c, sharedSymbols),
// and the loops ask the proofs the same pairs with new symbols (one
// answer per pair of proof classes: proofClass). Refused before ("every
// position ... may diverge"). One barrier per halving step, one before
// the total is read and one before the next reduction's store: 3 per
// reduction less the first store's, as an expert places them. Checked on
// both sides, run by the oracle, and the LLVM front end places the same
// number on the input lowered to LLVM IR.
//
// RUN: sh %S/Inputs/reductions.sh 40 > %t.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.mlir -o %t.942.mlir
// RUN: grep -c amdgpu.lds_barrier %t.942.mlir | FileCheck %s --check-prefix=COUNT
// RUN: %lower-to-llvm gfx942 < %t.942.mlir > %t.942.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.942.ll -disable-output
// RUN: %amdsync-exec %t.942.ll --kernel=k --target=gfx942 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %t.mlir -o %t.1201.mlir
// RUN: %lower-to-llvm gfx1201 < %t.1201.mlir > %t.1201.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx1201>' %t.1201.ll -disable-output
// RUN: %amdsync-exec %t.1201.ll --kernel=k --target=gfx1201 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC
// RUN: %lower-to-llvm gfx942 < %t.mlir > %t.in.ll
// RUN: %opt-amdsync -passes='amdsync<target=gfx942>' %t.in.ll -S -o %t.out.ll
// RUN: grep -c "call void @llvm.amdgcn.s.barrier()" %t.out.ll | FileCheck %s --check-prefix=LLVM-COUNT
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.out.ll -disable-output
// RUN: %amdsync-exec %t.out.ll --kernel=k --target=gfx942 --block=256 --schedules=2 | FileCheck %s --check-prefix=EXEC
// In the ISA, in each halving step the barrier comes before the step's reads
// (the previous step's write, or the reduction's first store), one before
// the total is read, one after it before the next reduction's store; 119
// in all, as placed.
// RUN: %lower-to-isa gfx942 < %t.942.mlir > %t.942.s
// RUN: grep -E 's_barrier|ds_|Loop Header|s_endpgm' %t.942.s | FileCheck %s --check-prefix=ISA
// RUN: grep -c s_barrier %t.942.s | FileCheck %s --check-prefix=COUNT
//
// ISA: ds_write_b32
// ISA: Inner Loop Header
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_read_b32
// ISA-NEXT: ds_read_b32
// ISA-NEXT: ds_write_b32
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_read_b32
// ISA-NEXT: s_barrier
// ISA-NEXT: ds_write_b32
// ISA-NEXT: Inner Loop Header
// ISA-NEXT: s_barrier
// ISA: s_endpgm
//
// COUNT: {{^}}119{{$}}
// LLVM-COUNT: {{^}}119{{$}}
// EXEC: k: clean barriers={{[0-9]+}} wave-barriers=0
