/* shim.h -- stand-ins for the OpenCL C work-item, synchronisation, atomic and
   integer builtins used by the kernels in this directory (bench/corpus-table).

   The kernels are compiled with
     clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942
              -nogpulib -O1 -emit-llvm -S -Ibench/kernels <file>.cl
   i.e. without the device library, so nothing from opencl-c.h is declared.
   clang still pre-includes opencl-c-base.h, which supplies the scalar and
   vector type names (uint, float4, ...) and the CLK_*_MEM_FENCE flag macros;
   this file therefore only maps functions.  Style follows
   test/opencl/prelude.h.

   Work-item functions: the dimension argument is always a literal in these
   kernels, so a conditional chain (no switch) folds away at -O1.
     get_local_id(d)   -> __builtin_amdgcn_workitem_id_{x,y,z}
     get_group_id(d)   -> __builtin_amdgcn_workgroup_id_{x,y,z}
     get_local_size(d) -> __builtin_amdgcn_workgroup_size_{x,y,z} (exists in
                          clang-22; reads the dispatch packet / implicit
                          kernel arguments, and is folded to a constant when
                          the kernel carries reqd_work_group_size)
     get_global_size(d)-> __builtin_amdgcn_grid_size_{x,y,z}
     get_num_groups(d) -> ceil(global size / local size)
     get_global_id(d)  -> group * local size + local id (no global offset)

   barrier(flags): workgroup-scope release fence on LDS, s_barrier, acquire
   fence on LDS -- the same sequence as LOCAL_BARRIER() in prelude.h.  The
   flags argument is evaluated and otherwise ignored (every barrier in these
   kernels uses CLK_LOCAL_MEM_FENCE).

   Atomics: OpenCL 1.x atomic_add/atomic_inc/atom_add on __local or __global
   int/uint, and atom_min/atom_max on __global int/uint, as overloadable
   inline functions over clang's scoped atomic builtins: relaxed ordering,
   workgroup scope for __local and device (agent) scope for __global.  They
   return the old value, as in OpenCL.

   Math: min/max on integer and float types, sqrt on float. */
#ifndef AMDSYNC_CAND_SHIM_H
#define AMDSYNC_CAND_SHIM_H

#define SHIM_DIM(d, x, y, z) ((d) == 0 ? (x) : (d) == 1 ? (y) : (z))

#define get_local_id(d)                                                        \
  SHIM_DIM((d), (size_t)__builtin_amdgcn_workitem_id_x(),                     \
           (size_t)__builtin_amdgcn_workitem_id_y(),                          \
           (size_t)__builtin_amdgcn_workitem_id_z())
#define get_group_id(d)                                                        \
  SHIM_DIM((d), (size_t)__builtin_amdgcn_workgroup_id_x(),                    \
           (size_t)__builtin_amdgcn_workgroup_id_y(),                         \
           (size_t)__builtin_amdgcn_workgroup_id_z())
#define get_local_size(d)                                                      \
  SHIM_DIM((d), (size_t)__builtin_amdgcn_workgroup_size_x(),                  \
           (size_t)__builtin_amdgcn_workgroup_size_y(),                       \
           (size_t)__builtin_amdgcn_workgroup_size_z())
#define get_global_size(d)                                                     \
  SHIM_DIM((d), (size_t)__builtin_amdgcn_grid_size_x(),                       \
           (size_t)__builtin_amdgcn_grid_size_y(),                            \
           (size_t)__builtin_amdgcn_grid_size_z())
#define get_num_groups(d)                                                      \
  ((get_global_size(d) + get_local_size(d) - 1) / get_local_size(d))
#define get_global_id(d) (get_group_id(d) * get_local_size(d) + get_local_id(d))

#define barrier(flags)                                                         \
  do {                                                                         \
    (void)(flags);                                                             \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local");            \
    __builtin_amdgcn_s_barrier();                                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local");            \
  } while (0)

#define mem_fence(flags)                                                       \
  do {                                                                         \
    (void)(flags);                                                             \
    __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "workgroup", "local");            \
  } while (0)

#define SHIM_OVL static inline __attribute__((overloadable, always_inline))

#define SHIM_ATOMICS(T)                                                        \
  SHIM_OVL T atomic_add(volatile __local T *p, T v) {                          \
    return __scoped_atomic_fetch_add((__local T *)p, v, __ATOMIC_RELAXED,      \
                                     __MEMORY_SCOPE_WRKGRP);                   \
  }                                                                            \
  SHIM_OVL T atomic_add(volatile __global T *p, T v) {                         \
    return __scoped_atomic_fetch_add((__global T *)p, v, __ATOMIC_RELAXED,     \
                                     __MEMORY_SCOPE_DEVICE);                   \
  }                                                                            \
  SHIM_OVL T atomic_inc(volatile __local T *p) { return atomic_add(p, (T)1); } \
  SHIM_OVL T atomic_inc(volatile __global T *p) {                              \
    return atomic_add(p, (T)1);                                                \
  }                                                                            \
  SHIM_OVL T atom_add(volatile __local T *p, T v) { return atomic_add(p, v); } \
  SHIM_OVL T atom_add(volatile __global T *p, T v) {                           \
    return atomic_add(p, v);                                                   \
  }                                                                            \
  SHIM_OVL T atom_min(volatile __global T *p, T v) {                           \
    return __scoped_atomic_fetch_min((__global T *)p, v, __ATOMIC_RELAXED,     \
                                     __MEMORY_SCOPE_DEVICE);                   \
  }                                                                            \
  SHIM_OVL T atom_max(volatile __global T *p, T v) {                           \
    return __scoped_atomic_fetch_max((__global T *)p, v, __ATOMIC_RELAXED,     \
                                     __MEMORY_SCOPE_DEVICE);                   \
  }

SHIM_ATOMICS(int)
SHIM_ATOMICS(uint)

#define SHIM_MINMAX(T)                                                         \
  SHIM_OVL T min(T a, T b) { return b < a ? b : a; }                           \
  SHIM_OVL T max(T a, T b) { return a < b ? b : a; }

SHIM_MINMAX(int)
SHIM_MINMAX(uint)
SHIM_MINMAX(long)
SHIM_MINMAX(ulong)
SHIM_MINMAX(float)

SHIM_OVL float sqrt(float x) { return __builtin_sqrtf(x); }

#endif /* AMDSYNC_CAND_SHIM_H */
