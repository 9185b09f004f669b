#include "hip_prelude.h"
__device__ __attribute__((noinline)) void fill(float *s, const float *in) {
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
__device__ __attribute__((noinline)) float neighbour(const float *s) {
  return s[(threadIdx.x + 1) % blockDim.x];
}
__global__ void helper_ptr(float *out, const float *in) {
  __shared__ float s[1024];
  fill(s, in);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = neighbour(s);
}
/* A __device__ function with its own __shared__ variable. */
__device__ __attribute__((noinline)) float rotate(float v) {
  __shared__ float buf[1024];
  buf[threadIdx.x] = v;
  __syncthreads();
  return buf[(threadIdx.x + 1) % blockDim.x];
}
__global__ void helper_static(float *out, const float *in) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = rotate(in[g]);
}
// EXEC: _Z10helper_ptrPfPKf --block=128
// EXEC: _Z13helper_staticPfPKf --block=128
// LEVELS: O0 O1 O3
