// ../indirect-call-barrier.mlir with the indirect calls under uniform
// branches (on a kernel argument).
gpu.module @m {
  func.func @helper(%a: memref<256xf32, #gpu.address_space<workgroup>>, %x: f32) {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    return
  }
  gpu.func @k(%x: f32, %u: i1) workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %f = func.constant @helper : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
    scf.if %u {
      func.call_indirect %f(%a, %x) : (memref<256xf32, #gpu.address_space<workgroup>>, f32) -> ()
    }
    gpu.return
  }
}
gpu.module @m2 {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<256 x f32>
  llvm.func @lhelper(%x: f32) {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %tid = rocdl.workitem.id.x : i32
    %p = llvm.getelementptr %l[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %p : f32, !llvm.ptr<3>
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %p : f32, !llvm.ptr<3>
    llvm.return
  }
  llvm.func @lk(%x: f32, %u: i1) attributes {rocdl.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %tid = rocdl.workitem.id.x : i32
    %fp = llvm.mlir.addressof @lhelper : !llvm.ptr
    %low = llvm.icmp "ult" %tid, %c1 : i32
    llvm.cond_br %u, ^then, ^end
  ^then:
    llvm.call %fp(%x) : !llvm.ptr, (f32) -> ()
    llvm.br ^end
  ^end:
    llvm.return
  }
}
