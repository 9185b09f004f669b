/* Source: Parboil benchmark suite (IMPACT group, University of Illinois), as
   mirrored at github.com/abduld/Parboil,
   benchmarks/histo/src/opencl_nvidia/histo_prescan.cl (commit
   a4c63da28f45699e9a274cbc49af3e067162aa2b), kernel
   `histo_prescan_kernel`.
   License: University of Illinois/NCSA Open Source License (Copyright
   2007-2012 The Board of Trustees of the University of Illinois), LICENSE
   at the repository root.
   What it does: first pass of Parboil's histogram: each work-item averages
   a strided sample of the input and its standard deviation into the local
   arrays Avg and StdDev, then a tree reduction of both: a loop for strides
   256 .. 32 with the barrier *before* each step, then the strides 16, 8,
   4, 2 unrolled with no barrier at all (the warp-synchronous idiom of CUDA
   code of its time, which relies on 32 lock-step lanes and is a race
   under the OpenCL memory model); work-item 0 folds the last two entries
   and updates the global min/max with atom_min/atom_max.
   Instantiation: the defines the host passes (main.cpp compileOptions:
   PRESCAN_THREADS = 512, KB = 24 (forced by main.cpp), UNROLL = 16,
   BINS_PER_BLOCK = KB * 1024, BLOCK_X = 14); reqd_work_group_size added.
   Workgroup size: 512 x 1 x 1, fixed by the host (main.cpp:
   prescan_localWS = {PRESCAN_THREADS}).
   Oracle run (bench/corpus-table): size = 4096 (the workgroup samples 512
   elements).
   EXEC: --block=512 --args=4096 */
#include "shim.h"

#define PRESCAN_THREADS 512
#define KB 24
#define BLOCK_X 14
#define UNROLL 16
#define BINS_PER_BLOCK 24576

/***************************************************************************
 *
 *            (C) Copyright 2010 The Board of Trustees of the
 *                        University of Illinois
 *                         All Rights Reserved
 *
 ***************************************************************************/

#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable

#ifndef PRESCAN_THREADS
#define PRESCAN_THREADS   512
#define KB                48
#define BLOCK_X           14
#define UNROLL            16
#define BINS_PER_BLOCK    (KB * 1024)
#endif

__kernel __attribute__((reqd_work_group_size(512, 1, 1)))
void histo_prescan_kernel (__global unsigned int* input, int size, __global unsigned int* minmax)
{

    __local float Avg[PRESCAN_THREADS];
    __local float StdDev[PRESCAN_THREADS];

    int threadIdxx = get_local_id(0);
    int blockDimx = get_local_size(0);
    int blockIdxx = get_group_id(0);
    int stride = size/(get_num_groups(0));
    int addr = blockIdxx*stride+threadIdxx;
    int end = blockIdxx*stride + stride/8; // Only sample 1/8th of the input data

    // Compute the average per thread
    float avg = 0.0;
    unsigned int count = 0;
    while (addr < end){
        avg += input[addr];
        count++;
	addr += blockDimx;
    }
    avg /= count;
    Avg[threadIdxx+0] = avg;

    // Compute the standard deviation per thread
    int addr2 = blockIdxx*stride+threadIdxx;
    float stddev = 0;
    while (addr2 < end){
        stddev += (input[addr2]-avg)*(input[addr2]-avg);
        addr2 += blockDimx;
    }
    stddev /= count;
    StdDev[threadIdxx+0] = sqrt(stddev);

#define SUM(stride__)\
if(threadIdxx < stride__){\
    Avg[threadIdxx] += Avg[threadIdxx+stride__];\
    StdDev[threadIdxx] += StdDev[threadIdxx+stride__];\
}

    // Add all the averages and standard deviations from all the threads
    // and take their arithmetic average (as a simplified approximation of the
    // real average and standard deviation.
#if (PRESCAN_THREADS >= 32)    
    for (int stride = PRESCAN_THREADS/2; stride >= 32; stride = stride >> 1){
	barrier(CLK_LOCAL_MEM_FENCE);
	SUM(stride);
    }
#endif
#if (PRESCAN_THREADS >= 16)
    SUM(16);
#endif
#if (PRESCAN_THREADS >= 8)
    SUM(8);
#endif
#if (PRESCAN_THREADS >= 4)
    SUM(4);
#endif
#if (PRESCAN_THREADS >= 2)
    SUM(2);
#endif

    if (threadIdxx == 0){
        float avg = Avg[0]+Avg[1];
	avg /= PRESCAN_THREADS;
	float stddev = StdDev[0]+StdDev[1];
	stddev /= PRESCAN_THREADS;

        // Take the maximum and minimum range from all the blocks. This will
        // be the final answer. The standard deviation is taken out to 10 sigma
        // away from the average. The value 10 was obtained empirically.
	    atom_min(minmax,((unsigned int)(avg-10*stddev))/(KB*1024));
        atom_max(minmax+1,((unsigned int)(avg+10*stddev))/(KB*1024));
    }  
}
