/* Source: Rodinia benchmark suite (U. Virginia), as mirrored at
   github.com/yuhc/gpu-rodinia, opencl/nw/nw.cl (commit
   9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4), kernel `nw_kernel1` with its
   helper `maximum` and the SCORE/REF macros from the same file.
   License: Rodinia BSD-style license (Copyright (c) 2008-2011 University of
   Virginia), LICENSE at the repository root.
   What it does: Needleman-Wunsch alignment of one BLOCK_SIZE x BLOCK_SIZE
   tile on an anti-diagonal of tiles: loads the tile's north/west borders
   and the reference tile into local memory (4 barriers), then sweeps the
   tile's anti-diagonals as a wavefront -- BLOCK_SIZE growing diagonals
   (work-items tx <= m active) and BLOCK_SIZE-1 shrinking ones -- with a
   barrier after every diagonal, and writes the tile back.
   Changes: BLOCK_SIZE defined here as 16 (nw.c default; the host passes it
   with -DBLOCK_SIZE=...); nw_kernel2 dropped.
   Workgroup size: 16 x 1 x 1, fixed by the host (nw.c:
   local_work[0] = BLOCK_SIZE; the __local buffers are (BLOCK_SIZE+1)^2 and
   BLOCK_SIZE^2 ints).
   Oracle run (bench/corpus-table): cols = 17 (one 16 x 16 tile plus its
   border), penalty = 10, blk = 1, block_width = 1, worksize = 16,
   offsets 0.
   EXEC: --block=16 --args=17,10,1,1,16,0,0 --local-arg-bytes=1156 */
#include "shim.h"

#define BLOCK_SIZE 16

#define SCORE(i, j) input_itemsets_l[j + i * (BLOCK_SIZE+1)]
#define REF(i, j)   reference_l[j + i * BLOCK_SIZE]

int maximum( int a,
		 int b,
		 int c){

	int k;
	if( a <= b )
		k = b;
	else 
	k = a;

	if( k <=c )
	return(c);
	else
	return(k);
}

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void 
nw_kernel1(__global int  * reference_d, 
		   __global int  * input_itemsets_d, 
		   __global int  * output_itemsets_d, 
		   __local	int  * input_itemsets_l,
		   __local	int  * reference_l,
           int cols,
           int penalty,
           int blk,
           int block_width,
           int worksize,
           int offset_r,
           int offset_c
    )
{  

	// Block index
    int bx = get_group_id(0);	
	//int bx = get_global_id(0)/BLOCK_SIZE;
   
    // Thread index
    int tx = get_local_id(0);
    
    // Base elements
    int base = offset_r * cols + offset_c;
    
    int b_index_x = bx;
	int b_index_y = blk - 1 - bx;
	
	
	int index   =   base + cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + ( cols + 1 );
	int index_n   = base + cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + ( 1 );
	int index_w   = base + cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + ( cols );
	int index_nw =  base + cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;
   
    
	if (tx == 0){
		SCORE(tx, 0) = input_itemsets_d[index_nw + tx];
	}

	barrier(CLK_LOCAL_MEM_FENCE);

	for ( int ty = 0 ; ty < BLOCK_SIZE ; ty++)
		REF(ty, tx) =  reference_d[index + cols * ty];

	barrier(CLK_LOCAL_MEM_FENCE);

	SCORE((tx + 1), 0) = input_itemsets_d[index_w + cols * tx];

	barrier(CLK_LOCAL_MEM_FENCE);

	SCORE(0, (tx + 1)) = input_itemsets_d[index_n];
  
	barrier(CLK_LOCAL_MEM_FENCE);
	
	
	for( int m = 0 ; m < BLOCK_SIZE ; m++){
	
	  if ( tx <= m ){
	  
		  int t_index_x =  tx + 1;
		  int t_index_y =  m - tx + 1;
			
		  SCORE(t_index_y, t_index_x) = maximum( SCORE((t_index_y-1), (t_index_x-1)) + REF((t_index_y-1), (t_index_x-1)),
		                                         SCORE((t_index_y),   (t_index_x-1)) - (penalty), 
												 SCORE((t_index_y-1), (t_index_x))   - (penalty));
	  }
	  barrier(CLK_LOCAL_MEM_FENCE);
    }
    
     barrier(CLK_LOCAL_MEM_FENCE);
    
	for( int m = BLOCK_SIZE - 2 ; m >=0 ; m--){
   
	  if ( tx <= m){
 
		  int t_index_x =  tx + BLOCK_SIZE - m ;
		  int t_index_y =  BLOCK_SIZE - tx;

         SCORE(t_index_y, t_index_x) = maximum(  SCORE((t_index_y-1), (t_index_x-1)) + REF((t_index_y-1), (t_index_x-1)),
		                                         SCORE((t_index_y),   (t_index_x-1)) - (penalty), 
		 										 SCORE((t_index_y-1), (t_index_x))   - (penalty));
	   
	  }

	  barrier(CLK_LOCAL_MEM_FENCE);
	}
	

   for ( int ty = 0 ; ty < BLOCK_SIZE ; ty++)
     input_itemsets_d[index + cols * ty] = SCORE((ty+1), (tx+1));
    
    return;
   
}
