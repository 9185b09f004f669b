#include "hip_prelude.h"
/* Racy helper without a barrier; the only place amdsync can order it is
   inside the helper, which is called under a divergent branch. */
__device__ __attribute__((noinline)) float rotate(float *buf, float v) {
  buf[threadIdx.x] = v;
  return buf[(threadIdx.x + 1) % 128];
}
__global__ void helper_divins(float *out, const float *in) {
  __shared__ float buf[256];
  float v = in[threadIdx.x];
  if (threadIdx.x < 128) v = rotate(buf, v);
  out[threadIdx.x] = v;
}
// EXEC: _Z13helper_divinsPfPKf --block=256
