/* A loop-carried kernel: `iters` rounds of 1D Jacobi smoothing of a 256
   element segment held in __local memory, ping-ponging between two buffers
   (a -> b, then b -> a, per round), 256 work-items, boundary elements held.
   Barriers: after the load, and after each half round (RAW on the buffer
   just written; it also orders the WAR before that buffer is written
   again): static 3, executed 1 + 2 * iters per workgroup. Buffer-level
   reasoning suffices. */
#include "prelude.h"
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void jacobi(__global float *data, int iters) {
  __local float a[256], b[256];
  int lid = LID_X();
  int g = GROUP_X() * 256 + lid;
  a[lid] = data[g];
  LOCAL_BARRIER();
  bool inner = lid > 0 && lid < 255;
  for (int it = 0; it < iters; ++it) {
    b[lid] = inner ? (a[lid - 1] + a[lid] + a[lid + 1]) / 3.0f : a[lid];
    LOCAL_BARRIER();
    a[lid] = inner ? (b[lid - 1] + b[lid] + b[lid + 1]) / 3.0f : b[lid];
    LOCAL_BARRIER();
  }
  data[g] = a[lid];
}
