// Tiled matrix transpose through __local memory (16x16 tiles), with the
// barrier as OpenCL's barrier(CLK_LOCAL_MEM_FENCE) lowers it: a workgroup
// release fence on LDS, s_barrier, an acquire fence.
#define TILE 16
#define LOCAL_BARRIER()                                                        \
  do {                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local");            \
    __builtin_amdgcn_s_barrier();                                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local");            \
  } while (0)

__kernel void transpose(__global const float *in, __global float *out,
                        int n) {
  __local float tile[TILE][TILE + 1];
  int lx = __builtin_amdgcn_workitem_id_x();
  int ly = __builtin_amdgcn_workitem_id_y();
  int bx = __builtin_amdgcn_workgroup_id_x() * TILE;
  int by = __builtin_amdgcn_workgroup_id_y() * TILE;
  tile[ly][lx] = in[(by + ly) * n + bx + lx];
  LOCAL_BARRIER();
  out[(bx + ly) * n + by + lx] = tile[lx][ly];
}

// The same without the barrier: a race the checker must report.
__kernel void transpose_racy(__global const float *in, __global float *out,
                             int n) {
  __local float tile[TILE][TILE + 1];
  int lx = __builtin_amdgcn_workitem_id_x();
  int ly = __builtin_amdgcn_workitem_id_y();
  tile[ly][lx] = in[ly * n + lx];
  out[ly * n + lx] = tile[lx][ly];
}
