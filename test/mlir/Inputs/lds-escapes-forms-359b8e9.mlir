// What 359b8e9's amdsync{target=gfx942} emitted for the kernels of
// ../lds-escapes-forms.mlir whose escape it missed and that execute
// (@struct_store, @struct_return, @double_bitcast, @vector_bitcast,
// @masked_store, @masked_scatter; their gpu.modules in one module, each
// LDS global @s renamed @s_<kernel> so that the lowered kernels share one
// LLVM module): no barrier; lane t stores p[t] through the escaped LDS
// address and reads p[t ^ 1], unordered.
module {
  gpu.module @struct_store [#rocdl.target<chip = "gfx942">] {
    llvm.mlir.global internal @s_struct_store() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.func @struct_store(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: f32) attributes {rocdl.kernel} {
      %0 = llvm.mlir.addressof @s_struct_store : !llvm.ptr<3>
      %1 = llvm.addrspacecast %0 : !llvm.ptr<3> to !llvm.ptr
      %2 = llvm.mlir.constant(256 : i32) : i32
      %3 = llvm.mlir.poison : !llvm.struct<(ptr, i32)>
      %4 = llvm.insertvalue %1, %3[0] : !llvm.struct<(ptr, i32)> 
      %5 = llvm.insertvalue %2, %4[1] : !llvm.struct<(ptr, i32)> 
      llvm.store %5, %arg0 : !llvm.struct<(ptr, i32)>, !llvm.ptr<1>
      %6 = llvm.load %arg0 : !llvm.ptr<1> -> !llvm.ptr
      %7 = rocdl.workitem.id.x : i32
      %8 = llvm.mlir.constant(1 : i32) : i32
      %9 = llvm.getelementptr %6[%7] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %arg2, %9 : f32, !llvm.ptr
      %10 = llvm.xor %7, %8 : i32
      %11 = llvm.getelementptr %6[%10] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %12 = llvm.load %11 : !llvm.ptr -> f32
      llvm.store %12, %arg1 : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @struct_return [#rocdl.target<chip = "gfx942">] {
    llvm.mlir.global internal @s_struct_return() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.func @make() -> !llvm.struct<(ptr, i32)> {
      %0 = llvm.mlir.addressof @s_struct_return : !llvm.ptr<3>
      %1 = llvm.addrspacecast %0 : !llvm.ptr<3> to !llvm.ptr
      %2 = llvm.mlir.poison : !llvm.struct<(ptr, i32)>
      %3 = llvm.insertvalue %1, %2[0] : !llvm.struct<(ptr, i32)> 
      llvm.return %3 : !llvm.struct<(ptr, i32)>
    }
    llvm.func @struct_return(%arg0: !llvm.ptr<1>, %arg1: f32) attributes {rocdl.kernel} {
      %0 = llvm.call @make() : () -> !llvm.struct<(ptr, i32)>
      %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, i32)> 
      %2 = rocdl.workitem.id.x : i32
      %3 = llvm.mlir.constant(1 : i32) : i32
      %4 = llvm.getelementptr %1[%2] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %arg1, %4 : f32, !llvm.ptr
      %5 = llvm.xor %2, %3 : i32
      %6 = llvm.getelementptr %1[%5] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %7 = llvm.load %6 : !llvm.ptr -> f32
      llvm.store %7, %arg0 : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @double_bitcast [#rocdl.target<chip = "gfx942">] {
    llvm.mlir.global internal @s_double_bitcast() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.func @double_bitcast(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: f32) attributes {rocdl.kernel} {
      %0 = llvm.mlir.addressof @s_double_bitcast : !llvm.ptr<3>
      %1 = llvm.addrspacecast %0 : !llvm.ptr<3> to !llvm.ptr
      %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
      %3 = llvm.bitcast %2 : i64 to f64
      llvm.store %3, %arg0 : f64, !llvm.ptr<1>
      %4 = llvm.load %arg0 : !llvm.ptr<1> -> i64
      %5 = llvm.inttoptr %4 : i64 to !llvm.ptr
      %6 = rocdl.workitem.id.x : i32
      %7 = llvm.mlir.constant(1 : i32) : i32
      %8 = llvm.getelementptr %5[%6] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %arg2, %8 : f32, !llvm.ptr
      %9 = llvm.xor %6, %7 : i32
      %10 = llvm.getelementptr %5[%9] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %11 = llvm.load %10 : !llvm.ptr -> f32
      llvm.store %11, %arg1 : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @vector_bitcast [#rocdl.target<chip = "gfx942">] {
    llvm.mlir.global internal @s_vector_bitcast() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.func @vector_bitcast(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: f32) attributes {rocdl.kernel} {
      %0 = llvm.mlir.addressof @s_vector_bitcast : !llvm.ptr<3>
      %1 = llvm.addrspacecast %0 : !llvm.ptr<3> to !llvm.ptr
      %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
      %3 = llvm.bitcast %2 : i64 to vector<2xf32>
      llvm.store %3, %arg0 : vector<2xf32>, !llvm.ptr<1>
      %4 = llvm.load %arg0 : !llvm.ptr<1> -> !llvm.ptr
      %5 = rocdl.workitem.id.x : i32
      %6 = llvm.mlir.constant(1 : i32) : i32
      %7 = llvm.getelementptr %4[%5] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %arg2, %7 : f32, !llvm.ptr
      %8 = llvm.xor %5, %6 : i32
      %9 = llvm.getelementptr %4[%8] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %10 = llvm.load %9 : !llvm.ptr -> f32
      llvm.store %10, %arg1 : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @masked_store [#rocdl.target<chip = "gfx942">] {
    llvm.mlir.global internal @s_masked_store() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.func @masked_store(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: f32) attributes {rocdl.kernel} {
      %0 = llvm.mlir.addressof @s_masked_store : !llvm.ptr<3>
      %1 = llvm.addrspacecast %0 : !llvm.ptr<3> to !llvm.ptr
      %2 = llvm.mlir.constant(0 : i32) : i32
      %3 = llvm.mlir.poison : vector<1x!llvm.ptr>
      %4 = llvm.insertelement %1, %3[%2 : i32] : vector<1x!llvm.ptr>
      %5 = llvm.mlir.constant(dense<true> : vector<1xi1>) : vector<1xi1>
      llvm.intr.masked.store %4, %arg0, %5 {alignment = 8 : i32} : vector<1x!llvm.ptr>, vector<1xi1> into !llvm.ptr<1>
      %6 = llvm.load %arg0 : !llvm.ptr<1> -> !llvm.ptr
      %7 = rocdl.workitem.id.x : i32
      %8 = llvm.mlir.constant(1 : i32) : i32
      %9 = llvm.getelementptr %6[%7] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %arg2, %9 : f32, !llvm.ptr
      %10 = llvm.xor %7, %8 : i32
      %11 = llvm.getelementptr %6[%10] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %12 = llvm.load %11 : !llvm.ptr -> f32
      llvm.store %12, %arg1 : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @masked_scatter [#rocdl.target<chip = "gfx942">] {
    llvm.mlir.global internal @s_masked_scatter() {addr_space = 3 : i32} : !llvm.array<256 x f32>
    llvm.func @masked_scatter(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: f32) attributes {rocdl.kernel} {
      %0 = llvm.mlir.addressof @s_masked_scatter : !llvm.ptr<3>
      %1 = llvm.addrspacecast %0 : !llvm.ptr<3> to !llvm.ptr
      %2 = llvm.mlir.constant(0 : i32) : i32
      %3 = llvm.mlir.poison : vector<1x!llvm.ptr>
      %4 = llvm.insertelement %1, %3[%2 : i32] : vector<1x!llvm.ptr>
      %5 = llvm.mlir.poison : vector<1x!llvm.ptr<1>>
      %6 = llvm.insertelement %arg0, %5[%2 : i32] : vector<1x!llvm.ptr<1>>
      %7 = llvm.mlir.constant(dense<true> : vector<1xi1>) : vector<1xi1>
      llvm.intr.masked.scatter %4, %6, %7 {alignment = 8 : i32} : vector<1x!llvm.ptr>, vector<1xi1> into vector<1x!llvm.ptr<1>>
      %8 = llvm.load %arg0 : !llvm.ptr<1> -> !llvm.ptr
      %9 = rocdl.workitem.id.x : i32
      %10 = llvm.mlir.constant(1 : i32) : i32
      %11 = llvm.getelementptr %8[%9] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %arg2, %11 : f32, !llvm.ptr
      %12 = llvm.xor %9, %10 : i32
      %13 = llvm.getelementptr %8[%12] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %14 = llvm.load %13 : !llvm.ptr -> f32
      llvm.store %14, %arg1 : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}

