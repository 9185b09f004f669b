#include "hip_prelude.h"
/* A __shared__ pointer variable (pointer through LDS memory), then a race
   through it: write buf[t], read buf[t^1] without a barrier. */
__global__ void shptr(float *out, const float *in, int sel) {
  __shared__ float a[256], b[256];
  __shared__ float *buf;
  unsigned t = threadIdx.x;
  if (t == 0) buf = sel ? a : b;
  __syncthreads();
  buf[t] = in[t];
  out[t] = buf[t ^ 1];
}
// EXEC: _Z5shptrPfPKfi --block=128 --args=1
// LEVELS: O0 O1 O3
