#include "hip_prelude.h"
__device__ __attribute__((noinline)) void fill(float *s, float v) { s[threadIdx.x] = v; }
__device__ __attribute__((noinline)) float get(const float *s, unsigned i) { return s[i]; }
/* Race: fill then get of another lane's element, no barrier. */
__global__ void helper_race(float *out, const float *in) {
  __shared__ float s[256];
  fill(s, in[threadIdx.x]);
  out[threadIdx.x] = get(s, 255 - threadIdx.x);
}
// EXEC: _Z11helper_racePfPKf --block=256
// LEVELS: O0 O1 O3
