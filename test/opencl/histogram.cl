/* 256-bin histogram of bytes with local atomics, 256 work-items, each
   counting 16 bytes. Barriers: after zeroing the bins (plain stores before
   the atomics), after the atomics (before the plain reads): static 2,
   executed 2 per workgroup. Buffer-level reasoning suffices (atomic vs
   atomic is no hazard; atomic vs plain is). */
#include "prelude.h"
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void histogram(__global const uchar *data, __global uint *bins) {
  __local uint h[256];
  int lid = LID_X();
  h[lid] = 0;
  LOCAL_BARRIER();
  int base = (GROUP_X() * 256 + lid) * 16;
  for (int i = 0; i < 16; ++i)
    __opencl_atomic_fetch_add((volatile __local atomic_uint *)&h[data[base + i]],
                              1u, memory_order_relaxed,
                              memory_scope_work_group);
  LOCAL_BARRIER();
  __opencl_atomic_fetch_add((volatile __global atomic_uint *)&bins[lid], h[lid],
                            memory_order_relaxed, memory_scope_device);
}
