/* Source: github.com/vetter/shoc, src/opencl/level1/reduction/reduction.cl
   (commit 0aea03beba2f09fcb5935cc11737372fe4de9ec0), kernel `reduce`.
   License: SHOC BSD-style license (Copyright (c) 2011, UT-Battelle, LLC),
   LICENSE.md in that repository.
   What it does: grid-strided load of two elements per step into a per-thread
   partial sum in local memory, then a looped tree reduction
   `for (s = blockSize / 2; s > 0; s >>= 1)` with one barrier per step.
   Changes: FPTYPE fixed to float (host builds with -DSINGLE_PRECISION);
   the CPU-only reduceNoLocal kernel dropped.
   Workgroup size: 256 x 1 x 1, fixed by the host (Reduction.cpp:
   `size_t localWorkSize = 256;`, the __local buffer is sized to it).
   Oracle run (bench/corpus-table): n = 1024 (two grid strides).
   EXEC: --block=256 --args=1024 --local-arg-bytes=1024 */
#include "shim.h"

#define FPTYPE float

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void
reduce(__global const FPTYPE *g_idata, __global FPTYPE *g_odata,
       __local FPTYPE* sdata, const unsigned int n)
{
    const unsigned int tid = get_local_id(0);
    unsigned int i = (get_group_id(0)*(get_local_size(0)*2)) + tid;
    const unsigned int gridSize = get_local_size(0)*2*get_num_groups(0);
    const unsigned int blockSize = get_local_size(0);

    sdata[tid] = 0;

    // Reduce multiple elements per thread, strided by grid size
    while (i < n)
    {
        sdata[tid] += g_idata[i] + g_idata[i+blockSize];
        i += gridSize;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // do reduction in shared mem
    for (unsigned int s = blockSize / 2; s > 0; s >>= 1)
    {
        if (tid < s)
        {
            sdata[tid] += sdata[tid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // Write result back to global memory
    if (tid == 0)
    {
        g_odata[get_group_id(0)] = sdata[0];
    }
}
