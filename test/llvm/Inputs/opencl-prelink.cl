/* OpenCL before the device library is linked (test/llvm/opencl-prelink.ll):
   get_local_id, get_group_id and get_local_size stay calls of
   _Z12get_local_idj and friends, barrier(CLK_LOCAL_MEM_FENCE) a call of
   _Z7barrierj. A tree reduction in a workgroup of 256 lanes; with
   -DNO_BARRIERS, without its barriers; with -DGLOBAL_FENCE, its barriers
   fence global memory only, which does not order LDS. */
#ifdef NO_BARRIERS
#define SYNC()
#elif defined(GLOBAL_FENCE)
#define SYNC() barrier(CLK_GLOBAL_MEM_FENCE)
#else
#define SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#endif
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reduce(__global const float *in, __global float *out) {
  __local float s[256];
  size_t t = get_local_id(0);
  s[t] = in[get_group_id(0) * get_local_size(0) + t];
  SYNC();
  for (size_t k = get_local_size(0) / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    SYNC();
  }
  if (t == 0)
    out[get_group_id(0)] = s[0];
}
