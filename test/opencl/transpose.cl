/* Tiled matrix transpose through a padded 16x17 tile, 16x16 work-items.
   One barrier between the tile's store and its transposed load: static 1,
   executed 1 per workgroup. Buffer-level reasoning suffices. */
#include "prelude.h"
#define T 16
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void transpose(__global const float *in, __global float *out, int n) {
  __local float tile[T][T + 1];
  int lx = LID_X(), ly = LID_Y();
  int bx = GROUP_X() * T, by = GROUP_Y() * T;
  tile[ly][lx] = in[(by + ly) * n + bx + lx];
  LOCAL_BARRIER();
  out[(bx + ly) * n + by + lx] = tile[lx][ly];
}
