// The cross-check catches a mistranslation: the straight-line kernel,
// synchronized and lowered to LLVM IR, passes the LLVM IR checker; the same
// IR with the barrier call dropped on the way (a lowering or translation
// that lost it) fails it, at both accesses; and a barrier whose release
// fence was dropped is reported as unfenced.
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx942})' %s | %lower-to-llvm gfx942 > %t.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx942>' %t.ll -disable-output
// scripts/cross-check.sh on the unsynchronized kernel: both checkers
// reject it, so they agree.
// RUN: sh %S/../../scripts/cross-check.sh gfx942 %s | FileCheck %s --check-prefix=AGREE
// RUN: grep -v 'call void @llvm.amdgcn.s.barrier()' %t.ll | not %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output 2>&1 | FileCheck %s --check-prefix=DROPPED
// RUN: grep -v 'fence syncscope("workgroup") release' %t.ll | not %opt-amdsync -passes='amdsync-verify<target=gfx942>' -disable-output 2>&1 | FileCheck %s --check-prefix=UNFENCED

// DROPPED: error: in function 'straight': amdsync-verify: unordered RAW hazard on @{{.*}}: a path from 'store
// DROPPED: note: amdsync-verify: unordered RAW hazard on @{{.*}}: a path from this access
// DROPPED: error: amdsync-verify: 1 error(s) in 1 function(s)

// AGREE: MLIR checker: rejected; LLVM IR checker: rejected
// UNFENCED: error: in function 'straight': amdsync-verify: barrier without workgroup-scope fences: no release fence before it;
gpu.module @m {
  gpu.func @straight(%x: f32, %out: memref<64xf32, 1>)
      workgroup(%a: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    memref.store %x, %a[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32, 1>
    gpu.return
  }
}

// Execution oracle: clean as synchronized; the dropped barrier and the
// dropped release fence are races when run.
// RUN: %amdsync-exec %t.ll --waw=off --target=gfx942 --block=63 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: straight: clean barriers=1 wave-barriers=0 schedules=8
// RUN: grep -v 'call void @llvm.amdgcn.s.barrier()' %t.ll | not %amdsync-exec - --waw=off --target=gfx942 --block=63 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC-DROPPED
// EXEC-DROPPED: race: straight: write at store float %{{[0-9]+}}, ptr addrspace(3)
// RUN: grep -v 'fence syncscope("workgroup") release' %t.ll | not %amdsync-exec - --waw=off --target=gfx942 --block=63 --args=2.0,0,1024,1 | FileCheck %s --check-prefix=EXEC-UNFENCED
// EXEC-UNFENCED: race: straight: write at store float %{{[0-9]+}}, ptr addrspace(3)
