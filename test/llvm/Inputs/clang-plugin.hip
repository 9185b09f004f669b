// clang -fpass-plugin (test/llvm/clang-pass-plugin.ll): a HIP kernel that
// needs a barrier in its loop (each iteration reads another lane's element
// of the one before) and has none. The read's index moves with k, so the
// optimizer, which sees one thread, cannot hoist it out of the loop.
#include "hip_prelude.h"
__global__ __launch_bounds__(256) void rotate(float *out, int n) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  float v = out[t];
  for (int k = 1; k <= n; ++k) {
    s[t] = v;
    v += s[(t + k) & 255];
  }
  out[t] = v;
}
