/*===- intrinsics.h - What each AMDGPU intrinsic does to synchronization --*- C -*-===*
 *
 * The one table of synchronization and transfer semantics, keyed by
 * intrinsic name (`llvm.amdgcn.*`), that both front ends read: the MLIR
 * front end for `llvm.call_intrinsic`, `llvm.call` and the `rocdl` ops that
 * spell an intrinsic (passes/mlir/ops.c maps each op to its intrinsic), the
 * LLVM IR front end for calls. A spelling that is not an intrinsic (MLIR's
 * `amdgpu.lds_barrier`, `gpu.barrier`, the amdsync dialect) maps to the
 * same `AmdsyncSyncKind`s in its own front end.
 *
 * Sources: spec/amdgpu-execution-synchronization.txt (barriers, split
 * signal/wait), spec/amdgpu-async-operations.txt (async transfers,
 * asyncmark), spec/amdgpu-usage.txt (counters per target, LDS DMA),
 * TOOLCHAIN-FACTS.md (what LLVM 22.1.8 has).
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_SHARED_INTRINSICS_H
#define AMDSYNC_SHARED_INTRINSICS_H

#include "amdsync/counters.h"
#include "amdsync/program.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What an op or intrinsic does, whatever its spelling.
typedef enum {
  AMDSYNC_SYNC_NONE = 0,     ///< not in the table
  /// s_barrier alone: it orders LDS only between a workgroup release fence
  /// right before it and an acquire fence right after it.
  AMDSYNC_SYNC_BARRIER,
  /// A barrier that brings its own workgroup fences (amdgpu.lds_barrier,
  /// gpu.barrier, rocdl.barrier) or an op whose lowering synchronizes the
  /// whole workgroup with such barriers (gpu.all_reduce).
  AMDSYNC_SYNC_FENCED_BARRIER,
  AMDSYNC_SYNC_SIGNAL,       ///< split s_barrier_signal: needs a release fence before
  AMDSYNC_SYNC_WAIT,         ///< split s_barrier_wait: needs an acquire fence after
  AMDSYNC_SYNC_WAVE_BARRIER, ///< wave-level ordering point, between wavefront fences
  AMDSYNC_SYNC_COUNTER_WAIT, ///< s_wait_<counter> N on one counter
  AMDSYNC_SYNC_WAITCNT,      ///< GFX9-GFX11 s_waitcnt: a bitfield decoded per target
  AMDSYNC_SYNC_ASYNCMARK,
  AMDSYNC_SYNC_WAIT_ASYNCMARK,
  AMDSYNC_SYNC_TRANSFER,     ///< an asynchronous or DMA transfer touching LDS
  /// A synchronous access (`flags`) of the LDS its pointer argument names
  /// (ds.append/ds.consume: an atomic read-modify-write of a counter).
  AMDSYNC_SYNC_LDS_ACCESS,
  AMDSYNC_SYNC_NO_MEMORY,    ///< touches no memory and synchronizes nothing
  /// OpenCL's barrier(flags) and work_group_barrier(flags[, scope]) before
  /// the device library is linked: a workgroup barrier whose fences order
  /// LDS only where the flags (operand 0) hold CLK_LOCAL_MEM_FENCE and the
  /// scope (operand 1, when there is one) is the work-group or wider
  /// (amdsyncClBarrierOrdersLds); otherwise a barrier without LDS fences.
  AMDSYNC_SYNC_CL_BARRIER,
} AmdsyncSyncKind;

/// The work-item queries of OpenCL and of the ROCm device library, as
/// calls before the device library is linked (`get_local_id`, mangled
/// `_Z12get_local_idj`; `__ockl_get_local_id`): one table for every front
/// end and analysis that reads them.
typedef enum {
  AMDSYNC_QUERY_NONE = 0,
  AMDSYNC_QUERY_LOCAL_ID,    ///< the work-item id in dimension d: divergent
  AMDSYNC_QUERY_GLOBAL_ID,   ///< group id * size + local id: divergent
  AMDSYNC_QUERY_LOCAL_SIZE,  ///< the workgroup's extent in dimension d
  AMDSYNC_QUERY_GROUP_ID,
  AMDSYNC_QUERY_NUM_GROUPS,
  AMDSYNC_QUERY_GLOBAL_SIZE,
  AMDSYNC_QUERY_GLOBAL_OFFSET,
  AMDSYNC_QUERY_WORK_DIM,
} AmdsyncWorkItemQuery;

/// Which query function `name` (`length` bytes) is, or AMDSYNC_QUERY_NONE.
AmdsyncWorkItemQuery amdsyncWorkItemQueryOf(const char *name, size_t length);

/// Whether a callee of name `name` may be taken for what the tables say:
/// an intrinsic (`llvm.*`) always; any other name (OpenCL's mangled
/// built-ins, the device library's `__ockl_*`) only where the module
/// declares it (`is_declaration`), as before the device library is
/// linked: a body in the module is analyzed as any function's (a module's
/// own `_Z7barrierj`, or an `__ockl_get_local_id` that writes LDS).
bool amdsyncTrustedCallee(const char *name, size_t length, bool is_declaration);

/// Whether the query's value is the same in every lane of the workgroup.
bool amdsyncWorkItemQueryUniform(AmdsyncWorkItemQuery q);

/// Whether an OpenCL barrier with fence flags `flags` (CLK_LOCAL_MEM_FENCE
/// = 1, CLK_GLOBAL_MEM_FENCE = 2, CLK_IMAGE_MEM_FENCE = 4) and memory scope
/// `scope` (`has_scope` false: barrier(flags), the work-group's scope;
/// memory_scope_work_group = 1, device = 2, all_svm_devices = 3; work_item
/// = 0 and sub_group = 4 do not reach other waves) orders LDS.
bool amdsyncClBarrierOrdersLds(long long flags, bool has_scope,
                               long long scope);

/// The hardware counter a COUNTER_WAIT waits on. Only the counters the
/// model tracks (asynccnt, tensorcnt, GFX9 vmcnt) have an AmdsyncCounter;
/// the others are waits the backend's own tracking covers.
typedef enum {
  AMDSYNC_HW_ASYNCCNT,
  AMDSYNC_HW_TENSORCNT,
  AMDSYNC_HW_LOADCNT,
  AMDSYNC_HW_STORECNT,
  AMDSYNC_HW_DSCNT,
  AMDSYNC_HW_KMCNT,
  AMDSYNC_HW_EXPCNT,
  AMDSYNC_HW_WAITCNT, ///< the GFX9-GFX11 s_waitcnt bitfield (vmcnt, expcnt, lgkmcnt)
  AMDSYNC_HW_MARKS,   ///< not hardware: wait.asyncmark counts marks
  AMDSYNC_HW_OTHER,
} AmdsyncHwCounter;

typedef struct {
  const char *name;  ///< "llvm.amdgcn.s.barrier"
  size_t length;
  bool prefix;       ///< also names with this prefix (".b32", overloads)
  AmdsyncSyncKind kind;
  AmdsyncHwCounter counter; ///< COUNTER_WAIT
  /// TRANSFER, LDS_ACCESS: what it does to LDS (AMDSYNC_ACCESS_*); TRANSFER:
  /// which counter kind it completes on.
  unsigned flags;
  AmdsyncAsyncKind async_kind;
  /// Waits and marks: the call operand holding the count (-1: none).
  int count_operand;
} AmdsyncIntrinsic;

/// The entry for intrinsic `name` (`length` bytes, not NUL-terminated), or
/// NULL when the table does not know it.
const AmdsyncIntrinsic *amdsyncIntrinsicLookup(const char *name, size_t length);

/// The entry inline assembly `text` (`length` bytes) stands for, or NULL:
/// assembly that is nothing but `s_barrier` (comment lines aside) is the
/// workgroup barrier intrinsic, as upstream writes amdgpu.lds_barrier for
/// chips before gfx90a (";;;WARNING: BREAKS DEBUG WATCHES\ns_barrier");
/// any other assembly is not in the table (a call).
const AmdsyncIntrinsic *amdsyncAsmLookup(const char *text, size_t length);

/// The whole table, for tests and documentation.
const AmdsyncIntrinsic *amdsyncIntrinsicTable(size_t *count);

/// The waits on the model's counters that a wait of `count` on hardware
/// counter `c` implies on target `t`: asynccnt and tensorcnt as they are;
/// on GFX9, where LDS DMA completes at vmcnt, the vmcnt field of an
/// s_waitcnt bitfield and a wait on loads (amdgpu.memory_counter_wait's
/// `load`, which GFX9 encodes as vmcnt). Every other counter is tracked by
/// the backend itself. Returns AMDSYNC_COUNTER_NONE when the wait implies
/// nothing the model tracks; `*model_count` gets the count.
AmdsyncCounter amdsyncHwWaitModel(const AmdsyncTarget *t, AmdsyncHwCounter c,
                                  int count, int *model_count);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_SHARED_INTRINSICS_H */
