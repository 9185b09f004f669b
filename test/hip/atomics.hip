#include "hip_prelude.h"
__global__ void histogram(unsigned *bins, const unsigned char *in, int n) {
  __shared__ unsigned h[256];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 256; i += blockDim.x) h[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * __builtin_amdgcn_grid_size_x())
    __hip_atomic_fetch_add(&h[in[i]], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  for (unsigned i = t; i < 256; i += blockDim.x) atomicAdd(&bins[i], h[i]);
}
// EXEC: _Z9histogramPjPKhi --block=256 --args=1024
