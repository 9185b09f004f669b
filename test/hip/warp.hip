#include "hip_prelude.h"
__device__ static inline float warp_sum(float v) {
  for (int o = 32; o > 0; o >>= 1) v += __shfl_down(v, o);
  return v;
}
__global__ __launch_bounds__(1024) void block_sum(float *out, const float *in) {
  __shared__ float partial[16];
  unsigned t = threadIdx.x;
  float v = warp_sum(in[blockIdx.x * 1024 + t]);
  unsigned lane = t % 64, wid = t / 64;
  if (lane == 0) partial[wid] = v;
  __syncthreads();
  if (wid == 0) {
    v = lane < 16 ? partial[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}
// EXEC: _Z9block_sumPfPKf --block=1024
// LEVELS: O0 O1 O3
