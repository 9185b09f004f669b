/* Rodinia pathfinder (dynamic programming over rows; OpenCL version,
   reduced to its LDS pattern): a loop whose uniform early `break` stands
   between the row barrier and the divergent copy-back of `computed` lanes.
   Used by test/llvm/uniform-break-divergent-copy-back.ll. */
#include "../../opencl/prelude.h"
#define BLOCK_SIZE 256
#define IN_RANGE(x, min, max) ((x)>=(min) && (x)<=(max))
#define MIN(a, b) ((a)<=(b) ? (a) : (b))
__kernel __attribute__((reqd_work_group_size(256,1,1)))
void pathfinder(int iteration, __global int *wall, __global int *src,
                __global int *dst, int cols, int startStep, int border) {
  __local int prev[BLOCK_SIZE];
  __local int result[BLOCK_SIZE];
  int bx = GROUP_X();
  int tx = LID_X();
  int small_block_cols = BLOCK_SIZE - iteration * 2;
  int blkX = small_block_cols * bx - border;
  int blkXmax = blkX + BLOCK_SIZE - 1;
  int xidx = blkX + tx;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - cols + 1) : BLOCK_SIZE - 1;
  int W = tx - 1;
  int E = tx + 1;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;
  bool isValid = IN_RANGE(tx, validXmin, validXmax);
  if (IN_RANGE(xidx, 0, cols - 1)) prev[tx] = src[xidx];
  LOCAL_BARRIER();
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && isValid) {
      computed = true;
      int left = prev[W];
      int up = prev[tx];
      int right = prev[E];
      int shortest = MIN(left, up);
      shortest = MIN(shortest, right);
      int index = cols * (startStep + i) + xidx;
      result[tx] = shortest + wall[index];
    }
    LOCAL_BARRIER();
    if (i == iteration - 1) break;
    if (computed) prev[tx] = result[tx];
    LOCAL_BARRIER();
  }
  if (computed) dst[xidx] = result[tx];
}
