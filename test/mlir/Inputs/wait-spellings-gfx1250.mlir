gpu.module @m {
  llvm.mlir.global internal @l() {addr_space = 3 : i32} : !llvm.array<64 x f32>
  llvm.func @llvm.amdgcn.s.wait.asynccnt(i16)
  llvm.func @asynccnt_op(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 32, 1, 1>} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    rocdl.s.wait.asynccnt 0
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @asynccnt_call_intrinsic(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 32, 1, 1>} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %z = llvm.mlir.constant(0 : i16) : i16
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.call_intrinsic "llvm.amdgcn.s.wait.asynccnt"(%z) : (i16) -> ()
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @asynccnt_call(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 32, 1, 1>} {
    %l = llvm.mlir.addressof @l : !llvm.ptr<3>
    %z = llvm.mlir.constant(0 : i16) : i16
    rocdl.global.load.async.to.lds.b32 %g, %l, 0, 0 : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.call @llvm.amdgcn.s.wait.asynccnt(%z) : (i16) -> ()
    %v = llvm.load %l : !llvm.ptr<3> -> f32
    llvm.store %v, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
