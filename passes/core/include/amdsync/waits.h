/*===- amdsync/waits.h - Waits for asynchronous LDS transfers ---*- C -*-===*
 *
 * The wait placement of `amdsync-waitcnt` (brief §4): asynchronous LDS
 * transfers and tensor DMA are not tracked by the backend
 * (spec/amdgpu-usage.txt: "Neither s_wait_asynccnt nor s_wait_tensorcnt are
 * inserted automatically"), so the core decides, before each op, which
 * counter waits it needs and with which count, and lowers asyncmark waits
 * (spec/amdgpu-async-operations.txt) to counter waits.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_WAITS_H
#define AMDSYNC_WAITS_H

#include "amdsync/analysis.h"
#include "amdsync/counters.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  /// A same-wave access conflicts with an outstanding async operation
  /// (spec: an async operation happens-before a later overlapping access
  /// only once completed).
  AMDSYNC_WAIT_SAME_WAVE,
  /// A barrier publishes async-written data to other waves.
  AMDSYNC_WAIT_PUBLISH,
  /// A wait.asyncmark lowered to the counter.
  AMDSYNC_WAIT_ASYNCMARK,
} AmdsyncWaitReason;

/// One counter wait to insert directly before `before`'s op.
typedef struct {
  AmdsyncNode *before;
  AmdsyncCounter counter;
  int count;           ///< the largest count safe on every path, clamped
  AmdsyncWaitReason reason;
  AmdsyncNode *oldest; ///< an async operation it completes (for remarks)
  /// Set by the front end that emits it: the wait op it created
  /// (amdsyncProgramApplyWaits gives it to the node).
  void *origin;
} AmdsyncWaitPlacement;

typedef struct {
  AmdsyncWaitPlacement *items;
  int count;
  /// Marks and mark-waits the lowering replaces (to erase from the IR).
  AmdsyncNode **lowered;
  int nlowered;
} AmdsyncWaitResult;

/// Which waits to place.
typedef enum {
  AMDSYNC_WAITS_ALL,     ///< amdsync-waitcnt: same-wave, publish, asyncmark
  AMDSYNC_WAITS_PUBLISH, ///< the barrier pass: only before barriers
} AmdsyncWaitMode;

/// Computes the waits of a finalized program for target `t`.
AmdsyncWaitResult amdsyncPlaceWaits(AmdsyncProgram *p, const AmdsyncTarget *t,
                                    AmdsyncWaitMode mode);

/// The model with the counter waits of `r` (amdsyncPlaceWaits on this
/// program) in place, each directly before its op, as the front ends
/// insert them (passes/core/emitted.c); undo with amdsyncProgramUnapply,
/// the last applied first.
AmdsyncApplied *amdsyncProgramApplyWaits(AmdsyncProgram *p,
                                         const AmdsyncWaitResult *r);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_WAITS_H */
