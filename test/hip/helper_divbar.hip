#include "hip_prelude.h"
__device__ __attribute__((noinline)) float rotate(float *buf, float v) {
  buf[threadIdx.x] = v;
  __syncthreads();
  return buf[(threadIdx.x + 1) % 128];
}
/* Hang: a helper with a barrier called by only some lanes. */
__global__ void helper_divbar(float *out, const float *in) {
  __shared__ float buf[256];
  float v = in[threadIdx.x];
  if (threadIdx.x < 128) v = rotate(buf, v);
  out[threadIdx.x] = v;
}
// EXEC: _Z13helper_divbarPfPKf --block=256
