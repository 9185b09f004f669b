/* Source: Parboil benchmark suite (IMPACT group, University of Illinois), as
   mirrored at github.com/abduld/Parboil,
   benchmarks/mri-gridding/src/opencl_nvidia/scanLargeArray.cl (commit
   a4c63da28f45699e9a274cbc49af3e067162aa2b), kernel `scan_L1_kernel`
   (file notice: (C) Copyright 2010 The Board of Trustees of the
   University of Illinois).
   License: University of Illinois/NCSA Open Source License (Copyright
   2007-2012 The Board of Trustees of the University of Illinois), LICENSE
   at the repository root.
   What it does: work-efficient (Blelloch) exclusive scan of 2 x local-size
   elements in local memory with bank-conflict padding
   (CONFLICT_FREE_OFFSET): an up-sweep of log2(n)+1 steps, work-item 0
   saves the block total and clears the last element, a down-sweep of the
   same length, one barrier before every step and one before the write-back.
   Instantiation: the file's defaults (BLOCK_SIZE = 1024, NUM_BANKS = 16;
   DYN_LOCAL_MEM_SIZE, which the host passes, only sizes the other kernels);
   scan_inter1/2_kernel and uniformAdd dropped; reqd_work_group_size added.
   Workgroup size: 512 x 1 x 1, fixed by the host (scanLargeArray.cpp:
   blockSize = min(2 * max work-items, 1024) = 1024 on GPUs whose limit is
   at least 512, local size block[0] = blockSize / 2).
   Oracle run (bench/corpus-table): n = 1024 (one full block), offsets 0.
   EXEC: --block=512 --args=1024,0,0 */
#include "shim.h"

/***************************************************************************
 *
 *            (C) Copyright 2010 The Board of Trustees of the
 *                        University of Illinois
 *                         All Rights Reserved
 *
 ***************************************************************************/

 
#ifndef CUTOFF2_VAL
#define CUTOFF2_VAL 6.250000
#define CUTOFF_VAL 2.500000
#define CEIL_CUTOFF_VAL 3.000000
#define GRIDSIZE_VAL1 256
#define GRIDSIZE_VAL2 256
#define GRIDSIZE_VAL3 256
#define SIZE_XY_VAL 65536
#define ONE_OVER_CUTOFF2_VAL 0.160000
#endif

#ifndef DYN_LOCAL_MEM_SIZE
#define DYN_LOCAL_MEM_SIZE 546
#endif

#define BLOCK_SIZE 1024
#define GRID_SIZE 65535
#define NUM_BANKS 16
#define LOG_NUM_BANKS 4

//#define CONFLICT_FREE_OFFSET(index) ((index) >> LOG_NUM_BANKS + (index) >> (2*LOG_NUM_BANKS))
#define LNB LOG_NUM_BANKS
// #define CONFLICT_FREE_OFFSET(index) (((unsigned int)(index) >> min((unsigned int)(LNB)+(index), (unsigned int)(32-(2*LNB))))>>(2*LNB))
#define CONFLICT_FREE_OFFSET(index)     (((unsigned int)(index) >> (unsigned int)(32-(2*LNB)))>>(2*LNB))
#define EXPANDED_SIZE(__x) (__x+(__x>>LOG_NUM_BANKS)+(__x>>(2*LOG_NUM_BANKS)))

////////////////////////////////////////////////////////////////////////////////
// Kernels
////////////////////////////////////////////////////////////////////////////////
__kernel __attribute__((reqd_work_group_size(512, 1, 1)))
void scan_L1_kernel(unsigned int n, __global unsigned int* dataBase, unsigned int data_offset, __global unsigned int* interBase, unsigned int inter_offset)
{
    __local unsigned int s_data[EXPANDED_SIZE(BLOCK_SIZE)]; 
    
    __global unsigned int *data = dataBase + data_offset;
    __global unsigned int *inter = interBase + inter_offset;

    unsigned int thid = get_local_id(0);
    unsigned int g_ai = get_group_id(0)*2*get_local_size(0) + get_local_id(0);
    unsigned int g_bi = g_ai + get_local_size(0);

    unsigned int s_ai = thid;
    unsigned int s_bi = thid + get_local_size(0);

    s_ai += CONFLICT_FREE_OFFSET(s_ai);
    s_bi += CONFLICT_FREE_OFFSET(s_bi);

    s_data[s_ai] = (g_ai < n) ? data[g_ai] : 0;
    s_data[s_bi] = (g_bi < n) ? data[g_bi] : 0;

    /* promoted due to CEAN bug */
    unsigned int _i;
    unsigned int ai;
    unsigned int bi;
    unsigned int t;

    unsigned int stride = 1;
    unsigned int lsz0 = get_local_size(0);
    for (unsigned int d = lsz0; d > 0; d >>= 1) {

      barrier(CLK_LOCAL_MEM_FENCE ); //__syncthreads();

      if (thid < d) {
        /*unsigned int*/ _i = 2*stride*thid;
        /*unsigned int*/ ai = _i + stride - 1;
        /*unsigned int*/ bi = ai + stride;

        ai += CONFLICT_FREE_OFFSET(ai);
        bi += CONFLICT_FREE_OFFSET(bi);

        s_data[bi] += s_data[ai];
      }

        stride *= 2;
    }

    if (thid == 0) {
#if 0
      unsigned int last = lsz0*2 -1;
      last += CONFLICT_FREE_OFFSET(last);
      inter[get_group_id(0)] = s_data[last];
      s_data[last] = 0;
#else
      inter[get_group_id(0)] = s_data[lsz0*2-1+(CONFLICT_FREE_OFFSET((lsz0*2-1)))];
      s_data[lsz0*2-1+(CONFLICT_FREE_OFFSET((lsz0*2-1)))] = 0;
#endif
    }

    for (unsigned int d = 1; d <= lsz0; d *= 2) {
      stride >>= 1;

      barrier(CLK_LOCAL_MEM_FENCE ); //__syncthreads();

      if (thid < d) {
        /*unsigned int*/ _i = 2*stride*thid;
        /*unsigned int*/ ai = _i + stride - 1;
        /*unsigned int*/ bi = ai + stride;

        ai += CONFLICT_FREE_OFFSET(ai);
        bi += CONFLICT_FREE_OFFSET(bi);

        /*unsigned int*/ t  = s_data[ai];
        s_data[ai] = s_data[bi];
        s_data[bi] += t;
      }
    }
    
    barrier(CLK_LOCAL_MEM_FENCE ); //__syncthreads();

    if (g_ai < n) { data[g_ai] = s_data[s_ai]; }
    if (g_bi < n) { data[g_bi] = s_data[s_bi]; }
}
