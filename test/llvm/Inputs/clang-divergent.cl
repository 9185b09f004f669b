/* clang -fpass-plugin (test/llvm/clang-pass-plugin.ll): a barrier in
   divergent code fails the compile with clang errors at its file and
   line (with -g). */
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void divergent(__global float *out) {
  __local float t[129];
  int i = __builtin_amdgcn_workitem_id_x();
  t[i] = i;
  if (i < 5)
    __builtin_amdgcn_s_barrier();
  out[i] = t[i + 1];
}
