// Explanations (issue 23, 1): a window the input's barriers already order
// gets an `analysis` remark named `already-ordered` that names the barrier.
// The bundled GEMM, synchronized once, is the input: each of its hazard
// windows is then ordered by the barriers the first run placed, one remark
// each (as many as the summary's "already ordered"), and nothing is added.
// RUN: %amdsync-opt --target=gfx942 %S/../../examples/gemm.mlir -o %t.once.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %t.once.mlir --remarks-filter=amdsync --remark-format=yaml --remarks-output-file=%t.yaml -o %t.twice.mlir
// RUN: FileCheck %s < %t.yaml
// RUN: grep -c '^Name: *already-ordered' %t.yaml | FileCheck %s --check-prefix=COUNT
// RUN: %amdsync-opt --target=gfx942 --summary %t.once.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: diff %t.once.mlir %t.twice.mlir
// Each names its function (the engine's Function field; on 94c0dac
// '<unknown function>'), all but the probe that asks whether the engine
// takes the category.
// RUN: grep -c '^Function: *gemm$' %t.yaml | FileCheck %s --check-prefix=FUNC
// RUN: grep -c '^Function: *.<unknown function>.$' %t.yaml | FileCheck %s --check-prefix=PROBE
// FUNC: 4
// PROBE: 1
// CHECK:      --- !Analysis
// CHECK-NEXT: Pass:            amdsync
// CHECK-NEXT: Name:            already-ordered
// CHECK:        - Remark:          'amdsync: no barrier for {{RAW|WAR|WAW}} pair on workgroup attribution #{{[01]}} between ''memref.{{load|store}}'' at loc({{.*}}) and ''memref.{{load|store}}'' at loc({{.*}}): already-ordered: the input''s barrier ''amdgpu.lds_barrier'' at loc({{.*}}) stands on every path between them'
// CHECK-NOT:  --- !Passed
// COUNT: 4
// SUMMARY: 4 already ordered; placed 0 barrier(s)
