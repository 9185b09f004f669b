// The MLIR passes have names of their own where MLIR shows them
// (--mlir-timing; on 5fa4867 "{anonymous}::AllPass"), and the driver
// reports amdsync's version (issue 22, 3 and 5).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers,amdsync-waitcnt,amdsync-verify,amdsync)' --mlir-timing %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: %amdsync-opt --version | FileCheck %s --check-prefix=VERSION
// RUN: %amdsync-opt --help | FileCheck %s --check-prefix=HELP

// TIME: Execution time report
// TIME: AmdsyncLdsBarriers
// TIME-NEXT: AmdsyncWaitcnt
// TIME-NEXT: AmdsyncVerify
// TIME-NEXT: Amdsync
// TIME-NOT: anonymous

// VERSION: amdsync {{[0-9]+\.[0-9]+\.[0-9]+}} (LLVM and MLIR 22.{{[0-9]+}}.{{[0-9]+}})
// HELP: amdsync-opt --version

gpu.module @m [#rocdl.target<chip = "gfx942">] {
  gpu.func @k(%a: memref<64xf32, #gpu.address_space<workgroup>>, %x: f32) kernel {
    %i = gpu.thread_id x
    %c = arith.constant 63 : index
    %j = arith.subi %c, %i : index
    memref.store %x, %a[%i] : memref<64xf32, #gpu.address_space<workgroup>>
    %v = memref.load %a[%j] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %a[%i] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
