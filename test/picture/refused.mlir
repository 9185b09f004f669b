// The picture of a function amdsync refuses (issue 23, 4): a RAW hazard
// whose accesses both sit in one divergent scf.if. The picture still comes
// out, with the divergent branch marked and the pair in red with the
// error's reason; the pass fails as it does without a picture. A picture
// that cannot be written is an error at the function, on each entry point.
// RUN: not %amdsync-opt --target=gfx942 --picture=%t.svg %s > /dev/null 2>&1
// RUN: sh %S/../tools/check-svg.sh %t.intra.svg
// RUN: FileCheck %s < %t.intra.svg
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 picture=%t-plugin.svg})' %s -o /dev/null 2>/dev/null
// RUN: cmp %t.intra.svg %t-plugin.intra.svg
//
// RUN: not %amdsync-opt --target=gfx942 --picture=%t-missing/k.svg %S/../../examples/gemm.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 picture=%t-missing/k.svg})' %S/../../examples/gemm.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE-MLIR
// RUN: %lower-to-llvm gfx942 < %S/../../examples/gemm.mlir > %t.ll
// RUN: not %opt-amdsync -passes='amdsync<target=gfx942;picture=%t-missing/k.svg>' %t.ll -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE-LLVM
// The option needs a file name.
// RUN: not %amdsync-opt --picture= %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{picture=})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY-MLIR
// RUN: not %opt-amdsync -passes='amdsync<picture>' %t.ll -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY-LLVM

// CHECK: amdsync: @intra on gfx942
// CHECK: refused: see the reasons below
// CHECK: divergent branch
// CHECK: >workgroup attribution #0<
// CHECK: RAW
// CHECK: stroke="#d00000" stroke-width="2.5" marker-end="url(#red)"
// CHECK: >✗1 refused: cannot order RAW hazard on workgroup attribution #0<
// CHECK: Refused (the errors, as reported):
// CHECK: >✗1 amdsync: cannot order RAW hazard on workgroup attribution #0: every position between &apos;memref.store&apos;
// CHECK: known_block_size, or the workgroup-dims option)
// CHECK: </svg>

// NOFILE: error: amdsync: cannot write the picture '{{.*}}-missing/k.gemm.svg': No such file or directory
// NOFILE-MLIR: gemm.mlir:7:3: error: amdsync: cannot write the picture '{{.*}}-missing/k.gemm.svg': No such file or directory
// NOFILE-LLVM: error: in function 'gemm': amdsync: cannot write the picture '{{.*}}-missing/k.gemm.svg': No such file or directory
// EMPTY: amdsync-opt: --picture needs a file name
// EMPTY-MLIR: error: amdsync: option 'picture' needs a file name
// EMPTY-LLVM: invalid amdsync pass parameter 'picture': picture needs a value
gpu.module @m {
  gpu.func @intra(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %low = arith.cmpi ult, %tid, %c32 : index
    scf.if %low {
      %x = memref.load %g[%tid] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %t1 = arith.addi %tid, %c1 : index
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
    }
    gpu.return
  }
}
