#include "hip_prelude.h"
/* Race: two views of dynamic LDS, b = dyn + n overlaps a[t + n]. */
__global__ void dynrace(float *out, const float *x, int n) {
  extern __shared__ float dyn[];
  float *a = dyn, *b = dyn + n;
  unsigned t = threadIdx.x;
  a[t] = x[t];
  out[t] = b[t];
}
// EXEC: _Z7dynracePfPKfi --block=128 --args=64
// LEVELS: O0 O1 O3
