/* Minimal HIP prelude for clang-22 -nogpulib -nogpuinc: what hip_runtime.h
   would provide, written as ROCm's headers write it. __syncthreads is
   __work_group_barrier(__CLK_LOCAL_MEM_FENCE) in amd_device_functions.h:
   fences at workgroup scope on all memory (no MMRA). Define
   HIP_LOCAL_FENCES to get the LDS-only (OpenCL-style) spelling instead. */
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __host__ __attribute__((host))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))
typedef __SIZE_TYPE__ size_t;

#ifdef HIP_LOCAL_FENCES
#define __HIP_FENCE_AS , "local"
#else
#define __HIP_FENCE_AS
#endif
__device__ static inline void __syncthreads(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup" __HIP_FENCE_AS);
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup" __HIP_FENCE_AS);
}

struct __hip_tid { __device__ unsigned operator()(int d) const; };
#define HIP_COORD(name, bx, by, bz)                                            \
  struct __hip_##name##_t {                                                    \
    __declspec(property(get = __get_x)) unsigned x;                            \
    __declspec(property(get = __get_y)) unsigned y;                            \
    __declspec(property(get = __get_z)) unsigned z;                            \
    __device__ static unsigned __get_x() { return bx; }                        \
    __device__ static unsigned __get_y() { return by; }                        \
    __device__ static unsigned __get_z() { return bz; }                        \
  };                                                                           \
  extern const __device__ __attribute__((weak)) __hip_##name##_t name;
HIP_COORD(threadIdx, __builtin_amdgcn_workitem_id_x(),
          __builtin_amdgcn_workitem_id_y(), __builtin_amdgcn_workitem_id_z())
HIP_COORD(blockIdx, __builtin_amdgcn_workgroup_id_x(),
          __builtin_amdgcn_workgroup_id_y(), __builtin_amdgcn_workgroup_id_z())
HIP_COORD(blockDim, __builtin_amdgcn_workgroup_size_x(),
          __builtin_amdgcn_workgroup_size_y(), __builtin_amdgcn_workgroup_size_z())

__device__ static inline int __lane_id(void) {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}
/* __shfl_down as ROCm writes it: ds_bpermute. */
__device__ static inline float __shfl_down(float var, unsigned delta, int width = 64) {
  int self = __lane_id();
  int index = self + delta;
  index = (int)((self & (width - 1)) + delta) >= width ? self : index;
  return __builtin_bit_cast(float, __builtin_amdgcn_ds_bpermute(index << 2, __builtin_bit_cast(int, var)));
}
__device__ static inline float __shfl(float var, int src, int width = 64) {
  int self = __lane_id();
  int index = src + (self & ~(width - 1));
  return __builtin_bit_cast(float, __builtin_amdgcn_ds_bpermute(index << 2, __builtin_bit_cast(int, var)));
}
__device__ static inline int atomicAdd(int *p, int v) {
  return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ static inline unsigned atomicAdd(unsigned *p, unsigned v) {
  return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ static inline int atomicMax(int *p, int v) {
  return __hip_atomic_fetch_max(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
