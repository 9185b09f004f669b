#include "hip_prelude.h"
/* Race inside a helper: write s[t], read s[t^1], no barrier; s is a flat
   pointer argument that points to LDS (two different arrays at the calls). */
__device__ __attribute__((noinline)) float xchg(float *s, float v) {
  s[threadIdx.x] = v;
  return s[threadIdx.x ^ 1];
}
__global__ void helper_flat(float *out, const float *in) {
  __shared__ float a[256], b[256];
  float v = xchg(a, in[threadIdx.x]);
  out[threadIdx.x] = xchg(b, v);
}
// EXEC: _Z11helper_flatPfPKf --block=128
// LEVELS: O0 O1 O3
