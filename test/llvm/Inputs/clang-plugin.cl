/* clang -fpass-plugin (test/llvm/clang-pass-plugin.ll): a kernel that
   needs one barrier and has none; 128 lanes, two waves on gfx942. */
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void shift(__global float *out) {
  __local float t[129];
  int i = __builtin_amdgcn_workitem_id_x();
  t[i] = i;
  out[i] = t[i + 1];
}
