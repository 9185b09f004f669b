/* The interleaved tree reduction (the first kernel of Harris, "Optimizing
   parallel reduction in CUDA", 2007): in step s the lanes whose id is a
   multiple of 2s add the element s above their own. Each step's lanes
   touch disjoint pairs: s[tid] and s[tid + s] with tid = 0 mod 2s, so
   tid + s = s mod 2s is no lane's own slot that step. Built with
   -DFAR=1, every active lane reads s[tid + 2s], the slot the next active
   lane writes in the same step: a race no barrier at the step's end
   orders. */
#include "prelude.h" /* test/opencl's: the builtins as intrinsics */
#ifndef FAR
#define FAR 0
#endif
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void interleaved(__global const float *in, __global float *out) {
  __local float s[512];
  unsigned tid = LID_X();
  s[tid] = in[GROUP_X() * 256 + tid];
  s[tid + 256] = 0.0f;
  LOCAL_BARRIER();
  for (unsigned k = 1; k < 256; k *= 2) {
    if (tid % (2 * k) == 0)
      s[tid] += s[tid + (FAR ? 2 * k : k)];
    LOCAL_BARRIER();
  }
  if (tid == 0)
    out[GROUP_X()] = s[0];
}

/* The same steps as rodinia's backprop writes them: k = 1, 2, ..., 256,
   the lanes with tid % k == 0 add the element k/2 above. The first step's
   guard holds for every lane (and each adds its own element), so it puts
   no bound: the guards of the later steps must still be made. */
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void from_one(__global const float *in, __global float *out) {
  __local float s[512];
  unsigned tid = LID_X();
  s[tid] = in[GROUP_X() * 256 + tid];
  s[tid + 256] = 0.0f;
  LOCAL_BARRIER();
  for (unsigned k = 1; k <= 256; k *= 2) {
    if (tid % k == 0)
      s[tid] += s[tid + k / 2];
    LOCAL_BARRIER();
  }
  if (tid == 0)
    out[GROUP_X()] = s[0];
}
