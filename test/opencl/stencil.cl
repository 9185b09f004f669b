/* 2D 5-point stencil on a 16x16 tile with a one-element halo loaded into
   __local (18x18): each work-item loads its element, edge work-items also
   the halo; one barrier, then the stencil: static 1, executed 1 per
   workgroup. The halo stores sit in divergent branches; stores against
   stores are not a hazard (brief §1), so buffer-level reasoning suffices. */
#include "prelude.h"
#define T 16
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void stencil(__global const float *in, __global float *out, int n) {
  __local float tile[T + 2][T + 2];
  int lx = LID_X(), ly = LID_Y();
  int x = GROUP_X() * T + lx + 1, y = GROUP_Y() * T + ly + 1;
  tile[ly + 1][lx + 1] = in[y * n + x];
  if (lx == 0)
    tile[ly + 1][0] = in[y * n + x - 1];
  if (lx == T - 1)
    tile[ly + 1][T + 1] = in[y * n + x + 1];
  if (ly == 0)
    tile[0][lx + 1] = in[(y - 1) * n + x];
  if (ly == T - 1)
    tile[T + 1][lx + 1] = in[(y + 1) * n + x];
  LOCAL_BARRIER();
  out[y * n + x] = 0.2f * (tile[ly + 1][lx + 1] + tile[ly][lx + 1] +
                           tile[ly + 2][lx + 1] + tile[ly + 1][lx] +
                           tile[ly + 1][lx + 2]);
}
