// Hostile tests for how the MLIR front end finds LDS accesses and their
// resources (ops.c, resources.c, translate.c), after the LLVM IR front end
// was found to miss some of them: a pointer or memref that reaches LDS
// through a select, a loop-carried value, an op with two LDS operands, a
// vector of LDS pointers, dynamic LDS, a call. Each kernel has one
// cross-lane hazard (lane tid writes element tid, another lane reads it as
// tid+1, or the whole buffer is read or written): the barrier pass puts a
// barrier between the two accesses, and the checker rejects the input as
// written. The spellings amdsync still misses are in
// FAILING-lds-tracing-*.mlir.txt; the refusals of unknown region ops are in
// lds-tracing-hostile-regions.mlir.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s | FileCheck %s
// RUN: %amdsync-opt --target=gfx942 %s | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @B() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @C() {addr_space = 3 : i32} : !llvm.array<1024 x f32>
  llvm.mlir.global internal @D() {addr_space = 3 : i32} : !llvm.array<4096 x f32>
  func.func private @helper(memref<256xf32, #gpu.address_space<workgroup>>)
  func.func private @helper_flat(memref<256xf32>)
  func.func private @helper_none()
  llvm.func @ll_helper(!llvm.ptr<3>)
  llvm.func @ll_helper_flat(!llvm.ptr)

  //===--- 1. A select of two LDS buffers, written through, one read ---===//

  // arith.select of two workgroup memrefs: the store through it may write
  // %b, which another lane then reads. The gpu.barrier after the select
  // leaves only the store through it to order against the load (the select
  // itself is taken for an access: FAILING-lds-tracing-false-accesses).
  // CHECK-LABEL: gpu.func @select_memref
  // CHECK: gpu.barrier
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @select_memref(%g: memref<256xf32, 1>, %c: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %p = arith.select %c, %a, %b : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %p[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on unknown memory: a path from 'memref.store'
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // scf.if choosing between two workgroup memrefs.
  // CHECK-LABEL: gpu.func @if_memref
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @if_memref(%g: memref<256xf32, 1>, %c: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %p = scf.if %c -> memref<256xf32, #gpu.address_space<workgroup>> {
      scf.yield %a : memref<256xf32, #gpu.address_space<workgroup>>
    } else {
      scf.yield %b : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %p[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on unknown memory: a path from 'memref.store'
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // llvm.select of two LDS globals' !llvm.ptr<3>.
  // CHECK-LABEL: llvm.func @select_ptr3
  // CHECK: gpu.barrier
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: llvm.add
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @select_ptr3(%gp: !llvm.ptr<1>, %c: i1) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %p = llvm.select %c, %a, %b : i1, !llvm.ptr<3>
    gpu.barrier
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %p[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %b[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on unknown memory: a path from 'llvm.store'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }

  //===--- 2. Loop-carried LDS pointers and memrefs --------------------===//

  // Double buffering: the two workgroup memrefs swap as scf.for iter_args;
  // %cur is %a in every other iteration. RAW (store %cur, load %a) in the
  // iteration, WAR (load %a, store %cur) across the back edge.
  // CHECK-LABEL: gpu.func @pingpong_memref
  // CHECK: scf.for
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @pingpong_memref(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a, %nxt = %b)
        -> (memref<256xf32, #gpu.address_space<workgroup>>, memref<256xf32, #gpu.address_space<workgroup>>) {
      memref.store %x, %cur[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      // RACY-DAG: hostile.mlir:[[@LINE+2]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on unknown memory: a path from 'memref.store'
      // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: note: amdsync-verify: unordered WAR hazard on workgroup attribution #{{[0-9]+}}: a path from this access reaches 'memref.store'
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      scf.yield %nxt, %cur : memref<256xf32, #gpu.address_space<workgroup>>, memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }

  // An !llvm.ptr<3> iter_arg stepped by a GEP each iteration (it stays in
  // @C for the first iterations, where other lanes read).
  // CHECK-LABEL: gpu.func @iter_arg_ptr3
  // CHECK: scf.for
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @iter_arg_ptr3(%gp: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k256 = llvm.mlir.constant(256 : i32) : i32
    %a = llvm.mlir.addressof @C : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %a) -> (!llvm.ptr<3>) {
      %s = llvm.getelementptr %p[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
      llvm.store %x, %s : f32, !llvm.ptr<3>
      %l = llvm.getelementptr %a[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
      // RACY-DAG: hostile.mlir:[[@LINE+2]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @C: a path from 'llvm.store'
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: note: amdsync-verify: unordered WAR hazard on @C: a path from this access reaches 'llvm.store'
      %v = llvm.load %l : !llvm.ptr<3> -> f32
      llvm.store %v, %g : f32, !llvm.ptr<1>
      %pn = llvm.getelementptr %p[%k256] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
      scf.yield %pn : !llvm.ptr<3>
    }
    gpu.return
  }

  // The same loop written with cf blocks: the pointer is a block argument.
  // CHECK-LABEL: gpu.func @block_arg_ptr3
  // CHECK: ^bb1(%{{[0-9]+}}: i32
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @block_arg_ptr3(%gp: !llvm.ptr<1>) kernel {
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k4 = llvm.mlir.constant(4 : i32) : i32
    %k256 = llvm.mlir.constant(256 : i32) : i32
    %a = llvm.mlir.addressof @C : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    cf.br ^loop(%k0, %a : i32, !llvm.ptr<3>)
  ^loop(%i: i32, %p: !llvm.ptr<3>):
    %s = llvm.getelementptr %p[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %l = llvm.getelementptr %a[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: hostile.mlir:[[@LINE+2]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @C: a path from 'llvm.store'
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: note: amdsync-verify: unordered WAR hazard on @C: a path from this access reaches 'llvm.store'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    %pn = llvm.getelementptr %p[%k256] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %in = llvm.add %i, %k1 : i32
    %c = llvm.icmp "slt" %in, %k4 : i32
    cf.cond_br %c, ^loop(%in, %pn : i32, !llvm.ptr<3>), ^exit
  ^exit:
    gpu.return
  }

  // An llvm.func kernel with llvm.br block arguments.
  // CHECK-LABEL: llvm.func @llvm_block_arg_ptr3
  // CHECK: ^bb1(%{{[0-9]+}}: i32
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @llvm_block_arg_ptr3(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k4 = llvm.mlir.constant(4 : i32) : i32
    %k256 = llvm.mlir.constant(256 : i32) : i32
    %a = llvm.mlir.addressof @C : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    llvm.br ^loop(%k0, %a : i32, !llvm.ptr<3>)
  ^loop(%i: i32, %p: !llvm.ptr<3>):
    %s = llvm.getelementptr %p[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %l = llvm.getelementptr %a[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: hostile.mlir:[[@LINE+2]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @C: a path from 'llvm.store'
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: note: amdsync-verify: unordered WAR hazard on @C: a path from this access reaches 'llvm.store'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    %pn = llvm.getelementptr %p[%k256] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %in = llvm.add %i, %k1 : i32
    %c = llvm.icmp "slt" %in, %k4 : i32
    llvm.cond_br %c, ^loop(%in, %pn : i32, !llvm.ptr<3>), ^exit
  ^exit:
    llvm.return
  }

  // A phi of a phi: the inner loop's iter_arg starts at the outer one's.
  // CHECK-LABEL: gpu.func @iter_arg_of_iter_arg_ptr3
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @iter_arg_of_iter_arg_ptr3(%gp: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k256 = llvm.mlir.constant(256 : i32) : i32
    %a = llvm.mlir.addressof @D : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %a) -> (!llvm.ptr<3>) {
      %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%q = %p) -> (!llvm.ptr<3>) {
        %s = llvm.getelementptr %q[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
        llvm.store %x, %s : f32, !llvm.ptr<3>
        %l = llvm.getelementptr %a[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
        // RACY-DAG: hostile.mlir:[[@LINE+2]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @D: a path from 'llvm.store'
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: note: amdsync-verify: unordered WAR hazard on @D: a path from this access reaches 'llvm.store'
        %v = llvm.load %l : !llvm.ptr<3> -> f32
        llvm.store %v, %g : f32, !llvm.ptr<1>
        %qn = llvm.getelementptr %q[%k256] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
        scf.yield %qn : !llvm.ptr<3>
      }
      scf.yield %r2 : !llvm.ptr<3>
    }
    gpu.return
  }

  //===--- 3. Ops with two LDS pointers: the source is read -------------===//

  // memcpy from @B to @A after lanes stored into @B: RAW on @B.
  // CHECK-LABEL: llvm.func @memcpy_reads_source
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: "llvm.intr.memcpy"
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @memcpy_reads_source(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %n = llvm.mlir.constant(1024 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %b[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @B: a path from 'llvm.store'
    "llvm.intr.memcpy"(%a, %b, %n) <{isVolatile = false}> : (!llvm.ptr<3>, !llvm.ptr<3>, i32) -> ()
    llvm.return
  }

  // CHECK-LABEL: llvm.func @memmove_reads_source
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: "llvm.intr.memmove"
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @memmove_reads_source(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %n = llvm.mlir.constant(1024 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %b[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @B: a path from 'llvm.store'
    "llvm.intr.memmove"(%a, %b, %n) <{isVolatile = false}> : (!llvm.ptr<3>, !llvm.ptr<3>, i32) -> ()
    llvm.return
  }

  // The source as a flat view of @B.
  // CHECK-LABEL: llvm.func @memcpy_flat_source
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: "llvm.intr.memcpy"
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @memcpy_flat_source(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %n = llvm.mlir.constant(1024 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %fb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %b[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @B: a path from 'llvm.store'
    "llvm.intr.memcpy"(%a, %fb, %n) <{isVolatile = false}> : (!llvm.ptr<3>, !llvm.ptr, i32) -> ()
    llvm.return
  }

  // LDS to global memory: only the source is LDS.
  // CHECK-LABEL: llvm.func @memcpy_lds_to_global
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: "llvm.intr.memcpy"
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @memcpy_lds_to_global(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %n = llvm.mlir.constant(1024 : i32) : i32
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %b[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @B: a path from 'llvm.store'
    "llvm.intr.memcpy"(%gp, %b, %n) <{isVolatile = false}> : (!llvm.ptr<1>, !llvm.ptr<3>, i32) -> ()
    llvm.return
  }

  // CHECK-LABEL: llvm.func @memcpy_inline_reads_source
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: "llvm.intr.memcpy.inline"
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @memcpy_inline_reads_source(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %b[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @B: a path from 'llvm.store'
    "llvm.intr.memcpy.inline"(%a, %b) <{isVolatile = false, len = 1024 : i32}> : (!llvm.ptr<3>, !llvm.ptr<3>) -> ()
    llvm.return
  }

  // The call spelling of the intrinsic.
  // CHECK-LABEL: llvm.func @memcpy_call_intrinsic
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.call_intrinsic "llvm.memcpy.p3.p3.i32"
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @memcpy_call_intrinsic(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %n = llvm.mlir.constant(1024 : i32) : i32
    %f = llvm.mlir.constant(false) : i1
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %b[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @B: a path from 'llvm.store'
    llvm.call_intrinsic "llvm.memcpy.p3.p3.i32"(%a, %b, %n, %f) : (!llvm.ptr<3>, !llvm.ptr<3>, i32, i1) -> ()
    llvm.return
  }

  // WAR on the destination: other lanes read @A, then memcpy writes it.
  // CHECK-LABEL: llvm.func @memcpy_writes_destination
  // CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NEXT: llvm.store
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: "llvm.intr.memcpy"
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @memcpy_writes_destination(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %n = llvm.mlir.constant(1024 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %l = llvm.getelementptr %a[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered WAR hazard on @A: a path from 'llvm.load'
    "llvm.intr.memcpy"(%a, %b, %n) <{isVolatile = false}> : (!llvm.ptr<3>, !llvm.ptr<3>, i32) -> ()
    llvm.return
  }

  // memref.copy between two workgroup buffers reads its source.
  // CHECK-LABEL: gpu.func @memref_copy_reads_source
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.copy
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @memref_copy_reads_source(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on workgroup attribution #{{[0-9]+}}: a path from 'memref.store'
    memref.copy %b, %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }

  //===--- 4. Vectors of LDS pointers ------------------------------------===//

  // masked.scatter through a vector GEP of an LDS pointer; lane tid writes
  // elements 2*tid and 2*tid+1, lane tid reads 2*tid+2 (lane tid+1's).
  // CHECK-LABEL: llvm.func @scatter_vector_gep
  // CHECK: llvm.intr.masked.scatter
  // CHECK-NEXT: llvm.add
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @scatter_vector_gep(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k2 = llvm.mlir.constant(2 : i32) : i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %off = llvm.mlir.constant(dense<[0, 1]> : vector<2xi32>) : vector<2xi32>
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> vector<2xf32>
    %t2 = llvm.mul %tid, %k2 : i32
    %base = llvm.getelementptr %a[%t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %ps = llvm.getelementptr %base[%off] : (!llvm.ptr<3>, vector<2xi32>) -> vector<2x!llvm.ptr<3>>, f32
    llvm.intr.masked.scatter %x, %ps, %m {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into vector<2x!llvm.ptr<3>>
    %t3 = llvm.add %t2, %k2 : i32
    %l = llvm.getelementptr %a[%t3] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @A: a path from 'llvm.intr.masked.scatter'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }

  // The same through a flat vector of pointers (addrspacecast of the vector).
  // CHECK-LABEL: llvm.func @scatter_flat_vector
  // CHECK: llvm.intr.masked.scatter
  // CHECK-NEXT: llvm.add
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @scatter_flat_vector(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k2 = llvm.mlir.constant(2 : i32) : i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %off = llvm.mlir.constant(dense<[0, 1]> : vector<2xi32>) : vector<2xi32>
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> vector<2xf32>
    %t2 = llvm.mul %tid, %k2 : i32
    %base = llvm.getelementptr %a[%t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %ps = llvm.getelementptr %base[%off] : (!llvm.ptr<3>, vector<2xi32>) -> vector<2x!llvm.ptr<3>>, f32
    %fps = llvm.addrspacecast %ps : vector<2x!llvm.ptr<3>> to vector<2x!llvm.ptr>
    llvm.intr.masked.scatter %x, %fps, %m {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into vector<2x!llvm.ptr>
    %t3 = llvm.add %t2, %k2 : i32
    %l = llvm.getelementptr %a[%t3] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @A: a path from 'llvm.intr.masked.scatter'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }

  // A store by lane tid, then masked.gather by lane tid of elements 2*tid+2
  // and 2*tid+3 through a vector GEP.
  // CHECK-LABEL: llvm.func @gather_vector_gep
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: llvm.getelementptr
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.intr.masked.gather
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @gather_vector_gep(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k2 = llvm.mlir.constant(2 : i32) : i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %z = llvm.mlir.constant(dense<0.0> : vector<2xf32>) : vector<2xf32>
    %off = llvm.mlir.constant(dense<[2, 3]> : vector<2xi32>) : vector<2xi32>
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %t2 = llvm.mul %tid, %k2 : i32
    %s = llvm.getelementptr %a[%t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %s : f32, !llvm.ptr<3>
    %ps = llvm.getelementptr %s[%off] : (!llvm.ptr<3>, vector<2xi32>) -> vector<2x!llvm.ptr<3>>, f32
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @A: a path from 'llvm.store'
    %r = llvm.intr.masked.gather %ps, %m, %z {alignment = 4 : i32} : (vector<2x!llvm.ptr<3>>, vector<2xi1>, vector<2xf32>) -> vector<2xf32>
    llvm.store %r, %g : vector<2xf32>, !llvm.ptr<1>
    llvm.return
  }

  // vector.scatter and vector.gather on a workgroup memref.
  // CHECK-LABEL: gpu.func @vector_scatter_gather
  // CHECK: vector.scatter
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: vector.gather
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @vector_scatter_gather(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c2 = arith.constant 2 : index
    %m = arith.constant dense<true> : vector<2xi1>
    %idx = arith.constant dense<[0, 1]> : vector<2xi32>
    %tid = gpu.thread_id x
    %t2 = arith.muli %tid, %c2 : index
    %x = vector.load %g[%t2] : memref<256xf32, 1>, vector<2xf32>
    vector.scatter %a[%t2][%idx], %m, %x : memref<256xf32, #gpu.address_space<workgroup>>, vector<2xi32>, vector<2xi1>, vector<2xf32>
    %t3 = arith.addi %t2, %c2 : index
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on workgroup attribution #{{[0-9]+}}: a path from 'vector.scatter'
    %r = vector.gather %a[%t3][%idx], %m, %x : memref<256xf32, #gpu.address_space<workgroup>>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
    vector.store %r, %g[%t2] : memref<256xf32, 1>, vector<2xf32>
    gpu.return
  }

  //===--- 5. Dynamic LDS: one buffer, however many views ---------------===//

  // Two gpu.dynamic_shared_memory ops name the same memory.
  // CHECK-LABEL: gpu.func @dynamic_twice
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @dynamic_twice(%g: memref<256xf32, 1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %d1 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %d2 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %v1 = memref.view %d1[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %v2 = memref.view %d2[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %v1[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on dynamic shared memory: a path from 'memref.store'
    %v = memref.load %v2[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // Views at byte shifts 0 and 512 overlap (bytes 512..1023), the second
  // reinterpreted as 16x16: row 0 of it is elements 128..143 of the first.
  // CHECK-LABEL: gpu.func @dynamic_overlapping_views
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<16x16xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @dynamic_overlapping_views(%g: memref<256xf32, 1>) kernel {
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %tid = gpu.thread_id x
    %d1 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %d2 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %v1 = memref.view %d1[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %v2 = memref.view %d2[%c512][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %r2 = memref.reinterpret_cast %v2 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<16x16xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %v1[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on dynamic shared memory: a path from 'memref.store'
    %v = memref.load %r2[%c0, %tid] : memref<16x16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // A view at a shift known only at run time may overlap any other.
  // CHECK-LABEL: gpu.func @dynamic_unknown_shift
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @dynamic_unknown_shift(%g: memref<256xf32, 1>, %off: index) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %d1 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %d2 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %v1 = memref.view %d1[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %v2 = memref.view %d2[%off][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %v1[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on dynamic shared memory: a path from 'memref.store'
    %v = memref.load %v2[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  // A flat view of one and the workgroup view of the other.
  // CHECK-LABEL: gpu.func @dynamic_flat_view
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: memref.store {{.*}} : memref<256xf32>
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @dynamic_flat_view(%g: memref<256xf32, 1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %d1 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %d2 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %f = memref.memory_space_cast %d1 : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xi8>
    %v1 = memref.view %f[%c0][] : memref<?xi8> to memref<256xf32>
    %v2 = memref.view %d2[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %v1[%tid] : memref<256xf32>
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on dynamic shared memory: a path from 'memref.store'
    %v = memref.load %v2[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }

  //===--- 6. LDS passed to calls ----------------------------------------===//

  // CHECK-LABEL: gpu.func @func_call_lds
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: func.call @helper
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @func_call_lds(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on workgroup attribution #{{[0-9]+}}: a path from 'memref.store'
    func.call @helper(%a) : (memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    gpu.return
  }

  // A flat view passed to the callee, after other lanes read (WAR).
  // CHECK-LABEL: gpu.func @func_call_flat
  // CHECK: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: memref.store
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: func.call @helper_flat
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @func_call_flat(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %fa = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered WAR hazard on workgroup attribution #{{[0-9]+}}: a path from 'memref.load'
    func.call @helper_flat(%fa) : (memref<256xf32>) -> ()
    gpu.return
  }

  // A callee without arguments may still reach LDS.
  // CHECK-LABEL: gpu.func @func_call_no_arguments
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: func.call @helper_none
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @func_call_no_arguments(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on workgroup attribution #{{[0-9]+}}: a path from 'memref.store'
    func.call @helper_none() : () -> ()
    gpu.return
  }

  // CHECK-LABEL: gpu.func @func_call_indirect
  // CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: call_indirect
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @func_call_indirect(%g: memref<256xf32, 1>, %f: (memref<256xf32, #gpu.address_space<workgroup>>) -> ())
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on workgroup attribution #{{[0-9]+}}: a path from 'memref.store'
    func.call_indirect %f(%a) : (memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    gpu.return
  }

  // CHECK-LABEL: llvm.func @llvm_call_ptr3
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.call @ll_helper(
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @llvm_call_ptr3(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %a[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr<3>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on @A: a path from 'llvm.store'
    llvm.call @ll_helper(%a) : (!llvm.ptr<3>) -> ()
    llvm.return
  }

  // CHECK-LABEL: llvm.func @llvm_call_flat
  // CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NEXT: llvm.store
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: llvm.call @ll_helper_flat(
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: llvm.return
  llvm.func @llvm_call_flat(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %l = llvm.getelementptr %a[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered WAR hazard on @A: a path from 'llvm.load'
    llvm.call @ll_helper_flat(%fa) : (!llvm.ptr) -> ()
    llvm.return
  }

  // linalg.generic writes the workgroup memref it takes as an operand.
  // CHECK-LABEL: gpu.func @linalg_generic_output
  // CHECK: linalg.generic
  // CHECK: arith.addi
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
  // CHECK-NOT: amdgpu.lds_barrier
  // CHECK: gpu.return
  gpu.func @linalg_generic_output(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%g : memref<256xf32, 1>) outs(%a : memref<256xf32, #gpu.address_space<workgroup>>) {
    ^bb0(%i: f32, %o: f32):
      linalg.yield %i : f32
    }
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: hostile.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard on workgroup attribution #{{[0-9]+}}: a path from 'linalg.generic'
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
