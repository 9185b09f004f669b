/* Tree reduction of 256 floats per workgroup (256 work-items).
   Hand-written barriers: 1 after the load, 1 per halving step (8 steps):
   static 2, executed 9 per workgroup. Needs index reasoning: in each step
   the lanes below s write tmp[lid] and read tmp[lid + s], which no lane of
   that step writes. */
#include "prelude.h"
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reduce(__global const float *in, __global float *out) {
  __local float tmp[256];
  int lid = LID_X();
  tmp[lid] = in[GROUP_X() * 256 + lid];
  LOCAL_BARRIER();
  for (int s = 128; s > 0; s >>= 1) {
    if (lid < s)
      tmp[lid] += tmp[lid + s];
    LOCAL_BARRIER();
  }
  if (lid == 0)
    out[GROUP_X()] = tmp[0];
}
