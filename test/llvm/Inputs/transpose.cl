// Tiled matrix transpose through __local memory (16x16 tiles), with the
// barrier as OpenCL's barrier(CLK_LOCAL_MEM_FENCE) lowers it: a workgroup
// release fence on LDS, s_barrier, an acquire fence.
#include "../../opencl/prelude.h"
#define TILE 16

__kernel void transpose(__global const float *in, __global float *out,
                        int n) {
  __local float tile[TILE][TILE + 1];
  int lx = LID_X();
  int ly = LID_Y();
  int bx = GROUP_X() * TILE;
  int by = GROUP_Y() * TILE;
  tile[ly][lx] = in[(by + ly) * n + bx + lx];
  LOCAL_BARRIER();
  out[(bx + ly) * n + by + lx] = tile[lx][ly];
}

// The same without the barrier: a race the checker must report.
__kernel void transpose_racy(__global const float *in, __global float *out,
                             int n) {
  __local float tile[TILE][TILE + 1];
  int lx = LID_X();
  int ly = LID_Y();
  tile[ly][lx] = in[ly * n + lx];
  out[ly * n + lx] = tile[lx][ly];
}
