/* Source: github.com/vetter/shoc, src/opencl/level1/spmv/spmv.cl
   (commit 0aea03beba2f09fcb5935cc11737372fe4de9ec0), kernel
   `spmv_csr_vector_kernel`.
   License: SHOC BSD-style license (Copyright (c) 2011, UT-Battelle, LLC),
   LICENSE.md in that repository.
   What it does: CSR sparse matrix-vector product with one vecWidth-wide
   group of work-items per row: each work-item accumulates a strided part
   of its row, stores it to `partialSums`, then the row's work-items reduce
   it with a looped tree (`bar = vecWidth / 2 .. 1`, one barrier per step).
   The barriers sit inside `if (myRow < dim)`: the authors rely on whole
   rows (whole vecWidth groups) being in or out together.
   Instantiation: FPTYPE = float (the host builds with -DSINGLE_PRECISION),
   USE_TEXTURE not defined (the default path); the other kernels of the
   file dropped; reqd_work_group_size added.
   Workgroup size: 128 x 1 x 1, fixed by the host for AMD GPUs (Spmv.cpp:
   the local size is the largest multiple of vecWidth <= BLOCK_SIZE = 128,
   vecWidth = the device's preferred work-group size multiple, 64 on
   GCN/CDNA, so two rows per workgroup).
   Oracle run (bench/corpus-table): dim = 2 rows, vecWidth = 64.
   EXEC: --block=128 --args=2,64 */
#include "shim.h"

#define FPTYPE float

// Function: spmv_csr_vector_kernel
//
// Purpose:
//   Computes sparse matrix - vector multiplication on the GPU using
//   the CSR data storage format, using a warp per row of the sparse
//   matrix; based on Bell (SC09) and Baskaran (IBM Tech Report)
//
// Arguments:
//   val: array holding the non-zero values for the matrix
//   vec: dense vector for multiplication
//   cols: array of column indices for each element of the sparse matrix
//   rowDelimiters: array of size dim+1 holding indices to rows of the matrix
//                  last element is the index one past the last
//                  element of the matrix
//   dim: number of rows in the matrix
//   vecWidth: preferred simd width to use
//   out: output - result from the spmv calculation
//
// Returns:  nothing
//           out indirectly through a pointer
//
// Programmer: Lukasz Wesolowski
// Creation: June 28, 2010
//
// Modifications:
//
// ****************************************************************************
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void
spmv_csr_vector_kernel(__global const FPTYPE * restrict val,
#ifdef USE_TEXTURE
                       image2d_t vec,
#else
                       __global const FPTYPE * restrict vec,
#endif
                       __global const int * restrict cols,
                       __global const int * restrict rowDelimiters,
                       const int dim, const int vecWidth, __global FPTYPE * restrict out)
{
    // Thread ID in block
    int t = get_local_id(0);
    // Thread ID within warp
    int id = t & (vecWidth-1);
    // One row per warp
    int vecsPerBlock = get_local_size(0) / vecWidth;
    int myRow = (get_group_id(0) * vecsPerBlock) + (t / vecWidth);

    __local volatile FPTYPE partialSums[128];
    partialSums[t] = 0;

    if (myRow < dim)
    {
        int vecStart = rowDelimiters[myRow];
        int vecEnd = rowDelimiters[myRow+1];
        FPTYPE mySum = 0;
        for (int j= vecStart + id; j < vecEnd;
             j+=vecWidth)
        {
            int col = cols[j];
#ifdef USE_TEXTURE
            mySum += val[j] * texFetch(vec,col);
#else
            mySum += val[j] * vec[col];
#endif
        }

        partialSums[t] = mySum;
        barrier(CLK_LOCAL_MEM_FENCE);

        // Reduce partial sums
	int bar = vecWidth / 2;
	while(bar > 0)
	{
	    if (id < bar) partialSums[t] += partialSums[t+ bar];
	    barrier(CLK_LOCAL_MEM_FENCE);
	    bar = bar / 2;
	}

        // Write result
        if (id == 0)
        {
            out[myRow] = partialSums[t];
        }
    }
}
