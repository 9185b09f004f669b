/* Source: github.com/arrayfire/arrayfire,
   src/backend/opencl/kernel/transpose.cl (commit
   492718b5a256d4a9d5198fdce89d8fd21772bfda), kernel `transpose`;
   KParam from src/backend/opencl/kernel/KParam.hpp.
   License: BSD 3-Clause (Copyright (c) 2014, ArrayFire).
   What it does: batched matrix transpose through a padded
   TILE_DIM x (TILE_DIM+1) local tile; each work-item loads TILE_DIM /
   THREADS_Y rows of the tile, one barrier, then writes the transposed tile.
   Instantiation (defines passed by transpose.hpp): T = float,
   TILE_DIM = 32, THREADS_Y = 256 / TILE_DIM = 8, IS32MULTIPLE = 0 (bounds
   checked; the host passes 1 only when both dims are multiples of 32),
   DOCONJUGATE = 0, dim_t = long.
   Workgroup size: 32 x 8 x 1, fixed by the host:
   `NDRange local(THREADS_X, THREADS_Y)` with THREADS_X = TILE_DIM = 32.
   Oracle run (bench/corpus-table): blocksPerMatX = blocksPerMatY = 1; the
   KParam arguments (byref) are zero-filled buffers, so the bounds checks
   skip every load and store (the barrier still runs).
   EXEC: --block=32,8 --args=1,1 */
#include "shim.h"

#define dim_t long
#define T float
#define TILE_DIM 32
#define THREADS_Y 8
#define IS32MULTIPLE 0
#define DOCONJUGATE 0

typedef struct KParam_t {
    dim_t dims[4];
    dim_t strides[4];
    dim_t offset;
} KParam;

#if DOCONJUGATE
T doOp(T in) {
    T out = {in.x, -in.y};
    return out;
}
#else
#define doOp(in) in
#endif

kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void transpose(global T *oData, const KParam out,
                        const global T *iData, const KParam in,
                        const int blocksPerMatX, const int blocksPerMatY) {
    local T shrdMem[TILE_DIM * (TILE_DIM + 1)];

    const int shrdStride = TILE_DIM + 1;
    // create variables to hold output dimensions
    const int oDim0 = out.dims[0];
    const int oDim1 = out.dims[1];
    const int iDim0 = in.dims[0];
    const int iDim1 = in.dims[1];

    // calculate strides
    const int oStride1 = out.strides[1];
    const int iStride1 = in.strides[1];

    const int lx = get_local_id(0);
    const int ly = get_local_id(1);

    // batch based block Id
    const int batchId_x  = get_group_id(0) / blocksPerMatX;
    const int blockIdx_x = (get_group_id(0) - batchId_x * blocksPerMatX);

    const int batchId_y  = get_group_id(1) / blocksPerMatY;
    const int blockIdx_y = (get_group_id(1) - batchId_y * blocksPerMatY);

    const int x0 = TILE_DIM * blockIdx_x;
    const int y0 = TILE_DIM * blockIdx_y;

    // calculate global indices
    int gx = lx + x0;
    int gy = ly + y0;

    // offset in and out based on batch id
    // also add the subBuffer offsets
    iData += batchId_x * in.strides[2] + batchId_y * in.strides[3] + in.offset;
    oData +=
        batchId_x * out.strides[2] + batchId_y * out.strides[3] + out.offset;

    for (int repeat = 0; repeat < TILE_DIM; repeat += THREADS_Y) {
        int gy_ = gy + repeat;
        if (IS32MULTIPLE || (gx < iDim0 && gy_ < iDim1))
            shrdMem[(ly + repeat) * shrdStride + lx] =
                iData[gy_ * iStride1 + gx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    gx = lx + y0;
    gy = ly + x0;

    for (int repeat = 0; repeat < TILE_DIM; repeat += THREADS_Y) {
        int gy_ = gy + repeat;
        if (IS32MULTIPLE || (gx < oDim0 && gy_ < oDim1)) {
            oData[gy_ * oStride1 + gx] =
                doOp(shrdMem[lx * shrdStride + ly + repeat]);
        }
    }
}
