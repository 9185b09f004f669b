#include "hip_prelude.h"
/* Race: no barrier between the write of s[t] and the read of s[63-t]. */
__global__ void race_o0(float *out, const float *in) {
  __shared__ float s[256];
  unsigned t = __builtin_amdgcn_workitem_id_x();
  float *p = s;
  p[t] = in[t];
  out[t] = p[255 - t];
}
// LEVELS: O0 O1 O3
// EXEC: _Z7race_o0PfPKf --block=256
