// Multi-block regions (cf / llvm branches) around LDS accesses are not yet
// analyzed by the MLIR front end: the pass says so at the function and
// changes nothing, rather than emitting half-synchronized code. A function
// with several blocks but no LDS access is left alone without error.
// RUN: not %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %amdsync-opt --target=gfx942 %s 2>&1 | FileCheck %s

// CHECK: error: amdsync: cannot analyze 'llvm.func': a region with several blocks (unstructured control flow) around LDS accesses is not supported by the MLIR front end
// CHECK-NOT: no_lds
module {
  llvm.mlir.global internal @lds() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @diamond(%flag: i1, %x: f32) {
    %p = llvm.mlir.addressof @lds : !llvm.ptr<3>
    llvm.store %x, %p : f32, !llvm.ptr<3>
    llvm.cond_br %flag, ^bb1, ^bb2
  ^bb1:
    llvm.br ^bb2
  ^bb2:
    %v = llvm.load %p : !llvm.ptr<3> -> f32
    llvm.return
  }
  llvm.func @no_lds(%flag: i1) {
    llvm.cond_br %flag, ^bb1, ^bb2
  ^bb1:
    llvm.br ^bb2
  ^bb2:
    llvm.return
  }
}
