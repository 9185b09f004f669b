/* Source: github.com/arrayfire/arrayfire,
   src/backend/opencl/kernel/histogram.cl (commit
   492718b5a256d4a9d5198fdce89d8fd21772bfda), kernel `histogram`;
   KParam from src/backend/opencl/kernel/KParam.hpp.
   License: BSD 3-Clause (Copyright (c) 2014, ArrayFire).
   What it does: per-workgroup histogram with local atomics: zero the local
   bins (strided by the workgroup size), barrier, each work-item bins
   THRD_LOAD strided inputs with atomic_inc on the local bins, barrier,
   then the workgroup atomically adds its bins into the global histogram.
   When nbins > MAX_BINS (uniform `use_global`) it skips local memory and
   both barriers, incrementing the global bins directly.
   Instantiation (defines passed by histogram.hpp): T = float,
   THRD_LOAD = 16, MAX_BINS = 4000, IS_LINEAR defined, dim_t = long.
   Workgroup size: 256 x 1 x 1, fixed by the host:
   `NDRange local(THREADS_X, 1)` with THREADS_X = 256.
   Oracle run (bench/corpus-table): len = 4096 (16 inputs per work-item),
   nbins = 256, range 0..1, nBBS = 1; the KParam arguments (byref) are
   zero-filled buffers.
   EXEC: --block=256 --args=4096,256,0.0,1.0,1 --local-arg-bytes=1024 */
#include "shim.h"

#define dim_t long
#define T float
#define THRD_LOAD 16
#define MAX_BINS 4000
#define IS_LINEAR

typedef struct KParam_t {
    dim_t dims[4];
    dim_t strides[4];
    dim_t offset;
} KParam;

kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void histogram(global uint *d_dst, KParam oInfo, global const T *d_src,
                      KParam iInfo, local uint *localMem, int len, int nbins,
                      float minval, float maxval, int nBBS) {
    unsigned b2 = get_group_id(0) / nBBS;
    int start = (get_group_id(0) - b2 * nBBS) * THRD_LOAD * get_local_size(0) +
                get_local_id(0);
    int end = min((int)(start + THRD_LOAD * get_local_size(0)), len);

    // offset input and output to account for batch ops
    global const T *in = d_src + b2 * iInfo.strides[2] +
                         get_group_id(1) * iInfo.strides[3] + iInfo.offset;
    global uint *out =
        d_dst + b2 * oInfo.strides[2] + get_group_id(1) * oInfo.strides[3];

    float dx = (maxval - minval) / (float)nbins;

    bool use_global = nbins > MAX_BINS;

    if (!use_global) {
        for (int i = get_local_id(0); i < nbins; i += get_local_size(0))
            localMem[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int row = start; row < end; row += get_local_size(0)) {
#if defined(IS_LINEAR)
        int idx = row;
#else
        int i0  = row % iInfo.dims[0];
        int i1  = row / iInfo.dims[0];
        int idx = i0 + i1 * iInfo.strides[1];
#endif
        int bin = (int)(((float)in[idx] - minval) / dx);
        bin     = max(bin, 0);
        bin     = min(bin, (int)nbins - 1);

        if (use_global) {
            atomic_inc((out + bin));
        } else {
            atomic_inc((localMem + bin));
        }
    }

    if (!use_global) {
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = get_local_id(0); i < nbins; i += get_local_size(0)) {
            atomic_add((out + i), localMem[i]);
        }
    }
}
