/* Bitonic sort of 256 floats in __local memory, 256 work-items: one barrier
   after the load and one per compare-exchange stage (8 * 9 / 2 = 36):
   static 2, executed 37 per workgroup. The lanes of a stage exchange
   disjoint pairs, and only the lower lane of each pair writes: amdsync
   sees it through the nested loops' iteration table (j constant in each
   row) and the guard `partner > lid` (bit j of lid clear, so lid ^ j is
   lid + j). */
#include "prelude.h"
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void bitonic(__global float *data) {
  __local float v[256];
  int lid = LID_X();
  v[lid] = data[GROUP_X() * 256 + lid];
  LOCAL_BARRIER();
  for (int k = 2; k <= 256; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      int partner = lid ^ j;
      if (partner > lid) {
        float a = v[lid], b = v[partner];
        bool up = (lid & k) == 0;
        if ((a > b) == up) {
          v[lid] = b;
          v[partner] = a;
        }
      }
      LOCAL_BARRIER();
    }
  }
  data[GROUP_X() * 256 + lid] = v[lid];
}
