#include "hip_prelude.h"
__global__ __launch_bounds__(512) void scan(float *out, const float *in) {
  __shared__ float buf[2][512];
  unsigned t = threadIdx.x;
  int pout = 0, pin = 1;
  buf[0][t] = in[blockIdx.x * 512 + t];
  __syncthreads();
  for (unsigned off = 1; off < 512; off <<= 1) {
    pout = 1 - pout; pin = 1 - pout;
    if (t >= off) buf[pout][t] = buf[pin][t] + buf[pin][t - off];
    else buf[pout][t] = buf[pin][t];
    __syncthreads();
  }
  out[blockIdx.x * 512 + t] = buf[pout][t];
}
// EXEC: _Z4scanPfPKf --block=512
