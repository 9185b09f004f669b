#include "hip_prelude.h"
__global__ __launch_bounds__(256) void reduce256(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
#pragma unroll 1
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// EXEC: _Z9reduce256PfPKf --block=256
