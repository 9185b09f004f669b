// error-limit=N: the most errors the analysis reports at one function,
// as clang's -ferror-limit (per function here); the rest are counted and
// said in one error at the function. Each kernel below has 13 steps of a
// store and a load of the next slot in one divergent scf.if: 13 RAW and
// 12 WAR hazards no barrier may order (a barrier in divergent control
// flow could hang), one error each with a note at the other access.
//
// The default, 20 per function: each kernel's first 20, then one error at
// the kernel for the other 5.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT-COUNT-20: error: amdsync: cannot order {{RAW|WAR}} hazard
// DEFAULT-NOT: error: amdsync: cannot order
// DEFAULT: error-limit.mlir:57:3: error: amdsync: 5 more errors at this function not shown (error-limit=20; error-limit=0 shows them all)
// DEFAULT-COUNT-20: error: amdsync: cannot order {{RAW|WAR}} hazard
// DEFAULT-NOT: error: amdsync: cannot order
// DEFAULT: error-limit.mlir:132:3: error: amdsync: 5 more errors at this function not shown (error-limit=20; error-limit=0 shows them all)
// DEFAULT-NOT: error
//
// error-limit=0: every error, no count.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 error-limit=0})' %s -o /dev/null 2>&1 | grep -c 'error: amdsync: cannot order' | FileCheck %s --check-prefix=ALL
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942 error-limit=0})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// ALL: {{^}}50{{$}}
// NONE-NOT: more error
//
// error-limit=1 in the pipeline, the driver's --error-limit=24: one left
// over is "1 more error".
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942 error-limit=1})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// ONE-COUNT-1: error: amdsync: cannot order {{RAW|WAR}} hazard
// ONE: note: amdsync: cannot order {{RAW|WAR}} hazard
// ONE-NOT: error: amdsync: cannot order
// ONE: error: amdsync: 24 more errors at this function not shown (error-limit=1; error-limit=0 shows them all)
// RUN: not %amdsync-opt --target=gfx942 --error-limit=24 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DRIVER
// DRIVER: 1 more error at this function not shown (error-limit=24;
// DRIVER: 1 more error at this function not shown (error-limit=24;
//
// The checker has the same limit: on the input (no barriers) 20 of each
// kernel's 103 unordered pairs.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY-COUNT-20: error: amdsync-verify: unordered {{RAW|WAR|WAW}} hazard
// VERIFY-NOT: error: amdsync-verify
// VERIFY: error: amdsync: 83 more errors at this function not shown
//
// The counts count every error: the checker's summary all 206; the
// barrier pass on MLIR counts none in its stats, limited or not.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942 summary=true})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: remark: amdsync-verify: 2 function(s), 206 violation(s)
// RUN: not %amdsync-opt --target=gfx942 --stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS-NOT: Errors reported
//
// A count it cannot read is an error where the pipeline is parsed.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{error-limit=-1})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{error-limit=})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: option 'error-limit' takes a count of errors per function (0: no limit)
// RUN: not %amdsync-opt --error-limit=many %s 2>&1 | FileCheck %s --check-prefix=BADDRIVER
// BADDRIVER: amdsync-opt: --error-limit takes a count of errors per function
gpu.module @m {
  gpu.func @first(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %low = arith.cmpi ult, %tid, %c32 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    scf.if %low {
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c1 = arith.constant 1 : index
      %t1 = arith.addi %tid, %c1 : index
      %v1 = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v1, %g[%t1] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c2 = arith.constant 2 : index
      %t2 = arith.addi %tid, %c2 : index
      %v2 = memref.load %a[%t2] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v2, %g[%t2] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c3 = arith.constant 3 : index
      %t3 = arith.addi %tid, %c3 : index
      %v3 = memref.load %a[%t3] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v3, %g[%t3] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c4 = arith.constant 4 : index
      %t4 = arith.addi %tid, %c4 : index
      %v4 = memref.load %a[%t4] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v4, %g[%t4] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c5 = arith.constant 5 : index
      %t5 = arith.addi %tid, %c5 : index
      %v5 = memref.load %a[%t5] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v5, %g[%t5] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c6 = arith.constant 6 : index
      %t6 = arith.addi %tid, %c6 : index
      %v6 = memref.load %a[%t6] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v6, %g[%t6] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c7 = arith.constant 7 : index
      %t7 = arith.addi %tid, %c7 : index
      %v7 = memref.load %a[%t7] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v7, %g[%t7] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c8 = arith.constant 8 : index
      %t8 = arith.addi %tid, %c8 : index
      %v8 = memref.load %a[%t8] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v8, %g[%t8] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c9 = arith.constant 9 : index
      %t9 = arith.addi %tid, %c9 : index
      %v9 = memref.load %a[%t9] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v9, %g[%t9] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c10 = arith.constant 10 : index
      %t10 = arith.addi %tid, %c10 : index
      %v10 = memref.load %a[%t10] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v10, %g[%t10] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c11 = arith.constant 11 : index
      %t11 = arith.addi %tid, %c11 : index
      %v11 = memref.load %a[%t11] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v11, %g[%t11] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c12 = arith.constant 12 : index
      %t12 = arith.addi %tid, %c12 : index
      %v12 = memref.load %a[%t12] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v12, %g[%t12] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c13 = arith.constant 13 : index
      %t13 = arith.addi %tid, %c13 : index
      %v13 = memref.load %a[%t13] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v13, %g[%t13] : memref<256xf32, 1>
    }
    gpu.return
  }
  gpu.func @second(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %low = arith.cmpi ult, %tid, %c32 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    scf.if %low {
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c1 = arith.constant 1 : index
      %t1 = arith.addi %tid, %c1 : index
      %v1 = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v1, %g[%t1] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c2 = arith.constant 2 : index
      %t2 = arith.addi %tid, %c2 : index
      %v2 = memref.load %a[%t2] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v2, %g[%t2] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c3 = arith.constant 3 : index
      %t3 = arith.addi %tid, %c3 : index
      %v3 = memref.load %a[%t3] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v3, %g[%t3] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c4 = arith.constant 4 : index
      %t4 = arith.addi %tid, %c4 : index
      %v4 = memref.load %a[%t4] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v4, %g[%t4] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c5 = arith.constant 5 : index
      %t5 = arith.addi %tid, %c5 : index
      %v5 = memref.load %a[%t5] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v5, %g[%t5] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c6 = arith.constant 6 : index
      %t6 = arith.addi %tid, %c6 : index
      %v6 = memref.load %a[%t6] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v6, %g[%t6] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c7 = arith.constant 7 : index
      %t7 = arith.addi %tid, %c7 : index
      %v7 = memref.load %a[%t7] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v7, %g[%t7] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c8 = arith.constant 8 : index
      %t8 = arith.addi %tid, %c8 : index
      %v8 = memref.load %a[%t8] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v8, %g[%t8] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c9 = arith.constant 9 : index
      %t9 = arith.addi %tid, %c9 : index
      %v9 = memref.load %a[%t9] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v9, %g[%t9] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c10 = arith.constant 10 : index
      %t10 = arith.addi %tid, %c10 : index
      %v10 = memref.load %a[%t10] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v10, %g[%t10] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c11 = arith.constant 11 : index
      %t11 = arith.addi %tid, %c11 : index
      %v11 = memref.load %a[%t11] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v11, %g[%t11] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c12 = arith.constant 12 : index
      %t12 = arith.addi %tid, %c12 : index
      %v12 = memref.load %a[%t12] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v12, %g[%t12] : memref<256xf32, 1>
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %c13 = arith.constant 13 : index
      %t13 = arith.addi %tid, %c13 : index
      %v13 = memref.load %a[%t13] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v13, %g[%t13] : memref<256xf32, 1>
    }
    gpu.return
  }
}
