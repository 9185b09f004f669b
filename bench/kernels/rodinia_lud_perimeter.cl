/* Source: Rodinia benchmark suite (U. Virginia), as mirrored at
   github.com/yuhc/gpu-rodinia, opencl/lud/lud_kernel.cl (commit
   9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4), kernel `lud_perimeter`.
   License: Rodinia BSD-style license (Copyright (c) 2008-2011 University of
   Virginia), LICENSE at the repository root.
   What it does: second step of Rodinia's blocked LU factorisation: one
   workgroup per block of the current block row and column. The first 16
   work-items load half of the factored diagonal block into `dia` and
   their perimeter row block into `peri_row`, the other 16 the other half
   of `dia` and the perimeter column block into `peri_col` (barrier);
   then the first half solves the row block against L (forward
   substitution, one column per work-item) and the second half the column
   block against U (barrier), and both write back.
   Changes: BLOCK_SIZE defined here as 16 (lud.cpp default; the host passes
   it with -DBLOCK_SIZE=...); lud_diagonal (rodinia_lud_diagonal.cl) and
   lud_internal dropped; reqd_work_group_size added.
   Workgroup size: 32 x 1 x 1, fixed by the host (ocl/lud.cpp:
   local_work2 = {BLOCK_SIZE * 2, 1, 1}; dia, peri_row and peri_col are
   BLOCK_SIZE * BLOCK_SIZE floats each).
   Oracle run (bench/corpus-table): matrix_dim = 64, offset = 0 (the first
   step, workgroup 0: the block right of and below the diagonal block).
   EXEC: --block=32 --args=64,0 --local-arg-bytes=1024 */
#include "shim.h"

#define BLOCK_SIZE 16

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void
lud_perimeter(__global float *m, 
			  __local  float *dia,
			  __local  float *peri_row,
			  __local  float *peri_col,
			  int matrix_dim, 
			  int offset)
{
    int i,j, array_offset;
    int idx;

    int  bx = get_group_id(0);	
    int  tx = get_local_id(0);

    if (tx < BLOCK_SIZE) {
      idx = tx;
      array_offset = offset*matrix_dim+offset;
      for (i=0; i < BLOCK_SIZE/2; i++){
      dia[i * BLOCK_SIZE + idx]=m[array_offset+idx];
      array_offset += matrix_dim;
      }
    
    array_offset = offset*matrix_dim+offset;
    for (i=0; i < BLOCK_SIZE; i++) {
      peri_row[i * BLOCK_SIZE+ idx]=m[array_offset+(bx+1)*BLOCK_SIZE+idx];
      array_offset += matrix_dim;
    }

    } else {
    idx = tx-BLOCK_SIZE;
    
    array_offset = (offset+BLOCK_SIZE/2)*matrix_dim+offset;
    for (i=BLOCK_SIZE/2; i < BLOCK_SIZE; i++){
      dia[i * BLOCK_SIZE + idx]=m[array_offset+idx];
      array_offset += matrix_dim;
    }
    
    array_offset = (offset+(bx+1)*BLOCK_SIZE)*matrix_dim+offset;
    for (i=0; i < BLOCK_SIZE; i++) {
      peri_col[i * BLOCK_SIZE + idx] = m[array_offset+idx];
      array_offset += matrix_dim;
    }
  
   }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (tx < BLOCK_SIZE) { //peri-row
     idx=tx;
      for(i=1; i < BLOCK_SIZE; i++){
      for (j=0; j < i; j++)
        peri_row[i * BLOCK_SIZE + idx]-=dia[i * BLOCK_SIZE+ j]*peri_row[j * BLOCK_SIZE + idx];
    }
    } else { //peri-col
     idx=tx - BLOCK_SIZE;
     for(i=0; i < BLOCK_SIZE; i++){
      for(j=0; j < i; j++)
        peri_col[idx * BLOCK_SIZE + i]-=peri_col[idx * BLOCK_SIZE+ j]*dia[j * BLOCK_SIZE + i];
      peri_col[idx * BLOCK_SIZE + i] /= dia[i * BLOCK_SIZE+ i];
     }
   }

	barrier(CLK_LOCAL_MEM_FENCE);
    
  if (tx < BLOCK_SIZE) { //peri-row
    idx=tx;
    array_offset = (offset+1)*matrix_dim+offset;
    for(i=1; i < BLOCK_SIZE; i++){
      m[array_offset+(bx+1)*BLOCK_SIZE+idx] = peri_row[i*BLOCK_SIZE+idx];
      array_offset += matrix_dim;
    }
  } else { //peri-col
    idx=tx - BLOCK_SIZE;
    array_offset = (offset+(bx+1)*BLOCK_SIZE)*matrix_dim+offset;
    for(i=0; i < BLOCK_SIZE; i++){
      m[array_offset+idx] =  peri_col[i*BLOCK_SIZE+idx];
      array_offset += matrix_dim;
    }
  }

}
