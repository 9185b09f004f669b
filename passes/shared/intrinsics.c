/*===- intrinsics.c - The table of AMDGPU synchronization intrinsics -------===*
 *
 * One row per intrinsic (or family, by prefix) that synchronizes, waits or
 * moves data into or out of LDS asynchronously. Everything else is not in
 * the table: a front end then treats it by its operands (an intrinsic that
 * takes an LDS pointer reads and writes it, conservatively).
 *===----------------------------------------------------------------------===*/
#include "intrinsics.h"

#include <string.h>

enum {
  R = AMDSYNC_ACCESS_READ,
  W = AMDSYNC_ACCESS_WRITE,
  D = AMDSYNC_ACCESS_DMA,
};

#define EXACT(lit) lit "", sizeof(lit "") - 1, false
#define PREFIX(lit) lit "", sizeof(lit "") - 1, true

/* Columns: name, kind, counter (COUNTER_WAIT), flags and async kind
   (TRANSFER), count operand of the call form. */
static const AmdsyncIntrinsic kIntrinsics[] = {
    /* Barriers (spec/amdgpu-execution-synchronization.txt). */
    {EXACT("llvm.amdgcn.s.barrier"), AMDSYNC_SYNC_BARRIER, AMDSYNC_HW_OTHER, 0,
     AMDSYNC_ASYNC_LDS_LOAD, -1},
    {EXACT("llvm.amdgcn.s.barrier.signal"), AMDSYNC_SYNC_SIGNAL,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {EXACT("llvm.amdgcn.s.barrier.signal.isfirst"), AMDSYNC_SYNC_SIGNAL,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {EXACT("llvm.amdgcn.s.barrier.wait"), AMDSYNC_SYNC_WAIT, AMDSYNC_HW_OTHER,
     0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {EXACT("llvm.amdgcn.wave.barrier"), AMDSYNC_SYNC_WAVE_BARRIER,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    /* Counter waits (spec/amdgpu-usage.txt, memory model code sequences). */
    {EXACT("llvm.amdgcn.s.waitcnt"), AMDSYNC_SYNC_WAITCNT, AMDSYNC_HW_OTHER, 0,
     AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.asynccnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_ASYNCCNT, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.tensorcnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_TENSORCNT, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.loadcnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_LOADCNT, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.storecnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_STORECNT, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.dscnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_DSCNT, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.kmcnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_KMCNT, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.expcnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_EXPCNT, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.samplecnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    {EXACT("llvm.amdgcn.s.wait.bvhcnt"), AMDSYNC_SYNC_COUNTER_WAIT,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    /* asyncmark (spec/amdgpu-async-operations.txt); not in LLVM 22.1.8. */
    {EXACT("llvm.amdgcn.asyncmark"), AMDSYNC_SYNC_ASYNCMARK, AMDSYNC_HW_OTHER,
     0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {EXACT("llvm.amdgcn.wait.asyncmark"), AMDSYNC_SYNC_WAIT_ASYNCMARK,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, 0},
    /* gfx1250 async transfers between global memory and LDS. */
    {PREFIX("llvm.amdgcn.global.load.async.to.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | W | D, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {PREFIX("llvm.amdgcn.cluster.load.async.to.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | W | D, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {PREFIX("llvm.amdgcn.global.store.async.from.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | D, AMDSYNC_ASYNC_LDS_STORE, -1},
    /* Tensor DMA (gfx1250): the LDS address is in a descriptor. */
    {PREFIX("llvm.amdgcn.tensor.load.to.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | W | D, AMDSYNC_ASYNC_TENSOR, -1},
    {PREFIX("llvm.amdgcn.tensor.store.from.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | D, AMDSYNC_ASYNC_TENSOR, -1},
    /* GFX9 LDS DMA: a vector memory load whose data lands in LDS. */
    {EXACT("llvm.amdgcn.global.load.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | W | D, AMDSYNC_ASYNC_LDS_DMA, -1},
    {PREFIX("llvm.amdgcn.load.to.lds"), AMDSYNC_SYNC_TRANSFER, AMDSYNC_HW_OTHER,
     R | W | D, AMDSYNC_ASYNC_LDS_DMA, -1},
    {EXACT("llvm.amdgcn.raw.buffer.load.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | W | D, AMDSYNC_ASYNC_LDS_DMA, -1},
    {EXACT("llvm.amdgcn.raw.ptr.buffer.load.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | W | D, AMDSYNC_ASYNC_LDS_DMA, -1},
    {EXACT("llvm.amdgcn.struct.buffer.load.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | W | D, AMDSYNC_ASYNC_LDS_DMA, -1},
    {EXACT("llvm.amdgcn.struct.ptr.buffer.load.lds"), AMDSYNC_SYNC_TRANSFER,
     AMDSYNC_HW_OTHER, R | W | D, AMDSYNC_ASYNC_LDS_DMA, -1},
    /* DS_APPEND / DS_CONSUME: atomic increments of a counter in LDS. */
    {PREFIX("llvm.amdgcn.ds.append"), AMDSYNC_SYNC_LDS_ACCESS, AMDSYNC_HW_OTHER,
     R | W | AMDSYNC_ACCESS_ATOMIC, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {PREFIX("llvm.amdgcn.ds.consume"), AMDSYNC_SYNC_LDS_ACCESS,
     AMDSYNC_HW_OTHER, R | W | AMDSYNC_ACCESS_ATOMIC, AMDSYNC_ASYNC_LDS_LOAD,
     -1},
    /* Ids, sizes and address-space queries: no memory, no
       synchronization (is.shared/is.private read the pointer's bits only). */
    {PREFIX("llvm.amdgcn.is.shared"), AMDSYNC_SYNC_NO_MEMORY, AMDSYNC_HW_OTHER,
     0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {PREFIX("llvm.amdgcn.is.private"), AMDSYNC_SYNC_NO_MEMORY,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {PREFIX("llvm.amdgcn.workitem.id."), AMDSYNC_SYNC_NO_MEMORY,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {PREFIX("llvm.amdgcn.workgroup.id."), AMDSYNC_SYNC_NO_MEMORY,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {PREFIX("llvm.amdgcn.mbcnt."), AMDSYNC_SYNC_NO_MEMORY, AMDSYNC_HW_OTHER, 0,
     AMDSYNC_ASYNC_LDS_LOAD, -1},
    /* OpenCL's barriers before the device library is linked (clang
       -nogpulib or before mlink): barrier(cl_mem_fence_flags),
       work_group_barrier(flags) and work_group_barrier(flags, scope). The
       work-item queries are the other table (kWorkItemQueries). */
    {EXACT("_Z7barrierj"), AMDSYNC_SYNC_CL_BARRIER, AMDSYNC_HW_OTHER, 0,
     AMDSYNC_ASYNC_LDS_LOAD, -1},
    {EXACT("_Z18work_group_barrierj"), AMDSYNC_SYNC_CL_BARRIER,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, -1},
    {EXACT("_Z18work_group_barrierj12memory_scope"), AMDSYNC_SYNC_CL_BARRIER,
     AMDSYNC_HW_OTHER, 0, AMDSYNC_ASYNC_LDS_LOAD, -1},
};

#undef EXACT
#undef PREFIX

/* The work-item queries, both spellings of each (OpenCL's mangled
   builtins, the ROCm device library's __ockl_ functions, which the
   upstream lowering of gpu.thread_id and gpu.block_dim and HIP before the
   device library is linked call): they read the dispatch packet and the
   work-item id registers, never LDS. */
static const struct {
  const char *name;
  AmdsyncWorkItemQuery query;
} kWorkItemQueries[] = {
    {"__ockl_get_local_id", AMDSYNC_QUERY_LOCAL_ID},
    {"_Z12get_local_idj", AMDSYNC_QUERY_LOCAL_ID},
    {"__ockl_get_global_id", AMDSYNC_QUERY_GLOBAL_ID},
    {"_Z13get_global_idj", AMDSYNC_QUERY_GLOBAL_ID},
    {"__ockl_get_local_size", AMDSYNC_QUERY_LOCAL_SIZE},
    {"_Z14get_local_sizej", AMDSYNC_QUERY_LOCAL_SIZE},
    {"_Z23get_enqueued_local_sizej", AMDSYNC_QUERY_LOCAL_SIZE},
    {"__ockl_get_group_id", AMDSYNC_QUERY_GROUP_ID},
    {"_Z12get_group_idj", AMDSYNC_QUERY_GROUP_ID},
    {"__ockl_get_num_groups", AMDSYNC_QUERY_NUM_GROUPS},
    {"_Z14get_num_groupsj", AMDSYNC_QUERY_NUM_GROUPS},
    {"__ockl_get_global_size", AMDSYNC_QUERY_GLOBAL_SIZE},
    {"_Z15get_global_sizej", AMDSYNC_QUERY_GLOBAL_SIZE},
    {"__ockl_get_global_offset", AMDSYNC_QUERY_GLOBAL_OFFSET},
    {"_Z17get_global_offsetj", AMDSYNC_QUERY_GLOBAL_OFFSET},
    {"__ockl_get_work_dim", AMDSYNC_QUERY_WORK_DIM},
    {"_Z12get_work_dimv", AMDSYNC_QUERY_WORK_DIM},
};

AmdsyncWorkItemQuery amdsyncWorkItemQueryOf(const char *name, size_t length) {
  /* Every name starts with "__ockl_get_" or "_Z": reject the rest at once
     (every call's lookup asks). */
  static const char kOckl[] = "__ockl_get_";
  if ((length < sizeof kOckl - 1 ||
       memcmp(name, kOckl, sizeof kOckl - 1) != 0) &&
      (length < 2 || name[0] != '_' || name[1] != 'Z'))
    return AMDSYNC_QUERY_NONE;
  for (size_t i = 0; i < sizeof kWorkItemQueries / sizeof kWorkItemQueries[0];
       ++i)
    if (strlen(kWorkItemQueries[i].name) == length &&
        memcmp(kWorkItemQueries[i].name, name, length) == 0)
      return kWorkItemQueries[i].query;
  return AMDSYNC_QUERY_NONE;
}

bool amdsyncTrustedCallee(const char *name, size_t length,
                          bool is_declaration) {
  return is_declaration || (length >= 5 && memcmp(name, "llvm.", 5) == 0);
}

bool amdsyncWorkItemQueryUniform(AmdsyncWorkItemQuery q) {
  return q != AMDSYNC_QUERY_NONE && q != AMDSYNC_QUERY_LOCAL_ID &&
         q != AMDSYNC_QUERY_GLOBAL_ID;
}

bool amdsyncClBarrierOrdersLds(long long flags, bool has_scope,
                               long long scope) {
  return (flags & 1) != 0 && (!has_scope || (scope >= 1 && scope <= 3));
}

const AmdsyncIntrinsic *amdsyncIntrinsicLookup(const char *name,
                                               size_t length) {
  /* A work-item query touches no memory. */
  static const AmdsyncIntrinsic kQuery = {
      "work-item query", 15, false, AMDSYNC_SYNC_NO_MEMORY, AMDSYNC_HW_OTHER,
      0, AMDSYNC_ASYNC_LDS_LOAD, -1};
  if (amdsyncWorkItemQueryOf(name, length) != AMDSYNC_QUERY_NONE)
    return &kQuery;
  /* Every other entry starts with "llvm.amdgcn." or "_Z" (OpenCL's
     barriers): reject the rest at once. */
  static const char kFamily[] = "llvm.amdgcn.", kCl[] = "_Z";
  if ((length < sizeof kFamily - 1 ||
       memcmp(name, kFamily, sizeof kFamily - 1) != 0) &&
      (length < sizeof kCl - 1 || memcmp(name, kCl, sizeof kCl - 1) != 0))
    return NULL;
  for (size_t i = 0; i < sizeof kIntrinsics / sizeof kIntrinsics[0]; ++i) {
    const AmdsyncIntrinsic *e = &kIntrinsics[i];
    if (e->prefix ? length >= e->length && memcmp(name, e->name, e->length) == 0
                  : length == e->length && memcmp(name, e->name, length) == 0)
      return e;
  }
  return NULL;
}

const AmdsyncIntrinsic *amdsyncIntrinsicTable(size_t *count) {
  *count = sizeof kIntrinsics / sizeof kIntrinsics[0];
  return kIntrinsics;
}

AmdsyncCounter amdsyncHwWaitModel(const AmdsyncTarget *t, AmdsyncHwCounter c,
                                  int count, int *model_count) {
  *model_count = count;
  /* The model tracks vmcnt where LDS DMA counts on it (amdsyncCounterFor):
     every generation that has the counter. */
  bool vm = amdsyncHasVmcnt(t);
  switch (c) {
  case AMDSYNC_HW_ASYNCCNT:
    return AMDSYNC_COUNTER_ASYNC;
  case AMDSYNC_HW_TENSORCNT:
    return AMDSYNC_COUNTER_TENSOR;
  case AMDSYNC_HW_LOADCNT:
    /* A count at vmcnt's maximum waits for nothing. */
    return vm && count < t->max_vmcnt ? AMDSYNC_COUNTER_VM
                                      : AMDSYNC_COUNTER_NONE;
  case AMDSYNC_HW_WAITCNT: {
    int vmc, exp, lgkm;
    if (!vm || amdsyncDecodeWaitcnt(t, count, &vmc, &exp, &lgkm) != 0 ||
        vmc >= t->max_vmcnt)
      return AMDSYNC_COUNTER_NONE; /* vmcnt at its maximum waits for nothing */
    *model_count = vmc;
    return AMDSYNC_COUNTER_VM;
  }
  default:
    return AMDSYNC_COUNTER_NONE;
  }
}

/* One line of assembly, blanks around it trimmed: a comment (';' first)
   and a blank line say nothing. */
static bool asmLineIs(const char *b, const char *e, const char *want) {
  while (b < e && (*b == ' ' || *b == '\t' || *b == '\r'))
    ++b;
  while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    --e;
  size_t n = strlen(want);
  return (size_t)(e - b) == n && memcmp(b, want, n) == 0;
}

const AmdsyncIntrinsic *amdsyncAsmLookup(const char *text, size_t length) {
  static const char kBarrier[] = "llvm.amdgcn.s.barrier";
  const char *end = text + length;
  int barriers = 0;
  for (const char *b = text; b < end;) {
    const char *e = memchr(b, '\n', (size_t)(end - b));
    if (!e)
      e = end;
    const char *t = b;
    while (t < e && (*t == ' ' || *t == '\t'))
      ++t;
    if (t < e && *t != ';') {
      if (!asmLineIs(t, e, "s_barrier"))
        return NULL; /* anything else: not only a barrier */
      barriers++;
    }
    b = e + 1;
  }
  return barriers == 1 ? amdsyncIntrinsicLookup(kBarrier, sizeof kBarrier - 1)
                       : NULL;
}
