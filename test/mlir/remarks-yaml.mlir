// MLIR 22's remark framework (issue 23, 1): with --remarks-filter=amdsync
// the passes' remarks are optimization remarks of category `amdsync`,
// which --remark-format=yaml writes to --remarks-output-file (on 8f64f15:
// a 0-byte file): a `passed` remark that the pass runs (asking the engine
// whether it takes the category at all), then one per inserted barrier, at
// it, naming the hazards it orders; llvm-remarkutil reads the file.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %S/../../examples/gemm.mlir --remarks-filter=amdsync --remark-format=yaml --remarks-output-file=%t.yaml -o /dev/null
// RUN: FileCheck %s < %t.yaml
// RUN: llvm-remarkutil count --parser=yaml --group-by=total --count-by=remark-name %t.yaml | FileCheck %s --check-prefix=COUNT
// Each remark names every window its barrier orders (on 8f64f15 only the
// one it was placed for): both barriers of the GEMM order both buffers'
// windows.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 remarks=true})' %S/../../examples/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=EVERY
// EVERY: remark: amdsync: barrier orders loop-carried WAR hazard on workgroup attribution #0 between {{.*}}; and {{.*}}loop-carried WAR hazard on workgroup attribution #1 between 'memref.load'
// EVERY: remark: amdsync: barrier orders RAW hazard on workgroup attribution #0 between {{.*}}; and RAW hazard on workgroup attribution #1 between 'memref.store'
// Without the filter nothing is streamed, and the plain remarks stay off.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %S/../../examples/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// CHECK:      --- !Passed
// CHECK-NEXT: Pass:            amdsync
// CHECK-NEXT: Name:            run
// CHECK:        - Remark:          'amdsync: amdsync runs'
// CHECK:      --- !Passed
// CHECK-NEXT: Pass:            amdsync
// CHECK-NEXT: Name:            synchronization
// CHECK-NEXT: DebugLoc:        { File: '{{.*}}gemm.mlir',
// CHECK: Line: 16, Column: 7 }
// CHECK:        - Remark:          'amdsync: barrier orders loop-carried WAR hazard on workgroup attribution #0 between ''memref.load''
// CHECK:      --- !Passed
// CHECK-NEXT: Pass:            amdsync
// CHECK-NEXT: Name:            synchronization
// CHECK-NEXT: DebugLoc:        { File: '{{.*}}gemm.mlir',
// CHECK: Line: 19, Column: 13 }
// CHECK:        - Remark:          'amdsync: barrier orders RAW hazard on workgroup attribution #0 between ''memref.store''
// CHECK-NOT:  --- !
// COUNT: Total,3
// QUIET-NOT: remark
