// Upstream lowering stages (hostile3): five realistic kernels without any
// barrier, synchronized (a) in their structured form, (b) after
// convert-scf-to-cf, and (c) on the LLVM IR the upstream ROCDL pipeline
// lowers them to; every stage places the same number of barriers, the
// structured output passes both checkers after lowering and compiles, and
// the unsynchronized input is rejected by both checkers.
//  - @k2: block reduction, scf.for carrying a vector and a stride, the read
//    in an scf.if on thread_id: the barriers go before the if (not in it)
//    and at the loop top (loop-carried WAR);
//  - @k6b: store, atomic_rmw, load of one attribution: two barriers (no
//    hazard among the atomics);
//  - @k8: two-stage pipeline whose buffers are swapped through memref
//    iter_args: two barriers per iteration, none after the loop;
//  - @k12: the same with the RAW barrier written by hand but the WAR one
//    missing: amdsync adds exactly the missing one;
//  - @k13: an scf.while with a per-lane (divergent) trip count writing LDS,
//    each lane its own element of a one-dimensional workgroup: the barrier
//    goes after the loop.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s | FileCheck %s
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s -o %t.a.mlir
// RUN: grep -c 'amdgpu.lds_barrier' %t.a.mlir | FileCheck %s --check-prefix=COUNT
// RUN: mlir-opt --pass-pipeline='builtin.module(gpu.module(convert-scf-to-cf))' %s | %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' | grep -c 'amdgpu.lds_barrier' | FileCheck %s --check-prefix=COUNT
// RUN: %lower-to-llvm gfx942 < %s | %opt-amdsync -passes='amdsync<target=gfx942>' -S | grep -c 'call void @llvm.amdgcn.s.barrier()' | FileCheck %s --check-prefix=LLCOUNT
// RUN: %lower-to-llvm gfx942 < %t.a.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output
// RUN: %lower-to-isa gfx942 < %t.a.mlir | grep -c 's_barrier$' | FileCheck %s --check-prefix=LLCOUNT
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s -o %t.12.mlir
// RUN: %lower-to-llvm gfx1201 < %t.12.mlir | %opt-amdsync -passes='amdsync-verify<target=gfx1201>' -disable-output
// RUN: %lower-to-isa gfx1201 < %t.12.mlir | grep -c 's_barrier_wait' | FileCheck %s --check-prefix=COUNT12
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %lower-to-llvm gfx942 < %s | not %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output 2>&1 | FileCheck %s --check-prefix=LLRACE

// amdsync adds 8 (2+2+2+1+1); with @k12's two hand-written gpu.barrier,
// 10 in LLVM IR and ISA.
// COUNT: {{^}}8{{$}}
// LLCOUNT: {{^}}10{{$}}
// On GFX12: 9 split barriers placed by amdsync plus the two gpu.barrier
// (@k8's pipeline: a signal and wait before the store and another between
// the store and the load of each iteration; the second also orders the
// last iteration's store before the read after the loop, where a third
// pair stood before the write/write change's proofs).
// COUNT12: {{^}}11{{$}}

// CHECK-LABEL: gpu.func @k2
// CHECK: scf.for
// CHECK-NEXT: vector.reduction
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.if
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @k6b
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: memref.atomic_rmw
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @k8
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.for
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @k12
// CHECK: scf.for
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @k13
// CHECK: scf.while
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: arith.subi
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: memref.load
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return

// RACE-DAG: unordered RAW hazard
// RACE-DAG: unordered WAR hazard
// LLRACE-DAG: error: in function 'k2': amdsync-verify: unordered
// LLRACE-DAG: error: in function 'k6b': amdsync-verify: unordered
// LLRACE-DAG: error: in function 'k8': amdsync-verify: unordered
// LLRACE-DAG: error: in function 'k12': amdsync-verify: unordered WAR
// LLRACE-DAG: error: in function 'k13': amdsync-verify: unordered RAW
gpu.module @m {
  gpu.func @k2(%in: memref<1024xf32, 1>, %out: memref<4xf32, 1>)
      workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %pad = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %v0 = vector.load %in[%tid] : memref<1024xf32, 1>, vector<4xf32>
    %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %v0, %half = %c128) -> (vector<4xf32>, index) {
      %sum = vector.reduction <add>, %acc : vector<4xf32> into f32
      memref.store %sum, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %lt = arith.cmpi ult, %tid, %half : index
      %nacc = scf.if %lt -> (vector<4xf32>) {
        %o = arith.addi %tid, %half : index
        %p = memref.load %s[%o] : memref<256xf32, #gpu.address_space<workgroup>>
        %pv = vector.broadcast %p : f32 to vector<4xf32>
        %n = arith.addf %acc, %pv : vector<4xf32>
        scf.yield %n : vector<4xf32>
      } else {
        scf.yield %acc : vector<4xf32>
      }
      %nh = arith.divui %half, %c2 : index
      scf.yield %nacc, %nh : vector<4xf32>, index
    }
    %f = vector.extract %r#0[0] : f32 from vector<4xf32>
    %bid = gpu.block_id x
    memref.store %f, %out[%bid] : memref<4xf32, 1>
    gpu.return
  }
  gpu.func @k6b(%in: memref<1024xi32, 1>, %out: memref<64xf32, 1>)
      workgroup(%h: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %bin0 = arith.remui %tid, %c64 : index
    memref.store %zero, %h[%bin0] : memref<64xf32, #gpu.address_space<workgroup>>
    %k = memref.load %in[%tid] : memref<1024xi32, 1>
    %ki = arith.index_cast %k : i32 to index
    %b = arith.andi %ki, %c63 : index
    %old = memref.atomic_rmw addf %one, %h[%b] : (f32, memref<64xf32, #gpu.address_space<workgroup>>) -> f32
    %r = memref.load %h[%bin0] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %r, %out[%bin0] : memref<64xf32, 1>
    gpu.return
  }
  gpu.func @k8(%g: memref<8192xf32, 1>, %out: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %c255 = arith.constant 255 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %j = arith.subi %c255, %tid : index
    %v0 = memref.load %g[%tid] : memref<8192xf32, 1>
    memref.store %v0, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %r:3 = scf.for %i = %c0 to %c31 step %c1 iter_args(%cur = %a, %nxt = %b, %acc = %zero) -> (memref<256xf32, #gpu.address_space<workgroup>>, memref<256xf32, #gpu.address_space<workgroup>>, f32) {
      %i1 = arith.addi %i, %c1 : index
      %o = arith.muli %i1, %c256 : index
      %gi = arith.addi %o, %tid : index
      %v = memref.load %g[%gi] : memref<8192xf32, 1>
      memref.store %v, %nxt[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %w = memref.load %cur[%j] : memref<256xf32, #gpu.address_space<workgroup>>
      %n = arith.addf %acc, %w : f32
      scf.yield %nxt, %cur, %n : memref<256xf32, #gpu.address_space<workgroup>>, memref<256xf32, #gpu.address_space<workgroup>>, f32
    }
    %w = memref.load %r#0[%j] : memref<256xf32, #gpu.address_space<workgroup>>
    %n = arith.addf %r#2, %w : f32
    memref.store %n, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
  gpu.func @k12(%g: memref<8192xf32, 1>, %out: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %c255 = arith.constant 255 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %j = arith.subi %c255, %tid : index
    %v0 = memref.load %g[%tid] : memref<8192xf32, 1>
    memref.store %v0, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %r:3 = scf.for %i = %c0 to %c31 step %c1 iter_args(%cur = %a, %nxt = %b, %acc = %zero) -> (memref<256xf32, #gpu.address_space<workgroup>>, memref<256xf32, #gpu.address_space<workgroup>>, f32) {
      %i1 = arith.addi %i, %c1 : index
      %o = arith.muli %i1, %c256 : index
      %gi = arith.addi %o, %tid : index
      %v = memref.load %g[%gi] : memref<8192xf32, 1>
      memref.store %v, %nxt[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %cur[%j] : memref<256xf32, #gpu.address_space<workgroup>>
      %n = arith.addf %acc, %w : f32
      scf.yield %nxt, %cur, %n : memref<256xf32, #gpu.address_space<workgroup>>, memref<256xf32, #gpu.address_space<workgroup>>, f32
    }
    gpu.barrier
    %w = memref.load %r#0[%j] : memref<256xf32, #gpu.address_space<workgroup>>
    %n = arith.addf %r#2, %w : f32
    memref.store %n, %out[%tid] : memref<256xf32, 1>
    gpu.return
  }
  gpu.func @k13(%in: memref<256xi32, 1>, %out: memref<256xi32, 1>)
      workgroup(%s: memref<256xi32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c255 = arith.constant 255 : index
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    %tid = gpu.thread_id x
    %n = memref.load %in[%tid] : memref<256xi32, 1>
    %r = scf.while (%x = %n) : (i32) -> i32 {
      %c = arith.cmpi sgt, %x, %c0 : i32
      scf.condition(%c) %x : i32
    } do {
    ^bb0(%y: i32):
      memref.store %y, %s[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      %y1 = arith.subi %y, %c1 : i32
      scf.yield %y1 : i32
    }
    %j = arith.subi %c255, %tid : index
    %w = memref.load %s[%j] : memref<256xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%tid] : memref<256xi32, 1>
    gpu.return
  }
}

// Execution oracle (128 lanes): the synchronized kernels are clean; the
// input races where the checkers say so.
// RUN: %lower-to-llvm gfx942 < %t.a.mlir | %amdsync-exec - --waw=off --target=gfx942 --block=128 --args=0,1024,1,0,1024,1,4 | FileCheck %s --check-prefix=EXEC
// RUN: %lower-to-llvm gfx1201 < %t.12.mlir | %amdsync-exec - --waw=off --target=gfx1201 --block=128 --args=0,1024,1,0,1024,1,4 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: k2: clean
// EXEC: amdsync-exec: k6b: clean
// EXEC: amdsync-exec: k8: clean
// EXEC: amdsync-exec: k12: clean
// EXEC: amdsync-exec: k13: clean
// RUN: %lower-to-llvm gfx942 < %s | not %amdsync-exec - --waw=off --target=gfx942 --block=128 --args=0,1024,1,0,1024,1,4 | FileCheck %s --check-prefix=EXEC-RACE
// EXEC-RACE: race: k2:
