/* test/llvm/O0-entry-locals.ll: each lane updates its own element in a
   divergent if; t = get_local_id(0) is a local at -O0. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void own(__global float *o) {
  __local float s[64];
  int t = get_local_id(0);
  if (t < 32) {
    s[t] = o[t];
    s[t] += 2.0f;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  o[t] = s[63 - t];
}
