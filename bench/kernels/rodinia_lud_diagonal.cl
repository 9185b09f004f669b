/* Source: Rodinia benchmark suite (U. Virginia), as mirrored at
   github.com/yuhc/gpu-rodinia, opencl/lud/lud_kernel.cl (commit
   9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4), kernel `lud_diagonal`.
   License: Rodinia BSD-style license (Copyright (c) 2008-2011 University of
   Virginia), LICENSE at the repository root.
   What it does: in-place LU factorisation of one BLOCK_SIZE x BLOCK_SIZE
   diagonal block held in local memory (`shadow`): a sequential loop over
   the pivot index i, in which work-items tx > i first update column i
   (barrier) and then row i+1 (barrier) -- a wavefront whose active set
   shrinks with i.
   Changes: BLOCK_SIZE defined here as 16 (lud.cpp default; the host passes
   it with -DBLOCK_SIZE=...); lud_perimeter and lud_internal dropped.
   Workgroup size: 16 x 1 x 1, fixed by the host (ocl/lud.cpp:
   local_work1 = {BLOCK_SIZE, 1, 1}, global_work1 = the same, i.e. one
   workgroup; `shadow` is BLOCK_SIZE*BLOCK_SIZE floats).
   Oracle run (bench/corpus-table): matrix_dim = 16, offset = 0.
   EXEC: --block=16 --args=16,0 --local-arg-bytes=1024 */
#include "shim.h"

#define BLOCK_SIZE 16

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void 
lud_diagonal(__global float *m, 
			 __local  float *shadow,
			 int   matrix_dim, 
			 int   offset)
{ 
	int i,j;
	int tx = get_local_id(0);

	int array_offset = offset*matrix_dim+offset;
	for(i=0; i < BLOCK_SIZE; i++){
		shadow[i * BLOCK_SIZE + tx]=m[array_offset + tx];
		array_offset += matrix_dim;
	}
  
	barrier(CLK_LOCAL_MEM_FENCE);
  
	for(i=0; i < BLOCK_SIZE-1; i++) {

    if (tx>i){
      for(j=0; j < i; j++)
        shadow[tx * BLOCK_SIZE + i] -= shadow[tx * BLOCK_SIZE + j] * shadow[j * BLOCK_SIZE + i];
		shadow[tx * BLOCK_SIZE + i] /= shadow[i * BLOCK_SIZE + i];
    }

	barrier(CLK_LOCAL_MEM_FENCE);
    if (tx>i){

      for(j=0; j < i+1; j++)
        shadow[(i+1) * BLOCK_SIZE + tx] -= shadow[(i+1) * BLOCK_SIZE + j]*shadow[j * BLOCK_SIZE + tx];
    }
    
	barrier(CLK_LOCAL_MEM_FENCE);
    }

    array_offset = (offset+1)*matrix_dim+offset;
    for(i=1; i < BLOCK_SIZE; i++){
      m[array_offset+tx]=shadow[i * BLOCK_SIZE + tx];
      array_offset += matrix_dim;
    }
  
}
