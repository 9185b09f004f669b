#include "hip_prelude.h"
/* Out-of-range threads return early, then a loop with __syncthreads:
   a divergent barrier in the source (the bug real code has). */
__global__ void smooth_bad(float *out, const float *in, int n, int iters) {
  __shared__ float s[258];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n) return;
  unsigned t = threadIdx.x + 1;
  float v = in[g];
  for (int k = 0; k < iters; ++k) {
    s[t] = v;
    if (threadIdx.x == 0) s[0] = v;
    if (threadIdx.x == blockDim.x - 1) s[t + 1] = v;
    __syncthreads();
    v = (s[t - 1] + s[t] + s[t + 1]) / 3;
    __syncthreads();
  }
  out[g] = v;
}
/* The correct way: every thread stays for the barriers. */
__global__ void smooth_ok(float *out, const float *in, int n, int iters) {
  __shared__ float s[258];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  bool active = g < n;
  unsigned t = threadIdx.x + 1;
  float v = active ? in[g] : 0.0f;
  for (int k = 0; k < iters; ++k) {
    s[t] = v;
    if (threadIdx.x == 0) s[0] = v;
    if (threadIdx.x == blockDim.x - 1) s[t + 1] = v;
    __syncthreads();
    v = (s[t - 1] + s[t] + s[t + 1]) / 3;
    __syncthreads();
  }
  if (!active) return;
  out[g] = v;
}
// EXEC: _Z10smooth_badPfPKfii --block=128 --args=100,2
// EXEC: _Z9smooth_okPfPKfii --block=128 --args=100,2
// LEVELS: O0 O1 O3
