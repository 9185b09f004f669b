#include "hip_prelude.h"
/* Correct; needs only buffer-level reasoning (barrier between every write
   and read), but the loop bound is blockDim.x. */
__global__ void blockdim_loop(float *out, const float *in, int n) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x;
  float acc = 0;
  for (unsigned i = 0; i < blockDim.x; i += 64) {
    s[t] = in[i * 1024 + t];
    __syncthreads();
    acc += s[(t + i) % blockDim.x];
    __syncthreads();
  }
  out[t] = acc;
}
// EXEC: _Z13blockdim_loopPfPKfi --block=128 --global-bytes=524288
// LEVELS: O0 O1 O3
