/* Source: github.com/arrayfire/arrayfire,
   src/backend/opencl/kernel/scan_first.cl (commit
   492718b5a256d4a9d5198fdce89d8fd21772bfda), kernel `scanFirst`;
   binOp/transform from src/backend/opencl/kernel/ops.cl (ADD_OP branch),
   KParam from src/backend/opencl/kernel/KParam.hpp.
   License: BSD 3-Clause (Copyright (c) 2014, ArrayFire).
   What it does: inclusive scan along dimension 0, DIMY independent rows per
   workgroup; each row is scanned with a Hillis-Steele scan whose local
   buffer ping-pongs between l_val0 and l_val1 through a __local pointer
   (`l_val = flip ? l_val1 : l_val0`), one barrier per step, plus a
   barrier before and after each `lim` chunk; l_tmp carries the running
   total of the previous chunk.
   Instantiation (defines passed by scan_first.hpp getScanFirstKernel):
   Ti = To = T = float, af_add_t (ADD_OP, init 0), THREADS_PER_GROUP = 256,
   SHARED_MEM_SIZE = THREADS_PER_GROUP = 256, DIMX = threads_x = 32 (the
   value for rows of <= 32 elements; any power of two 32..256 is possible),
   DIMY = 256 / DIMX = 8, IS_FINAL_PASS = 1, INCLUSIVE_SCAN = 1, CPLX = 0,
   dim_t = long.
   Workgroup size: 32 x 8 x 1, fixed by the host for this instantiation:
   local NDRange is (threads_x, THREADS_PER_GROUP / threads_x).
   Oracle run (bench/corpus-table): groups_x = groups_y = 1, lim = 2
   chunks; the KParam arguments (byref) are zero-filled buffers, so every
   row is out of range (the scan still runs on zeros).
   EXEC: --block=32,8 --args=1,1,2 */
#include "shim.h"

#define dim_t long
#define Ti float
#define To float
#define T To
#define DIMX 32
#define DIMY 8
#define SHARED_MEM_SIZE 256
#define init 0
#define ADD_OP
#define CPLX 0
#define IS_FINAL_PASS 1
#define INCLUSIVE_SCAN 1

typedef struct KParam_t {
    dim_t dims[4];
    dim_t strides[4];
    dim_t offset;
} KParam;

#ifdef ADD_OP
T binOp(T lhs, T rhs) { return lhs + rhs; }

To transform(Ti in) { return (To)(in); }
#endif

kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void scanFirst(global To *oData, KParam oInfo, global To *tData,
                      KParam tInfo, const global Ti *iData, KParam iInfo,
                      uint groups_x, uint groups_y, uint lim) {
    const int lidx = get_local_id(0);
    const int lidy = get_local_id(1);
    const int lid  = lidy * get_local_size(0) + lidx;

    const int zid       = get_group_id(0) / groups_x;
    const int wid       = get_group_id(1) / groups_y;
    const int groupId_x = get_group_id(0) - (groups_x)*zid;
    const int groupId_y = get_group_id(1) - (groups_y)*wid;
    const int xid       = groupId_x * get_local_size(0) * lim + lidx;
    const int yid       = groupId_y * get_local_size(1) + lidy;

    bool cond_yzw =
        (yid < oInfo.dims[1]) && (zid < oInfo.dims[2]) && (wid < oInfo.dims[3]);

    iData += wid * iInfo.strides[3] + zid * iInfo.strides[2] +
             yid * iInfo.strides[1] + iInfo.offset;

    tData += wid * tInfo.strides[3] + zid * tInfo.strides[2] +
             yid * tInfo.strides[1] + tInfo.offset;

    oData += wid * oInfo.strides[3] + zid * oInfo.strides[2] +
             yid * oInfo.strides[1] + oInfo.offset;

    local To l_val0[SHARED_MEM_SIZE];
    local To l_val1[SHARED_MEM_SIZE];
    local To *l_val = l_val0;
    local To l_tmp[DIMY];

    bool flip = 0;

    const To init_val = init;
    int id            = xid;
    To val            = init_val;

    const bool isLast = (lidx == (DIMX - 1));

    for (int k = 0; k < lim; k++) {
        if (isLast) l_tmp[lidy] = val;

        bool cond  = ((id < iInfo.dims[0]) && cond_yzw);
        val        = cond ? transform(iData[id]) : init_val;
        l_val[lid] = val;
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int off = 1; off < DIMX; off *= 2) {
            if (lidx >= off) val = binOp(val, l_val[lid - off]);

            flip       = 1 - flip;
            l_val      = flip ? l_val1 : l_val0;
            l_val[lid] = val;
            barrier(CLK_LOCAL_MEM_FENCE);
        }

        val = binOp(val, l_tmp[lidy]);
        if (INCLUSIVE_SCAN != 0) {
            if (cond) { oData[id] = val; }
        } else {
            if (id == (oInfo.dims[0] - 1)) {
                oData[0] = init_val;
            } else if (id < (oInfo.dims[0] - 1)) {
                oData[id + 1] = val;
            }
        }
        id += DIMX;
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (!IS_FINAL_PASS && isLast && cond_yzw) { tData[groupId_x] = val; }
}
