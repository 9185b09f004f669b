#include "hip_prelude.h"
/* Two views of dynamic LDS: a[n] and b[n] at offset n floats. */
__global__ void dynviews(float *out, const float *x, const float *y, int n) {
  extern __shared__ float dyn[];
  float *a = dyn;
  float *b = dyn + n;
  unsigned t = threadIdx.x;
  a[t] = x[blockIdx.x * n + t];
  b[t] = y[blockIdx.x * n + t];
  __syncthreads();
  out[blockIdx.x * n + t] = a[n - 1 - t] * b[(t + 1) % n];
}
/* Constant offset views, int and float. */
__global__ void dynviews2(float *out, const float *x) {
  extern __shared__ char raw[];
  float *a = (float *)raw;
  int *cnt = (int *)(raw + 1024 * sizeof(float));
  unsigned t = threadIdx.x;
  if (t == 0) *cnt = 0;
  a[t] = x[t];
  __syncthreads();
  if (a[t] > 0) __hip_atomic_fetch_add(cnt, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  out[t] = a[255 - t] + *cnt;
}
// EXEC: _Z8dynviewsPfPKfS1_i --block=64 --args=64
// EXEC: _Z9dynviews2PfPKf --block=256 --dynamic-lds=8192
// LEVELS: O0 O1 O3
