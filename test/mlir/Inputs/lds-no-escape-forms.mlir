// LDS addresses used only in ways that keep them (docs/design.md,
// "Pointers through memory"), in @uses: a descriptor built by
// llvm.insertvalue and only read by llvm.extractvalue, an address made an
// f64 only to be compared, an address carried by an scf.for iter_arg, the
// address operands of llvm.intr.memcpy, an aligned-pointer index only
// compared. Nothing escapes, so the flat pointer @global loads from global
// memory addresses global memory: no hazard, no barrier
// (lds-escapes-forms.mlir).
gpu.module @kept [#rocdl.target<chip = "gfx942">] {
  llvm.mlir.global internal @s() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @uses(%o: !llvm.ptr<1>, %v: f32, %flag: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %a = llvm.mlir.addressof @s : !llvm.ptr<3>
    %f = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
    %n = llvm.mlir.constant(256 : i64) : i64
    %u = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
    %d0 = llvm.insertvalue %f, %u[0] : !llvm.struct<(ptr, ptr, i64)>
    %d1 = llvm.insertvalue %f, %d0[1] : !llvm.struct<(ptr, ptr, i64)>
    %d = llvm.insertvalue %n, %d1[2] : !llvm.struct<(ptr, ptr, i64)>
    %size = llvm.extractvalue %d[2] : !llvm.struct<(ptr, ptr, i64)>
    llvm.store %size, %o : i64, !llvm.ptr<1>
    %base = llvm.extractvalue %d[1] : !llvm.struct<(ptr, ptr, i64)>
    %tid = rocdl.workitem.id.x : i32
    %l = llvm.getelementptr %base[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %v, %l : f32, !llvm.ptr
    %i = llvm.ptrtoint %f : !llvm.ptr to i64
    %dbl = llvm.bitcast %i : i64 to f64
    %zero = llvm.mlir.constant(0.0 : f64) : f64
    %z = llvm.fcmp "oeq" %dbl, %zero : f64
    %zi = llvm.zext %z : i1 to i32
    llvm.store %zi, %flag : i32, !llvm.ptr<1>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %p = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %a) -> (!llvm.ptr<3>) {
      scf.yield %acc : !llvm.ptr<3>
    }
    %four = llvm.mlir.constant(4 : i64) : i64
    "llvm.intr.memcpy"(%o, %p, %four) <{isVolatile = false}> : (!llvm.ptr<1>, !llvm.ptr<3>, i64) -> ()
    llvm.return
  }
  gpu.func @index_kept(%o: memref<4xi32, 1>) workgroup(%lds: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %ix = memref.extract_aligned_pointer_as_index %lds : memref<256xf32, #gpu.address_space<workgroup>> -> index
    %z = arith.cmpi eq, %ix, %c0 : index
    %zi = arith.extui %z : i1 to i32
    memref.store %zi, %o[%c0] : memref<4xi32, 1>
    gpu.return
  }
  // KEPT-LABEL: llvm.func @global
  // KEPT-NOT: amdgpu.lds_barrier
  // KEPT: llvm.return
  llvm.func @global(%table: !llvm.ptr<1>, %out: !llvm.ptr<1>, %v: f32) attributes {rocdl.kernel} {
    %q = llvm.load %table : !llvm.ptr<1> -> !llvm.ptr
    %tid = rocdl.workitem.id.x : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    %e1 = llvm.getelementptr %q[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %v, %e1 : f32, !llvm.ptr
    %x = llvm.xor %tid, %one : i32
    %e2 = llvm.getelementptr %q[%x] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %r = llvm.load %e2 : !llvm.ptr -> f32
    llvm.store %r, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
