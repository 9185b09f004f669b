// FAILING (soundness): every zero-sized LDS variable is dynamic LDS, and
// all of them are placed at one address (AMDGPULowerModuleLDS,
// isDynamicLDS: an addrspace(3) global of size 0, whatever its linkage;
// upstream lowers gpu.dynamic_shared_memory to an internal one,
// @__dynamic_shmem__0). The MLIR front end (resources.c, traceRoot) keys
// each llvm.mlir.addressof / memref.get_global by its symbol and
// gpu.dynamic_shared_memory by itself: two such globals, or one and
// gpu.dynamic_shared_memory, are distinct resources that never alias. A
// store through one and another lane's load through the other get no
// barrier, and the checker accepts them.
//
// Expected (the RUN lines): a barrier between the two accesses; the
// checker rejects each kernel as written.
//
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -split-input-file | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

// Two external zero-sized LDS globals. Observed: no barrier; checker clean.
// LLVM IR checker rejects (external declarations are one resource there).
// CHECK-LABEL: llvm.func @two_external_dynamic_globals
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global external @dyn_a() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global external @dyn_b() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @two_external_dynamic_globals(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @dyn_a : !llvm.ptr<3>
    %b = llvm.mlir.addressof @dyn_b : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %a[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %t1 = llvm.add %tid, %k1 : i32
    %l = llvm.getelementptr %b[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: lds-tracing-dynamic-lds.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// The memref spelling: two external zero-sized memref.globals, widened by
// reinterpret_cast. Observed: no barrier; checker clean. LLVM IR checker
// rejects.
// CHECK-LABEL: gpu.func @two_external_dynamic_memref_globals
// CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @m {
  memref.global @mdyn_a : memref<0xf32, #gpu.address_space<workgroup>>
  memref.global @mdyn_b : memref<0xf32, #gpu.address_space<workgroup>>
  gpu.func @two_external_dynamic_memref_globals(%g: memref<256xf32, 1>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %a0 = memref.get_global @mdyn_a : memref<0xf32, #gpu.address_space<workgroup>>
    %b0 = memref.get_global @mdyn_b : memref<0xf32, #gpu.address_space<workgroup>>
    %a = memref.reinterpret_cast %a0 to offset: [0], sizes: [256], strides: [1] : memref<0xf32, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %b = memref.reinterpret_cast %b0 to offset: [0], sizes: [256], strides: [1] : memref<0xf32, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: lds-tracing-dynamic-lds.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'memref.store'
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// An external zero-sized global and gpu.dynamic_shared_memory. Observed:
// no barrier; checker clean; LLVM IR checker clean too (it takes only
// external declarations for dynamic LDS, and upstream lowers
// gpu.dynamic_shared_memory to an internal zero-sized global).
// CHECK-LABEL: gpu.func @external_global_and_dynamic_shared_memory
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
gpu.module @m {
  llvm.mlir.global external @dyn_a() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  gpu.func @external_global_and_dynamic_shared_memory(%g: memref<256xf32, 1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %tidi = arith.index_cast %tid : index to i32
    %a = llvm.mlir.addressof @dyn_a : !llvm.ptr<3>
    %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %v2 = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %s = llvm.getelementptr %a[%tidi] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: lds-tracing-dynamic-lds.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
    %v = memref.load %v2[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
