/* Tiled matrix multiply C = A * B, n x n (n a multiple of 16), 16x16 tiles,
   16x16 work-items. Per tile step: both tiles loaded, a barrier (RAW), the
   partial products, a barrier (WAR before the next load): static 2,
   executed 2 * n/16 per workgroup. Buffer-level reasoning suffices. */
#include "prelude.h"
#define T 16
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *a, __global const float *b,
            __global float *c, int n) {
  __local float as[T][T], bs[T][T];
  int lx = LID_X(), ly = LID_Y();
  int row = GROUP_Y() * T + ly, col = GROUP_X() * T + lx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += T) {
    as[ly][lx] = a[row * n + k0 + lx];
    bs[ly][lx] = b[(k0 + ly) * n + col];
    LOCAL_BARRIER();
    for (int k = 0; k < T; ++k)
      acc += as[ly][k] * bs[k][lx];
    LOCAL_BARRIER();
  }
  c[row * n + col] = acc;
}
