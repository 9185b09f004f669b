// Uniformity is a worklist fixpoint, not a recursion whose depth grows with
// the IR: a chain of 80,000 arith.addi ops feeding an scf.if condition
// (generated at test time) is analyzed without exhausting the stack. The
// chain starts at gpu.block_id, so the condition is uniform and the barrier
// goes inside the branch; the same chain from gpu.thread_id is divergent
// and the barrier goes before the branch.
// RUN: awk -v start=block_id 'BEGIN { \
// RUN:   print "gpu.module @m {"; \
// RUN:   print "  gpu.func @chain(%g: memref<256xf32, 1>, %n: index) workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {"; \
// RUN:   print "    %c1 = arith.constant 1 : index"; \
// RUN:   print "    %x = gpu.thread_id x"; \
// RUN:   print "    %v0 = gpu." start " x"; \
// RUN:   for (i = 1; i <= 80000; i++) print "    %v" i " = arith.addi %v" (i - 1) ", %c1 : index"; \
// RUN:   print "    %p = arith.cmpi ult, %v80000, %n : index"; \
// RUN:   print "    %f = memref.load %g[%x] : memref<256xf32, 1>"; \
// RUN:   print "    memref.store %f, %a[%x] : memref<256xf32, #gpu.address_space<workgroup>>"; \
// RUN:   print "    scf.if %p {"; \
// RUN:   print "      %x1 = arith.addi %x, %c1 : index"; \
// RUN:   print "      %r = memref.load %a[%x1] : memref<256xf32, #gpu.address_space<workgroup>>"; \
// RUN:   print "      memref.store %r, %g[%x] : memref<256xf32, 1>"; \
// RUN:   print "    }"; \
// RUN:   print "    gpu.return"; \
// RUN:   print "  }"; \
// RUN:   print "}"; \
// RUN: }' > %t.uniform.mlir
// RUN: sed 's/gpu.block_id x/gpu.thread_id x/' %t.uniform.mlir > %t.divergent.mlir
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %t.uniform.mlir | FileCheck %s --check-prefix=UNIFORM
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942},amdsync-verify)' %t.divergent.mlir | FileCheck %s --check-prefix=DIVERGENT

// UNIFORM: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// UNIFORM-NEXT: scf.if
// UNIFORM-NEXT: arith.addi
// UNIFORM-NEXT: amdgpu.lds_barrier
// UNIFORM-NEXT: memref.load

// DIVERGENT: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// DIVERGENT-NEXT: amdgpu.lds_barrier
// DIVERGENT-NEXT: scf.if
// DIVERGENT-NOT: amdgpu.lds_barrier
// DIVERGENT: gpu.return
