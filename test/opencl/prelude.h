/* The corpus's stand-ins for the OpenCL builtins the distribution's device
   library would provide (TOOLCHAIN-FACTS.md: clang-22 -nogpulib). */
#define LOCAL_BARRIER()                                                        \
  do {                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local");            \
    __builtin_amdgcn_s_barrier();                                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local");            \
  } while (0)
#define LID_X() ((int)__builtin_amdgcn_workitem_id_x())
#define LID_Y() ((int)__builtin_amdgcn_workitem_id_y())
#define GROUP_X() ((int)__builtin_amdgcn_workgroup_id_x())
#define GROUP_Y() ((int)__builtin_amdgcn_workgroup_id_y())
