/* Source: github.com/inducer/pyopencl, pyopencl/bitonic_sort_templates.py
   (commit 1e7324272281d9ede4a0184a1d16bcdc74a78f5c), templates `defines` and
   `ParallelBitonic_Local_Optim` (kernel `run`, letter "BLO" in
   pyopencl/bitonic_sort.py), rendered by hand the way
   BitonicSort.get_program renders them.  Based on Eric Bainville's GPU
   sorting code (bealto.com).
   License: BSD 3-Clause (Copyright (c) 2011 Eric Bainville, (c) 2015 Ilya
   Efimoff), stated in the template file.
   What it does: bitonic sort of each workgroup-sized block in local
   memory: for every sub-block size pwg = 1..wg, for every merge length,
   for every compare distance pinc, each work-item compares its element with
   partner ii ^ pinc, then barrier, store, barrier (two barriers per
   compare-exchange step inside a triple loop nest).
   Instantiation: argsort = 0, dtype = idxtype = uint, inc = 1, dir = 1
   (the values bitonic_sort.py passes for "BLO"), dsize = 256 (length of the
   sorted axis), nsize = 1 (1-D array); Mako `% if argsort:` lines removed
   accordingly; unused B2V..B16V/ORDER macros of `defines` omitted.
   Workgroup size: none fixed in the code; the host picks
   wg = min(dsize, max_work_group_size) (256 for this dsize) at run time,
   and the kernel reads it with get_local_size(0).
   Oracle run (bench/corpus-table): wg = 256 (aux: 256 uints).
   EXEC: --block=256 --local-arg-bytes=1024 */
#include "shim.h"

typedef uint data_t;
typedef uint idx_t;
#if CONFIG_USE_VALUE
#define getKey(a) ((a).x)
#define getValue(a) ((a).y)
#define makeData(k,v) ((uint2)((k),(v)))
#else
#define getKey(a) (a)
#define getValue(a) (0)
#define makeData(k,v) (k)
#endif

#ifndef BLOCK_FACTOR
#define BLOCK_FACTOR 1
#endif

#define inc  1
#define hinc 0 //Half inc
#define qinc 0 //Quarter inc
#define einc 0 //Eighth of inc
#define dir  1

#define nsize 1   //Total next dimensions sizes sum. (Block size)
#define dsize 256   //Dimension size

__kernel void run
(__global data_t * data, __local data_t * aux)
{
  int t  = get_global_id(0) % dsize; // thread index
  int gt = get_global_id(0) / dsize;
  int offset = (gt/nsize)*nsize*dsize+(gt%nsize);

  int i = get_local_id(0); // index in workgroup
  int wg = get_local_size(0); // workgroup size = block size, power of 2

  // Move IN, OUT to block start
  //int offset = get_group_id(0) * wg;
  data += offset;
  // Load block in AUX[WG]
  data_t iData = data[t*nsize];
  aux[i] = iData;
  barrier(CLK_LOCAL_MEM_FENCE); // make sure AUX is entirely up to date

  // Loop on sorted sequence length
  for (int pwg=1;pwg<=wg;pwg<<=1){
      int loffset = pwg*(i/pwg);
      int ii = i%pwg;
      for (int length=1;length<pwg;length<<=1){
        bool direction = ii & (length<<1); // direction of sort: 0=asc, 1=desc
        // Loop on comparison distance (between keys)
        for (int pinc=length;pinc>0;pinc>>=1){
          int j = ii ^ pinc; // sibling to compare
          data_t jData = aux[loffset+j];
          data_t iKey = getKey(iData);
          data_t jKey = getKey(jData);
          bool smaller = (jKey < iKey) || ( jKey == iKey && j < ii );
          bool swap = smaller ^ (ii>j) ^ direction;
          iData = (swap)?jData:iData; // update iData
          barrier(CLK_LOCAL_MEM_FENCE);
          aux[loffset+ii] = iData;
          barrier(CLK_LOCAL_MEM_FENCE);
        }
      }
  }

  // Write output
  data[t*nsize] = iData;
}
