#include "hip_prelude.h"
#define T 16
__global__ __launch_bounds__(256) void matmul(float *c, const float *a, const float *b, int n) {
  __shared__ float as[T][T], bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0;
  for (int k0 = 0; k0 < n; k0 += T) {
    as[ty][tx] = (row < n && k0 + tx < n) ? a[row * n + k0 + tx] : 0.0f;
    bs[ty][tx] = (col < n && k0 + ty < n) ? b[(k0 + ty) * n + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < T; ++k) acc += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = acc;
}
// EXEC: _Z6matmulPfPKfS1_i --block=16,16 --args=32
// LEVELS: O0 O1 O3
