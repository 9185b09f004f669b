/* Ping-pong buffers: a Hillis-Steele inclusive scan whose steps read one
   __local array and write the other, swapping them each step, in the two
   spellings experts write: a flag that chooses the buffer (ArrayFire's
   scan_first.cl: `l_val = flip ? l_val1 : l_val0`) and a swap of two
   pointers (the double buffer of tiled GEMMs). In one step the reads and
   the write are in different arrays, so one barrier per step orders it
   all (the write of step i against the reads of step i + 1).
   Built with -DDESYNC=1 the pointers skip one swap while the flag (or the
   other pointer) flips: the step after it reads and writes one array, a
   race within a step. */
#include "prelude.h" /* test/opencl's: the builtins as intrinsics */
#ifndef DESYNC
#define DESYNC 0
#endif
#ifndef STEP_BARRIER
#define STEP_BARRIER LOCAL_BARRIER()
#endif

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void flag_scan(__global const float *in, __global float *out) {
  __local float l_val0[256];
  __local float l_val1[256];
  __local float *l_val = l_val0;
  bool flip = 0;
  int lid = LID_X();
  float val = in[GROUP_X() * 256 + lid];
  l_val[lid] = val;
  LOCAL_BARRIER();
  for (int off = 1; off < 256; off *= 2) {
    if (lid >= off)
      val += l_val[lid - off];
    flip = 1 - flip;
    if (!DESYNC || off != 4)
      l_val = flip ? l_val1 : l_val0;
    l_val[lid] = val;
    STEP_BARRIER;
  }
  out[GROUP_X() * 256 + lid] = val;
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void swap_scan(__global const float *in, __global float *out) {
  __local float a[256];
  __local float b[256];
  __local float *cur = a, *nxt = b;
  int lid = LID_X();
  float val = in[GROUP_X() * 256 + lid];
  cur[lid] = val;
  LOCAL_BARRIER();
  for (int off = 1; off < 256; off *= 2) {
    if (lid >= off)
      val += cur[lid - off];
    nxt[lid] = val;
    STEP_BARRIER;
    __local float *t = cur;
    cur = nxt;
    if (!DESYNC || off != 4)
      nxt = t;
  }
  out[GROUP_X() * 256 + lid] = val;
}
