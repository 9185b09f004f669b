#!/bin/sh
# reductions.sh N: a kernel of N tree reductions in sequence over one
# workgroup buffer (reductions-in-sequence.mlir): each stores the thread's
# value, halves the stride 8 times under `tid < 128 >> i`, and reads the
# total at element 0. No barrier: the pass places them.
n=$1
cat <<'HEAD'
gpu.module @m {
  gpu.func @k(%out: memref<256xf32, 1>) workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %v = arith.index_cast %tid : index to i32
    %f = arith.sitofp %v : i32 to f32
HEAD
i=0
while [ "$i" -lt "$n" ]; do
  cat <<EOT
    memref.store %f, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    scf.for %i$i = %c0 to %c8 step %c1 {
      %st$i = arith.shrui %c128, %i$i : index
      %act$i = arith.cmpi ult, %tid, %st$i : index
      scf.if %act$i {
        %j$i = arith.addi %tid, %st$i : index
        %a$i = memref.load %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        %b$i = memref.load %s[%j$i] : memref<256xf32, #gpu.address_space<workgroup>>
        %sum$i = arith.addf %a$i, %b$i : f32
        memref.store %sum$i, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      }
    }
    %r$i = memref.load %s[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %r$i, %out[%tid] : memref<256xf32, 1>
EOT
  i=$((i + 1))
done
cat <<'TAIL'
    gpu.return
  }
}
TAIL
