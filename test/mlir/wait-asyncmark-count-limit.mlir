// amdsync.wait_asyncmark counts are read with checked arithmetic: a count
// above the documented limit (1024 marks; a signless count is an unsigned
// immediate, so -1 : i16 is 65535) or a negative signed count is an error
// at the op, not an allocation sized by it (2^31 - 1 used to abort with out of
// memory) and not a truncated number (an i64 count of 2^32 + 1 used to
// become 1). The limit itself is accepted.
// RUN: %mlir-opt-amdsync --irdl-file=%amdsync-irdl --pass-pipeline='builtin.module(amdsync-waitcnt{target=gfx1250})' %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: sed -n '/^\/\/ ACCEPTED-BEGIN/,$p' %s | %mlir-opt-amdsync --irdl-file=%amdsync-irdl --pass-pipeline='builtin.module(amdsync{target=gfx1250})' | FileCheck %s

gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @huge(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    // expected-error @+1 {{amdsync: 'amdsync.wait_asyncmark' count 2147483647 is above the limit of 1024 marks amdsync models}}
    "amdsync.wait_asyncmark"() {count = 2147483647 : i32} : () -> ()
    llvm.return
  }
}

// -----

gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @wide(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    // expected-error @+1 {{amdsync: 'amdsync.wait_asyncmark' count 4294967297 is above the limit of 1024 marks amdsync models}}
    "amdsync.wait_asyncmark"() {count = 4294967297 : i64} : () -> ()
    llvm.return
  }
}

// -----

gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @negative(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    // expected-error @+1 {{amdsync: 'amdsync.wait_asyncmark' count -1 is negative}}
    "amdsync.wait_asyncmark"() {count = -1 : si16} : () -> ()
    llvm.return
  }
}

// -----

// A signless -1 : i16 is 65535: the message shows both (359b8e9 said
// "count 65535 is above the limit", without how it was written).
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @signless_minus_one(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    // expected-error @+1 {{amdsync: 'amdsync.wait_asyncmark' count 65535 (i16 -1) is above the limit of 1024 marks amdsync models}}
    "amdsync.wait_asyncmark"() {count = -1 : i16} : () -> ()
    llvm.return
  }
}

// -----

// The intrinsic spellings are named by their callee (359b8e9 named the op:
// 'llvm.call_intrinsic', 'llvm.call').
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @llvm.amdgcn.asyncmark()
  llvm.func @llvm.amdgcn.wait.asyncmark(i16)
  llvm.func @intrinsic_minus_one(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %c = llvm.mlir.constant(-1 : i16) : i16
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.call_intrinsic "llvm.amdgcn.asyncmark"() : () -> ()
    // expected-error @+1 {{amdsync: 'llvm.amdgcn.wait.asyncmark' count 65535 (i16 -1) is above the limit of 1024 marks amdsync models}}
    llvm.call_intrinsic "llvm.amdgcn.wait.asyncmark"(%c) : (i16) -> ()
    llvm.return
  }
  llvm.func @call_2000(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %c = llvm.mlir.constant(2000 : i16) : i16
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.call @llvm.amdgcn.asyncmark() : () -> ()
    // expected-error @+1 {{amdsync: 'llvm.amdgcn.wait.asyncmark' count 2000 is above the limit of 1024 marks amdsync models}}
    llvm.call @llvm.amdgcn.wait.asyncmark(%c) : (i16) -> ()
    llvm.return
  }
}


// -----

// ACCEPTED-BEGIN
// A count at the limit is accepted: with one mark outstanding it waits for
// nothing and disappears; a count of 0 waits for the transfer (the whole
// pipeline: the barrier that publishes the transfer to the other waves, its
// wait, and the checker).
// CHECK-LABEL: llvm.func @at_limit
// CHECK-NOT: amdsync.
// CHECK: rocdl.global.load.async.to.lds.b32
// CHECK-NOT: amdsync.
// CHECK: rocdl.s.wait.asynccnt 0
// CHECK-NOT: amdsync.
// CHECK-NOT: rocdl.s.wait
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK-NEXT: llvm.return
gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @at_limit(%g: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %p = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    "amdsync.asyncmark"() : () -> ()
    "amdsync.wait_asyncmark"() {count = 1024 : i16} : () -> ()
    %a = llvm.load %g : !llvm.ptr<1> -> f32
    "amdsync.wait_asyncmark"() {count = 0 : i16} : () -> ()
    %b = llvm.load %p : !llvm.ptr<3> -> f32
    llvm.return
  }
}
