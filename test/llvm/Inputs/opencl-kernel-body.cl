/* clang's body of an OpenCL kernel (test/llvm/opencl-kernel-body.ll): a
   loop whose trip count is a kernel argument, a barrier in it. With
   NO_BARRIERS the authors' barriers are left out; with CALLER another
   kernel calls `rows` as a function with a lane-dependent count. */
#ifdef NO_BARRIERS
#define BARRIER()
#else
/* barrier(CLK_LOCAL_MEM_FENCE) as the device library lowers it (the
   execution oracle runs no unlinked built-in). */
#define BARRIER()                                                              \
  do {                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                     \
    __builtin_amdgcn_s_barrier();                                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                     \
  } while (0)
#endif

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void rows(__global float *out, int n) {
  __local float t[256];
  int lid = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < n; i++) {
    t[lid] = lid + i;
    BARRIER();
    out[i * 256 + lid] = t[255 - lid];
    BARRIER();
  }
}

#ifdef CALLER
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void caller(__global float *out) {
  rows(out, __builtin_amdgcn_workitem_id_x() & 1);
}
#endif
