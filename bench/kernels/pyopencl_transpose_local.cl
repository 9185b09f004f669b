/* Source: github.com/inducer/pyopencl, examples/transpose.py (commit
   26c8ab983d31ec53f22ca7812194bf35d984cd78), class `TransposeWithLocal`,
   kernel `transpose` (originally for PyCUDA by Hendrik Riedmann).
   License: MIT/X Consortium (Copyright (c) 2009-13 Andreas Kloeckner and
   Contributors), LICENSE in that repository.
   What it does: matrix transpose through a BLOCK_SIZE x BLOCK_SIZE local
   tile: each work-item stores one element of its input tile, one barrier,
   then writes the transposed element read from the tile.
   Instantiation: the Python `%(block_size)d` substitution rendered with
   block_size = 16 (the module's value); the kernel's own
   reqd_work_group_size(BLOCK_SIZE, BLOCK_SIZE, 1) kept.
   Workgroup size: 16 x 16 x 1 (the kernel's attribute; the host launches
   with local size (block_size, block_size) and a_local =
   cl.LocalMemory(4 * block_size * (block_size + 1)) bytes).
   Oracle run (bench/corpus-table): a 16 x 16 matrix (one tile).
   EXEC: --block=16,16 --args=16,16 --local-arg-bytes=1088 */
#include "shim.h"

#define BLOCK_SIZE 16
#define A_BLOCK_STRIDE (BLOCK_SIZE * a_width)
#define A_T_BLOCK_STRIDE (BLOCK_SIZE * a_height)

__kernel __attribute__((reqd_work_group_size(BLOCK_SIZE, BLOCK_SIZE, 1)))
void transpose(
  __global float *a_t, __global float *a,
  unsigned a_width, unsigned a_height,
  __local float *a_local)
{
  int base_idx_a   =
    get_group_id(0) * BLOCK_SIZE +
    get_group_id(1) * A_BLOCK_STRIDE;
  int base_idx_a_t =
    get_group_id(1) * BLOCK_SIZE +
    get_group_id(0) * A_T_BLOCK_STRIDE;

  int glob_idx_a   =
    base_idx_a + get_local_id(0) + a_width * get_local_id(1);
  int glob_idx_a_t =
    base_idx_a_t + get_local_id(0) + a_height * get_local_id(1);

  a_local[get_local_id(1)*BLOCK_SIZE+get_local_id(0)] = a[glob_idx_a];

  barrier(CLK_LOCAL_MEM_FENCE);

  a_t[glob_idx_a_t] = a_local[get_local_id(0)*BLOCK_SIZE+get_local_id(1)];
}
