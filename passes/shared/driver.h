/*===- driver.h - Emitting a placement, checked, in any front end -*- C -*-===*
 *
 * The steps after placement that both front ends take alike: insert the
 * placement, then the waits that publish async transfers at its barriers;
 * check split pairs whose signals moved early once more, on the model with
 * the placement applied (or, with async transfers, on the function as it
 * now is), and if that fails, undo and emit every signal directly before
 * its wait. A front end supplies the IR work as callbacks.
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_SHARED_DRIVER_H
#define AMDSYNC_SHARED_DRIVER_H

#include "amdsync/analysis.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  void *ctx;
  /// Inserts the ops of `r` (amdsyncScheduleEmission) into the function;
  /// false after an error.
  bool (*emit)(void *ctx, const AmdsyncPlacementResult *r);
  /// Inserts the waits that publish async-written LDS at the barriers now in
  /// the function (a fresh translation, amdsyncPlaceWaits with
  /// AMDSYNC_WAITS_PUBLISH); false after an error.
  bool (*publish_waits)(void *ctx);
  /// Whether the function as it now is checks clean (a fresh translation,
  /// amdsyncCheck without diagnostics). Asked only of functions with async
  /// transfers, whose publish waits the model does not hold.
  bool (*checks_clean)(void *ctx);
  /// The placement's program, and whether its barriers are split: the
  /// check of the emitted placement runs on it (amdsyncProgramApplyEmission)
  /// when the function has no async transfer.
  AmdsyncProgram *program;
  bool split;
  /// Remembers the insertions and counters so far; returns a mark.
  int (*mark)(void *ctx);
  /// Erases what was inserted after `mark` and restores the counters.
  void (*undo)(void *ctx, int mark);
} AmdsyncEmitter;

/// Emits `r` through `e`, as above; on failure nothing of it stays. May
/// turn moved signals into fallbacks (amdsyncPlacementFallBack).
bool amdsyncEmitChecked(const AmdsyncEmitter *e, AmdsyncPlacementResult *r);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_SHARED_DRIVER_H */
