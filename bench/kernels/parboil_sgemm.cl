/* Source: Parboil benchmark suite (IMPACT group, University of Illinois), as
   mirrored at github.com/abduld/Parboil,
   benchmarks/sgemm/src/opencl_nvidia/kernel.cl (commit
   a4c63da28f45699e9a274cbc49af3e067162aa2b), kernel `mysgemmNT`.
   License: University of Illinois/NCSA Open Source License (Copyright
   2007-2012 The Board of Trustees of the University of Illinois), LICENSE
   at the repository root.
   What it does: dense C = alpha * A * B^T + beta * C after Volkov's CUDA
   sgemm: each work-item keeps TILE_N partial results in registers; per
   k-step of TILE_TB_HEIGHT the workgroup loads a TILE_TB_HEIGHT x TILE_N
   tile of B into local memory (barrier), every work-item multiplies its
   column of A against the whole tile, barrier before the next tile.
   Instantiation: TILE_N = 32, TILE_TB_HEIGHT = 16, TILE_M = 512 (the
   file's defaults, which main.cc repeats); the `#if 0` two-dimensional
   variant is kept as the authors left it; reqd_work_group_size added.
   Workgroup size: 32 x 16 x 1, fixed by the host (main.cc:
   `size_t db[2] = {TILE_N,TILE_TB_HEIGHT};`).
   Oracle run (bench/corpus-table): lda = ldc = 512, ldb = 32, k = 32 (two
   tiles), alpha = 1, beta = 0.
   EXEC: --block=32,16 --args=512,32,512,32,1.0,0.0 */
#include "shim.h"

/***************************************************************************
 *cr
 *cr            (C) Copyright 2010 The Board of Trustees of the
 *cr                        University of Illinois
 *cr                         All Rights Reserved
 *cr
 ***************************************************************************/


#ifndef TILE_N
#define TILE_N  32
#endif

#ifndef TILE_TB_HEIGHT
#define TILE_TB_HEIGHT 16
#endif

#ifndef TILE_M
#define TILE_M  ((TILE_N) * (TILE_TB_HEIGHT))
#endif

/* 
 * Kernel of dense matrix-matrix multiplication kernel.
 * The algorithm is based on CUDA sgemm code from Vasily Volkov
 * at UC Berkeley.
 */

// CML x RML = CML, baseline version, 510FLOP/s on Fermi
/* Pseudo code
for i < M ; i += 64   // thread block.x
 for j < N; j += 16   // thread block.y
  for tx = 0; tx < 16; tx++ // thread index x; tile of M loop
  for ty = 0; ty < 4 ; ty++ // thread index y; tile of M loop

  for m < 16; m += 1;
     c[m] = 0.0f

  for k < K; k += 4   // seq

   b[ty][tx] = B[k+ty][j+tx]

   for l < 4; l +=1   // seq
    for m < 16; m +=1 // seq
      c[m] += A[i+ty*16+tx][k+l]+b[l][m]

*/

__kernel __attribute__((reqd_work_group_size(32, 16, 1)))
void mysgemmNT(__global const float *A, int lda, __global const float *B, int ldb, __global float* C, int ldc, int k, float alpha, float beta) {
  // Partial results 
  float c[TILE_N];
  for (int i=0; i < TILE_N; i++) c[i] = 0.0f;
 
  int mid = get_local_id(1)*get_local_size(0)+get_local_id(0);
  int m = get_group_id(0) * TILE_M + mid;
  int n = get_group_id(1) * TILE_N + get_local_id(0);

#if 0
  __local float b_s[TILE_TB_HEIGHT][TILE_N];

  for (int i = 0; i < k; i+=TILE_TB_HEIGHT) {
    float a;
    b_s[get_local_id(1)][get_local_id(0)] = B[n+(i+get_local_id(1))*ldb];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < TILE_TB_HEIGHT; j++) {
      a = A[m + (i+j)*lda];
      for (int kk = 0; kk < TILE_N; kk++)
      c[kk] += a * b_s[j][kk];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#else
  __local float b_s[TILE_TB_HEIGHT * TILE_N];

  for (int i = 0; i < k; i+=TILE_TB_HEIGHT) {
    float a;
    b_s[get_local_id(0) + get_local_id(1) * TILE_N] = B[n+(i+get_local_id(1))*ldb];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < TILE_TB_HEIGHT; j++) {
      a = A[m + (i+j)*lda];
      for (int kk = 0; kk < TILE_N; kk++)
      c[kk] += a * b_s[j * TILE_N + kk];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#endif

  int t = ldc * get_group_id(1) * TILE_N + m;
  for (int i = 0; i < TILE_N; i++) {
    C[t+i*ldc] = C[t+i*ldc] * beta + alpha * c[i];
  }
}

