/* Source: Rodinia benchmark suite (U. Virginia), as mirrored at
   github.com/yuhc/gpu-rodinia, opencl/backprop/backprop_kernel.cl (commit
   9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4), kernel
   `bpnn_layerforward_ocl` with the macros of the same file.
   License: Rodinia BSD-style license (Copyright (c) 2008-2011 University of
   Virginia), LICENSE at the repository root.
   What it does: forward pass of one 16 x 16 block of a neural-network
   layer: work-items of column 0 load the block's inputs into
   `input_node` (barrier), every work-item loads its weight (barrier),
   scales it by its input (barrier), then a tree reduction down the
   columns (`for (i = 1; i <= HEIGHT; i *= 2)`, work-items with
   ty % i == 0 add the row i/2 below, one barrier per step; the first step
   adds a row to itself), the weights are written back (barrier) and
   column 0 writes the block's partial sums.
   Changes: none to the kernel; bpnn_adjust_weights_ocl dropped;
   reqd_work_group_size added.
   Workgroup size: 16 x 16 x 1, fixed by the host (backprop_ocl.cpp:
   local_work = {BLOCK_SIZE, BLOCK_SIZE, 1} with BLOCK_SIZE = 16;
   input_node is HEIGHT floats, weight_matrix HEIGHT * WIDTH).
   Oracle run (bench/corpus-table): in = 16, hid = 16.
   EXEC: --block=16,16 --args=16,16 --local-arg-bytes=1024 */
#include "shim.h"

#define THREADS 256
#define WIDTH 16  
#define HEIGHT 16 
#define ETA 0.3f       
#define MOMENTUM 0.3f  

#ifndef _BACKPROP_CUDA_KERNEL_H_
#define _BACKPROP_CUDA_KERNEL_H_
#define WM(i, j)   weight_matrix[(j) + (i) * WIDTH]

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void 
bpnn_layerforward_ocl(__global float *input_cuda,
	                  __global float *output_hidden_cuda,
					  __global float *input_hidden_cuda,
					  __global float *hidden_partial_sum,
					  __local float *input_node,
					  __local float *weight_matrix,
					  int in,
					  int hid) 
{

   int by = get_group_id(1);
   int tx = get_local_id(0);
   int ty = get_local_id(1);

   int index =  ( hid + 1 ) * HEIGHT * by + ( hid + 1 ) * ty + tx + 1 + ( hid + 1 ) ;  

   int index_in = HEIGHT * by + ty + 1;
   
	if ( tx == 0 )
		input_node[ty] = input_cuda[index_in] ;
		barrier(CLK_LOCAL_MEM_FENCE);

		weight_matrix[ty * WIDTH + tx] =  input_hidden_cuda[index];
		barrier(CLK_LOCAL_MEM_FENCE);
   
		weight_matrix[ty * WIDTH + tx]= weight_matrix[ty * WIDTH + tx] * input_node[ty];
		barrier(CLK_LOCAL_MEM_FENCE);
   
		for ( int i = 1 ; i <= HEIGHT ; i=i*2){
	//for ( int i = 1 ; i <= 4 ; i++){
      int power_two = i; 
		//int power_two = 2 << (i - 1);

	    if( ty % power_two == 0 )
		  weight_matrix[ty * WIDTH + tx]= weight_matrix[ty * WIDTH + tx] + weight_matrix[(ty + power_two/2)* WIDTH + tx];
		  
		barrier(CLK_LOCAL_MEM_FENCE);

    }
   
    input_hidden_cuda[index] =  weight_matrix[ty * WIDTH + tx];
   
	barrier(CLK_LOCAL_MEM_FENCE);

    if ( tx == 0 ) {
	  hidden_partial_sum[by * hid + ty] = weight_matrix[tx* WIDTH + ty];
    }

}
#endif 
