// The picture of the bundled example (examples/gemm.mlir, a tiled GEMM
// loop of unknown trips; issue 23, 4) on all three entry points: the
// driver (--picture), the mlir-opt plugin (picture=, the same bytes) and
// the opt plugin (amdsync<picture=...>) on its lowering to LLVM IR. Each is
// rendered by rsvg-convert (and headless Chromium where installed) and its
// text checked: the resource names, the barriers with their executed count
// (n: the loop's trips are unknown), the windows.
// RUN: %amdsync-opt --target=gfx942 --picture=%t.svg %S/../../examples/gemm.mlir > /dev/null
// RUN: sh %S/../tools/check-svg.sh %t.gemm.svg
// RUN: FileCheck %s --check-prefix=MONO < %t.gemm.svg
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 picture=%t-plugin.svg})' %S/../../examples/gemm.mlir -o /dev/null
// RUN: cmp %t.gemm.svg %t-plugin.gemm.svg
// Split barriers (gfx1201): signal/wait pairs and their brackets.
// RUN: %amdsync-opt --target=gfx1201 --picture=%t-split %S/../../examples/gemm.mlir > /dev/null
// RUN: sh %S/../tools/check-svg.sh %t-split.gemm.svg
// RUN: FileCheck %s --check-prefix=SPLIT < %t-split.gemm.svg
// The opt plugin on the example lowered to LLVM IR.
// RUN: %lower-to-llvm gfx1201 < %S/../../examples/gemm.mlir > %t.ll
// RUN: %opt-amdsync -passes='amdsync<target=gfx1201;picture=%t-llvm.svg>' %t.ll -S -o /dev/null
// RUN: sh %S/../tools/check-svg.sh %t-llvm.gemm.svg
// RUN: FileCheck %s --check-prefix=LLVM < %t-llvm.gemm.svg
// The README's picture (docs/picture.gemm.svg) is the example's as it is
// drawn now.
// RUN: cd %S/../.. && %amdsync-opt --target=gfx1201 --picture=%t-doc.svg examples/gemm.mlir > /dev/null
// RUN: cmp %t-doc.gemm.svg %S/../../docs/picture.gemm.svg
// The option prints back as it was given.
// RUN: %opt-amdsync -passes='amdsync-lds-barriers<target=gfx1201;picture=k.svg>' -print-pipeline-passes %t.ll -disable-output | FileCheck %s --check-prefix=PRINT

// MONO: <title>amdsync: @gemm</title>
// MONO: amdsync: @gemm on gfx942
// MONO: 4 hazard window(s), 2 barrier(s)
// MONO: loop (b1): n trips (unknown; the placement weighs 16)
// MONO: >workgroup attribution #0<
// MONO: WAR loop-carried
// MONO: RAW
// MONO: >workgroup attribution #1<
// MONO: >barrier ×n<
// MONO: >barrier ×n<
// MONO-NOT: ✗
// MONO: </svg>

// SPLIT: amdsync: @gemm on gfx1201
// SPLIT: 2 split signal/wait pair(s)
// SPLIT: >workgroup attribution #0<
// SPLIT: >workgroup attribution #1<
// SPLIT-DAG: >wait ×n<
// SPLIT-DAG: >signal ×n<
// SPLIT-DAG: >peeled signal ×1<
// SPLIT-DAG: >peeled wait ×1<
// SPLIT-DAG: stroke="#c03060" stroke-width="1.5"
// SPLIT: </svg>

// LLVM: amdsync: @gemm on gfx1201
// LLVM: >@__wg_gemm_0<
// LLVM: >@__wg_gemm_1<
// LLVM-DAG: >wait ×n<
// LLVM-DAG: >signal ×n<

// PRINT: amdsync-lds-barriers<target=gfx1201;picture=k.svg>
