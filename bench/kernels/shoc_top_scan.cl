/* Source: github.com/vetter/shoc, src/opencl/level1/scan/scan.cl
   (commit 0aea03beba2f09fcb5935cc11737372fe4de9ec0), kernel `top_scan` with
   its helper `scanLocalMem` copied unchanged from the same file.
   License: SHOC BSD-style license (Copyright (c) 2011, UT-Battelle, LLC),
   LICENSE.md in that repository.
   What it does: single-workgroup exclusive scan of the per-block sums using
   a Hillis-Steele / Kogge-Stone scan in local memory (first half of lmem is
   zero padding; each step: read lmem[idx - i], barrier, add, barrier).
   Changes: FPTYPE fixed to float (host builds with -DSINGLE_PRECISION);
   the other kernels of the file (reduce, bottom_scan) dropped.
   Workgroup size: 256 x 1 x 1, fixed by the host (Scan.cpp:
   `const size_t local_wsize = 256;`, top_scan is enqueued with global =
   local = local_wsize and lmem = 2 * local_wsize elements).
   Oracle run (bench/corpus-table): n = 256 block sums.
   EXEC: --block=256 --args=256 --local-arg-bytes=2048 */
#include "shim.h"

#define FPTYPE float

// This kernel scans the contents of local memory using a work
// inefficient, but highly parallel Kogge-Stone style scan.
// Set exclusive to 1 for an exclusive scan or 0 for an inclusive scan
inline FPTYPE scanLocalMem(FPTYPE val, __local FPTYPE* lmem, int exclusive)
{
    // Set first half of local memory to zero to make room for scanning
    int idx = get_local_id(0);
    lmem[idx] = 0.0f;

    // Set second half to block sums from global memory, but don't go out
    // of bounds
    idx += get_local_size(0);
    lmem[idx] = val;
    barrier(CLK_LOCAL_MEM_FENCE);

    // Now, perform Kogge-Stone scan
    FPTYPE t;
    for (int i = 1; i < get_local_size(0); i *= 2)
    {
        t = lmem[idx -  i]; barrier(CLK_LOCAL_MEM_FENCE);
        lmem[idx] += t;     barrier(CLK_LOCAL_MEM_FENCE);
    }
    return lmem[idx-exclusive];
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void
top_scan(__global FPTYPE * isums, const int n, __local FPTYPE * lmem)
{
    FPTYPE val = get_local_id(0) < n ? isums[get_local_id(0)] : 0.0f;
    val = scanLocalMem(val, lmem, 1);

    if (get_local_id(0) < n)
    {
        isums[get_local_id(0)] = val;
    }
}
