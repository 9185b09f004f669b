/* Source: github.com/arrayfire/arrayfire,
   src/backend/opencl/kernel/reduce_first.cl (commit
   492718b5a256d4a9d5198fdce89d8fd21772bfda), kernel `reduce_first_kernel`;
   binOp/transform from src/backend/opencl/kernel/ops.cl (ADD_OP branch),
   KParam from src/backend/opencl/kernel/KParam.hpp.
   License: BSD 3-Clause (Copyright (c) 2014, ArrayFire).
   What it does: sum along dimension 0; each work-item accumulates `repeat`
   strided elements, then a fully unrolled tree reduction in local memory
   (256 -> 128 -> ... -> 1, one barrier after every step, steps guarded by
   compile-time DIMX tests).
   Instantiation (the defines the host passes, reduce.hpp
   reduceFirstLauncher): Ti = To = T = float, af_add_t (ADD_OP, init 0),
   THREADS_PER_GROUP = 256 (config.hpp), DIMX = threads_x = 256 (the value
   for inputs with dims[0] >= 256), dim_t = long (platform.cpp build flags).
   Workgroup size: 256 x 1 x 1, fixed by the host: local NDRange is
   (threads_x, THREADS_PER_GROUP / threads_x) = (256, 1).
   Oracle run (bench/corpus-table): groups_x = groups_y = repeat = 1,
   change_nan = 0; the KParam arguments (byref) are zero-filled buffers, so
   no row is in range and only the tree runs.
   EXEC: --block=256 --args=1,1,1,0,0.0 */
#include "shim.h"

#define dim_t long
#define Ti float
#define To float
#define T To
#define DIMX 256
#define THREADS_PER_GROUP 256
#define init 0
#define ADD_OP
#define CPLX 0

typedef struct KParam_t {
    dim_t dims[4];
    dim_t strides[4];
    dim_t offset;
} KParam;

#define IS_NAN(in) !((in) == (in))

#ifdef ADD_OP
T binOp(T lhs, T rhs) { return lhs + rhs; }

To transform(Ti in) { return (To)(in); }
#endif

kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reduce_first_kernel(global To *oData, KParam oInfo,
                                  const global Ti *iData, KParam iInfo,
                                  uint groups_x, uint groups_y, uint repeat,
                                  int change_nan, To nanval) {
    const uint lidx = get_local_id(0);
    const uint lidy = get_local_id(1);
    const uint lid  = lidy * get_local_size(0) + lidx;

    const uint zid       = get_group_id(0) / groups_x;
    const uint wid       = get_group_id(1) / groups_y;
    const uint groupId_x = get_group_id(0) - (groups_x)*zid;
    const uint groupId_y = get_group_id(1) - (groups_y)*wid;
    const uint xid       = groupId_x * get_local_size(0) * repeat + lidx;
    const uint yid       = groupId_y * get_local_size(1) + lidy;

    iData += wid * iInfo.strides[3] + zid * iInfo.strides[2] +
             yid * iInfo.strides[1] + iInfo.offset;
    oData += wid * oInfo.strides[3] + zid * oInfo.strides[2] +
             yid * oInfo.strides[1] + oInfo.offset;

    bool cond =
        (yid < iInfo.dims[1]) && (zid < iInfo.dims[2]) && (wid < iInfo.dims[3]);

    local To s_val[THREADS_PER_GROUP];

    int last   = (xid + repeat * DIMX);
    int lim    = last > iInfo.dims[0] ? iInfo.dims[0] : last;
    To out_val = init;

    for (int id = xid; cond && id < lim; id += DIMX) {
        To in_val = transform(iData[id]);
        if (change_nan) in_val = !IS_NAN(in_val) ? in_val : nanval;
        out_val = binOp(in_val, out_val);
    }

    s_val[lid] = out_val;
    barrier(CLK_LOCAL_MEM_FENCE);
    local To *s_ptr = s_val + lidy * DIMX;

    if (DIMX == 256) {
        if (lidx < 128) s_ptr[lidx] = binOp(s_ptr[lidx], s_ptr[lidx + 128]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (DIMX >= 128) {
        if (lidx < 64) s_ptr[lidx] = binOp(s_ptr[lidx], s_ptr[lidx + 64]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (DIMX >= 64) {
        if (lidx < 32) s_ptr[lidx] = binOp(s_ptr[lidx], s_ptr[lidx + 32]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lidx < 16) s_ptr[lidx] = binOp(s_ptr[lidx], s_ptr[lidx + 16]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lidx < 8) s_ptr[lidx] = binOp(s_ptr[lidx], s_ptr[lidx + 8]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lidx < 4) s_ptr[lidx] = binOp(s_ptr[lidx], s_ptr[lidx + 4]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lidx < 2) s_ptr[lidx] = binOp(s_ptr[lidx], s_ptr[lidx + 2]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lidx < 1) s_ptr[lidx] = binOp(s_ptr[lidx], s_ptr[lidx + 1]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (cond && lidx == 0) { oData[groupId_x] = s_ptr[0]; }
}
