#include "hip_prelude.h"
__global__ __launch_bounds__(64) void rev64(float *out, const float *in) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  out[blockIdx.x * 64 + t] = s[63 - t];
}
// EXEC: _Z5rev64PfPKf --block=64
// LEVELS: O0 O1 O3
