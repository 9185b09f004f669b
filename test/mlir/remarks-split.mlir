// A split pair's remark says where its signal stands and what lies between
// signal and wait (issue 23, 1): here the signal moved up to right after
// the store it publishes, over the two reads of the other buffer, which
// run while the other waves arrive. The LLVM side says the same on the
// lowered kernel.
// RUN: %amdsync-opt --target=gfx1201 --remarks %s -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// A signal that reaches its producer is no missed remark.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx1201})' %s --remarks-filter=amdsync --remark-format=yaml --remarks-output-file=%t.yaml -o /dev/null
// RUN: not grep -q '^--- !Missed' %t.yaml
// RUN: %lower-to-llvm gfx1201 < %s | %opt-amdsync -passes='amdsync<target=gfx1201;remarks>' -disable-output 2>&1 | FileCheck %s --check-prefix=LLVM
// CHECK: remark: amdsync: split barrier wait (its signal before 'memref.load' at loc({{.*}}remarks-split.mlir:30:10); 2 operation(s) between signal and wait: 'memref.load' at loc({{.*}}:30:10), 'memref.load' at loc({{.*}}:31:10)) orders RAW hazard on workgroup attribution #0
// IR: memref.store %{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// IR-NEXT: llvm.fence syncscope("workgroup") release
// IR-NEXT: rocdl.s.barrier.signal
// IR-NEXT: memref.load
// IR-NEXT: memref.load
// IR: rocdl.s.barrier.wait
// IR-NEXT: llvm.fence syncscope("workgroup") acquire
// LLVM: remark: in function 'early': amdsync: split barrier wait (its signal before '{{.*}} = load float, ptr addrspace(3) {{.*}}'; 2 operation(s) between signal and wait: '{{.*}}load float{{.*}}', '{{.*}}load float{{.*}}') orders RAW hazard
gpu.module @m {
  gpu.func @early(%g: memref<256xf32>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>,
                %b: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %y = memref.load %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %z = memref.load %b[%c1] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %v, %y : f32
    %s2 = arith.addf %s, %z : f32
    memref.store %s2, %g[%tid] : memref<256xf32>
    gpu.return
  }
}
