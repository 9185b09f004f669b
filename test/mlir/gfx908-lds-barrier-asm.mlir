// On chips before gfx90a the upstream lowering (convert-gpu-to-rocdl
// {chipset=gfx908}, amdgpu-to-rocdl) writes amdgpu.lds_barrier as inline
// assembly between the two workgroup fences,
//   call void asm sideeffect ";;;WARNING: BREAKS DEBUG WATCHES\0As_barrier", ""()
// Both front ends read assembly that is nothing but `s_barrier` (comment
// lines aside) as the workgroup barrier (amdsyncAsmLookup); any other
// assembly stays a call. Found by scripts/fuzz.sh (judge cross, seed 1):
// on 359b8e9 the LLVM IR checker took the asm for a call and rejected every
// barrier amdsync placed for gfx908. The execution oracle runs it as
// s_barrier (its own reading of the text).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync{target=gfx908})' %s -o %t.mlir
// RUN: %lower-to-llvm gfx908 < %t.mlir > %t.ll
// RUN: %opt-amdsync -passes='amdsync-verify<target=gfx908>' %t.ll -disable-output
// RUN: FileCheck %s --check-prefix=ASM < %t.ll
// RUN: %amdsync-exec %t.ll --target=gfx908 --block=128 --args=0,256,1 --schedules=2 | FileCheck %s --check-prefix=EXEC
// ASM: fence syncscope("workgroup") release
// ASM-NEXT: call void asm sideeffect ";;;WARNING: BREAKS DEBUG WATCHES\0As_barrier", ""()
// EXEC: amdsync-exec: raw: clean barriers=1

gpu.module @m {
  gpu.func @raw(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %t1 = arith.addi %tid, %c1 : index
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}
