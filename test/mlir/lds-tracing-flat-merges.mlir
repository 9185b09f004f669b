// FAILING (soundness): a flat pointer or memref that reaches LDS through
// anything but a plain view or cast is not LDS to the MLIR front end, so
// the access through it is no access at all: no barrier, and the checker
// accepts the race. amdsyncMlirIsLdsValue (resources.c) follows only views,
// casts, GEPs and extractvalue: not arith.select / llvm.select, scf.if and
// scf.for results, scf.for iter_args, cf / llvm.br block arguments, nor
// llvm.intr.ptrmask, llvm.freeze, llvm.inttoptr. (Their !llvm.ptr<3> and
// workgroup-memref spellings work: lds-tracing-hostile.mlir; the select op
// itself is taken for an access, see FAILING-lds-tracing-false-accesses.)
//
// Each kernel: lane tid writes element tid of an LDS buffer through the
// flat value, another lane reads or writes it as tid+1 (RAW or WAR). A
// gpu.barrier right after a select, ptrmask or freeze keeps the op itself
// (an "access" today) out of the picture.
//
// Expected (the RUN lines): a barrier between the two accesses, and the
// checker rejects every kernel as written. Observed: see each kernel.
// "LLVM IR checker" is scripts/cross-check.sh gfx942 on the bare kernel:
// where it is "clean" too, the cross-check does not catch the race either
// (the LLVM IR front end misses extractvalue of a phi/select of memref
// descriptors, llvm.ptrmask and freeze).
//
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify{target=gfx942})' %s -split-input-file | FileCheck %s
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACY

// Observed: no barrier; checker clean; LLVM IR checker clean.
// CHECK-LABEL: gpu.func @select_memref_flat
// CHECK: memref.store {{.*}} : memref<256xf32>
// CHECK: amdgpu.lds_barrier
// CHECK: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @select_memref_flat(%g: memref<256xf32, 1>, %c: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %fa = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %fb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %p = arith.select %c, %fa, %fb : memref<256xf32>
    gpu.barrier
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %p[%tid] : memref<256xf32>
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'memref.store'
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// WAR, no barrier after the select. Observed: the barrier pass puts its one
// barrier before the load (ordering the select, taken for an access, with
// the load) and none between the load and the store through the select;
// the checker accepts that output. The bare input is rejected only for the
// select. LLVM IR checker: clean.
// CHECK-LABEL: gpu.func @select_memref_flat_war
// CHECK: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store {{.*}} : memref<256xf32>
gpu.module @m {
  gpu.func @select_memref_flat_war(%g: memref<256xf32, 1>, %c: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %fa = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %fb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %p = arith.select %c, %fa, %fb : memref<256xf32>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered WAR hazard {{.*}}a path from 'memref.load'
    memref.store %v, %p[%tid] : memref<256xf32>
    gpu.return
  }
}

// -----

// Observed: no barrier; checker clean. LLVM IR checker rejects.
// CHECK-LABEL: gpu.func @if_memref_flat
// CHECK: memref.store {{.*}} : memref<256xf32>
// CHECK: amdgpu.lds_barrier
// CHECK: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @if_memref_flat(%g: memref<256xf32, 1>, %c: i1)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %p = scf.if %c -> memref<256xf32> {
      %fa = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      scf.yield %fa : memref<256xf32>
    } else {
      %fb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
      scf.yield %fb : memref<256xf32>
    }
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %p[%tid] : memref<256xf32>
    %t1 = arith.addi %tid, %c1 : index
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'memref.store'
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// Observed: no barrier; checker clean. LLVM IR checker rejects.
// CHECK-LABEL: llvm.func @select_flat
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @B() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @select_flat(%gp: !llvm.ptr<1>, %c: i1) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %fb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %p = llvm.select %c, %fa, %fb : i1, !llvm.ptr
    gpu.barrier
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %p[0, %tid] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %b[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// WAR, no barrier after the select. Observed: one barrier before the load
// (for the select), none between the load and the store; the checker
// accepts that output. LLVM IR checker rejects the bare kernel.
// CHECK-LABEL: llvm.func @select_flat_war
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: amdgpu.lds_barrier
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.mlir.global internal @B() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @select_flat_war(%gp: !llvm.ptr<1>, %c: i1) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %fb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %p = llvm.select %c, %fa, %fb : i1, !llvm.ptr
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %b[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    %s = llvm.getelementptr %p[0, %tid] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<256 x f32>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered WAR hazard {{.*}}a path from 'llvm.load'
    llvm.store %v, %s : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// A select of a flat LDS pointer and a flat global pointer: LDS on one
// path. Observed: no barrier; checker clean. LLVM IR checker rejects.
// CHECK-LABEL: llvm.func @select_flat_lds_or_global
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global internal @B() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @select_flat_lds_or_global(%gp: !llvm.ptr<1>, %c: i1) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %b = llvm.mlir.addressof @B : !llvm.ptr<3>
    %fg = llvm.addrspacecast %gp : !llvm.ptr<1> to !llvm.ptr
    %fb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %p = llvm.select %c, %fg, %fb : i1, !llvm.ptr
    gpu.barrier
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %s = llvm.getelementptr %p[0, %tid] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<256 x f32>
    llvm.store %x, %s : f32, !llvm.ptr
    %t1 = llvm.add %tid, %c1 : i32
    %l = llvm.getelementptr %b[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// Double buffering with flat views as scf.for iter_args. Observed: no
// barrier; checker clean; LLVM IR checker clean.
// CHECK-LABEL: gpu.func @pingpong_flat
// CHECK: scf.for
// CHECK: memref.store {{.*}} : memref<256xf32>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @pingpong_flat(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %fa = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %fb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %fa, %nxt = %fb) -> (memref<256xf32>, memref<256xf32>) {
      memref.store %x, %cur[%tid] : memref<256xf32>
      // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'memref.store'
      %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %g[%tid] : memref<256xf32, 1>
      scf.yield %nxt, %cur : memref<256xf32>, memref<256xf32>
    }
    gpu.return
  }
}

// -----

// The flat view as an scf.for result. Observed: no barrier; checker clean;
// LLVM IR checker clean.
// CHECK-LABEL: gpu.func @for_result_flat
// CHECK: memref.store {{.*}} : memref<256xf32>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @for_result_flat(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %fa = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %fb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %fa, %nxt = %fb) -> (memref<256xf32>, memref<256xf32>) {
      scf.yield %nxt, %cur : memref<256xf32>, memref<256xf32>
    }
    memref.store %x, %r#0[%tid] : memref<256xf32>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'memref.store'
    %v = memref.load %b[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

// A flat pointer iter_arg stepped by a GEP. Observed: no barrier; checker
// clean. LLVM IR checker rejects.
// CHECK-LABEL: gpu.func @iter_arg_flat
// CHECK: scf.for
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global internal @C() {addr_space = 3 : i32} : !llvm.array<1024 x f32>
  gpu.func @iter_arg_flat(%gp: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k256 = llvm.mlir.constant(256 : i32) : i32
    %a = llvm.mlir.addressof @C : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %fa) -> (!llvm.ptr) {
      %s = llvm.getelementptr %p[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %x, %s : f32, !llvm.ptr
      %l = llvm.getelementptr %a[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
      // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
      %v = llvm.load %l : !llvm.ptr<3> -> f32
      llvm.store %v, %g : f32, !llvm.ptr<1>
      %pn = llvm.getelementptr %p[%k256] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      scf.yield %pn : !llvm.ptr
    }
    gpu.return
  }
}

// -----

// A phi of a phi: the inner iter_arg starts at the outer one. Observed: no
// barrier; checker clean. LLVM IR checker rejects.
// CHECK-LABEL: gpu.func @iter_arg_of_iter_arg_flat
// CHECK: scf.for
// CHECK: scf.for
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global internal @D() {addr_space = 3 : i32} : !llvm.array<4096 x f32>
  gpu.func @iter_arg_of_iter_arg_flat(%gp: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k256 = llvm.mlir.constant(256 : i32) : i32
    %a = llvm.mlir.addressof @D : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %fa) -> (!llvm.ptr) {
      %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%q = %p) -> (!llvm.ptr) {
        %s = llvm.getelementptr %q[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
        llvm.store %x, %s : f32, !llvm.ptr
        %l = llvm.getelementptr %a[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
        // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
        %v = llvm.load %l : !llvm.ptr<3> -> f32
        llvm.store %v, %g : f32, !llvm.ptr<1>
        %qn = llvm.getelementptr %q[%k256] : (!llvm.ptr, i32) -> !llvm.ptr, f32
        scf.yield %qn : !llvm.ptr
      }
      scf.yield %r2 : !llvm.ptr
    }
    gpu.return
  }
}

// -----

// A flat pointer as a cf block argument. Observed: no barrier; checker
// clean. LLVM IR checker rejects.
// CHECK-LABEL: gpu.func @block_arg_flat
// CHECK: ^bb1(%{{[0-9]+}}: i32
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global internal @C() {addr_space = 3 : i32} : !llvm.array<1024 x f32>
  gpu.func @block_arg_flat(%gp: !llvm.ptr<1>) kernel {
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k4 = llvm.mlir.constant(4 : i32) : i32
    %k256 = llvm.mlir.constant(256 : i32) : i32
    %a = llvm.mlir.addressof @C : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    cf.br ^loop(%k0, %fa : i32, !llvm.ptr)
  ^loop(%i: i32, %p: !llvm.ptr):
    %s = llvm.getelementptr %p[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %x, %s : f32, !llvm.ptr
    %l = llvm.getelementptr %a[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    %pn = llvm.getelementptr %p[%k256] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %in = llvm.add %i, %k1 : i32
    %c = llvm.icmp "slt" %in, %k4 : i32
    cf.cond_br %c, ^loop(%in, %pn : i32, !llvm.ptr), ^exit
  ^exit:
    gpu.return
  }
}

// -----

// Flat memrefs swapped through cf block arguments. Observed: no barrier;
// checker clean; LLVM IR checker clean.
// CHECK-LABEL: gpu.func @block_arg_memref_flat
// CHECK: ^bb1(%{{[0-9a-z_]+}}: index
// CHECK: memref.store {{.*}} : memref<256xf32>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @block_arg_memref_flat(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    %fa = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %fb = memref.memory_space_cast %b : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    cf.br ^loop(%c0, %fa, %fb : index, memref<256xf32>, memref<256xf32>)
  ^loop(%i: index, %cur: memref<256xf32>, %nxt: memref<256xf32>):
    memref.store %x, %cur[%tid] : memref<256xf32>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'memref.store'
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    %in = arith.addi %i, %c1 : index
    %c = arith.cmpi slt, %in, %c4 : index
    cf.cond_br %c, ^loop(%in, %nxt, %cur : index, memref<256xf32>, memref<256xf32>), ^exit
  ^exit:
    gpu.return
  }
}

// -----

// An llvm.func kernel, the flat pointer an llvm.br block argument.
// Observed: no barrier; checker clean. LLVM IR checker rejects.
// CHECK-LABEL: llvm.func @llvm_block_arg_flat
// CHECK: ^bb1(%{{[0-9]+}}: i32
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.load {{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  llvm.mlir.global internal @C() {addr_space = 3 : i32} : !llvm.array<1024 x f32>
  llvm.func @llvm_block_arg_flat(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %k4 = llvm.mlir.constant(4 : i32) : i32
    %k256 = llvm.mlir.constant(256 : i32) : i32
    %a = llvm.mlir.addressof @C : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %g = llvm.getelementptr %gp[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %g : !llvm.ptr<1> -> f32
    llvm.br ^loop(%k0, %fa : i32, !llvm.ptr)
  ^loop(%i: i32, %p: !llvm.ptr):
    %s = llvm.getelementptr %p[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %x, %s : f32, !llvm.ptr
    %l = llvm.getelementptr %a[%t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered RAW hazard {{.*}}a path from 'llvm.store'
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %g : f32, !llvm.ptr<1>
    %pn = llvm.getelementptr %p[%k256] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %in = llvm.add %i, %k1 : i32
    %c = llvm.icmp "slt" %in, %k4 : i32
    llvm.cond_br %c, ^loop(%in, %pn : i32, !llvm.ptr), ^exit
  ^exit:
    llvm.return
  }
}

// -----

// llvm.intr.ptrmask of a flat view (WAR). Observed: no barrier; checker
// clean; LLVM IR checker clean.
// CHECK-LABEL: llvm.func @ptrmask_flat
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @ptrmask_flat(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %mask = llvm.mlir.constant(-4 : i64) : i64
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %fm = llvm.intr.ptrmask %fa, %mask : (!llvm.ptr, i64) -> !llvm.ptr
    gpu.barrier
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %l = llvm.getelementptr %a[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    %s = llvm.getelementptr %fm[0, %tid] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<256 x f32>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered WAR hazard {{.*}}a path from 'llvm.load'
    llvm.store %v, %s : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// llvm.freeze of a flat view (WAR). Observed: no barrier; checker clean;
// LLVM IR checker clean.
// CHECK-LABEL: llvm.func @freeze_flat
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @freeze_flat(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %fm = llvm.freeze %fa : !llvm.ptr
    gpu.barrier
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %l = llvm.getelementptr %a[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    %s = llvm.getelementptr %fm[0, %tid] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<256 x f32>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered WAR hazard {{.*}}a path from 'llvm.load'
    llvm.store %v, %s : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// inttoptr(ptrtoint) of a flat view (WAR). Observed: no barrier; checker
// clean. LLVM IR checker rejects.
// CHECK-LABEL: llvm.func @int_round_trip_flat
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: llvm.store {{.*}} : f32, !llvm.ptr
gpu.module @m {
  llvm.mlir.global internal @A() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @int_round_trip_flat(%gp: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %k1 = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.mlir.addressof @A : !llvm.ptr<3>
    %fa = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %i = llvm.ptrtoint %fa : !llvm.ptr to i64
    %fm = llvm.inttoptr %i : i64 to !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %t1 = llvm.add %tid, %k1 : i32
    %l = llvm.getelementptr %a[0, %t1] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    %s = llvm.getelementptr %fm[0, %tid] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<256 x f32>
    // RACY-DAG: lds-tracing-flat-merges.mlir:[[@LINE+1]]:{{[0-9]+}}: error: amdsync-verify: unordered WAR hazard {{.*}}a path from 'llvm.load'
    llvm.store %v, %s : f32, !llvm.ptr
    llvm.return
  }
}
