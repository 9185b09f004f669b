/*===- pipeline.h - The steps of a pass on one function, for both sides -*- C -*-===*
 *
 * The order of the steps each pass takes on a function, written once for
 * both front ends: a front end translates the function (its own room),
 * hands the finalized program here with callbacks for the IR work
 * (AmdsyncFrontEnd), and these functions decide what runs, in which order,
 * and what is undone on failure:
 *
 *   barriers:  same-bytes writes, the input check, fences of input
 *              barriers, windows, placement, emission (checked, below),
 *              and the picture when asked (of the refused function too)
 *   waits:     wait placement, emission, the lowered marks erased; in the
 *              `amdsync` pipeline on the barrier pass's model as emitted
 *              (no second translation)
 *   check:     the checker (the front end first reports same-bytes writes
 *              and what it refuses on its own)
 *   recheck:   the calls, once every function has its barriers
 *
 * Emission, checked: insert the placement, then the waits that publish
 * async transfers at its barriers, placed on the model as emitted
 * (passes/core/emitted.c), not on a second translation; check split pairs
 * whose signals moved early once more on that model, the publish waits
 * applied too, and if that fails, undo and emit every signal directly
 * before its wait. A failed step leaves the function as it was (never
 * half-synchronized).
 *===----------------------------------------------------------------------===*/
#ifndef AMDSYNC_SHARED_PIPELINE_H
#define AMDSYNC_SHARED_PIPELINE_H

#include "amdsync/analysis.h"
#include "amdsync/stats.h"
#include "amdsync/waits.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The IR work a front end does for the pipeline, on its function `fn`
/// (its own state: the translation, the ops it inserted, its errors).
typedef struct {
  /// Reports each bulk write every lane makes to the same LDS bytes with
  /// values that may differ; returns how many.
  int (*same_bytes_errors)(void *fn);
  /// Completes the input barriers written without their fences; false
  /// after an error.
  bool (*complete_fences)(void *fn, AmdsyncStats *stats);
  /// Inserts the ops of schedule `s` (amdsyncScheduleEmission of `r`),
  /// setting each op's `origin` to the op it created that synchronizes;
  /// false after an error.
  bool (*emit)(void *fn, AmdsyncEmitSchedule *s, const AmdsyncPlacementResult *r,
               AmdsyncStats *stats);
  /// Inserts the counter waits of `r` (of the function's program, or of
  /// the model as emitted), each before its op; false after an error.
  /// Sets each wait's `origin` to the op it created.
  bool (*emit_waits)(void *fn, AmdsyncWaitResult *r, AmdsyncStats *stats);
  /// Erases the marks and mark waits `r` lowered, once its waits stand.
  void (*erase_lowered)(void *fn, const AmdsyncWaitResult *r,
                        AmdsyncStats *stats);
  /// Erases what was inserted after `mark` (a value of `*inserted`).
  void (*erase_inserted_since)(void *fn, int mark);
} AmdsyncFrontEnd;

/// One function, translated and finalized, as a pass runs on it.
typedef struct {
  const AmdsyncFrontEnd *fe;
  void *fn;
  AmdsyncProgram *program;
  const AmdsyncTarget *target;
  AmdsyncDiagnostics diag;
  AmdsyncStats *stats;
  /// The front end's own counts: the errors found at the function so far
  /// (those reported, and those the error limit held: the limit alone
  /// writes here, adding them when it reports their count), and the ops it
  /// inserted so far (a mark for erase_inserted_since; read only).
  int *errors;
  const int *inserted;
  /// The barrier pass's picture (amdsync/picture.h): the option's path
  /// (NULL: none; amdsyncPicturePath names the file), the function's name
  /// in it, and the op an error about the file is reported at (NULL: the
  /// front end's error callback takes NULL as the function).
  const char *picture;
  const char *name;
  void *origin;
  /// The most errors the core's steps report at the function (the input
  /// check, the placement, the checker), as clang's -ferror-limit does per
  /// translation unit; the rest are counted, and said in one error at
  /// `origin` when the step ends. 0 or less: no limit.
  int error_limit;
} AmdsyncFunctionRun;

/// The error limit when the options give none (0): as clang's
/// -ferror-limit. error-limit=N takes N up to AMDSYNC_MAX_ERROR_LIMIT.
enum { AMDSYNC_DEFAULT_ERROR_LIMIT = 20, AMDSYNC_MAX_ERROR_LIMIT = 1000000 };

/// The options' `error_limit` for a count the user wrote (error-limit=N,
/// -amdsync-error-limit=N, --error-limit=N): 0 is no limit (negative),
/// a count above AMDSYNC_MAX_ERROR_LIMIT is that.
static inline int amdsyncErrorLimitOption(unsigned long long count) {
  return count == 0 ? -1
         : count > AMDSYNC_MAX_ERROR_LIMIT ? AMDSYNC_MAX_ERROR_LIMIT
                                           : (int)count;
}

/// AmdsyncFunctionRun.error_limit for the options' `error_limit`
/// (amdsync/mlir.h, amdsync/llvm.h): 0 the default, negative none.
int amdsyncErrorLimitOf(int option);

/// What the barrier pass inserted into one function, as its model takes
/// it (in the program's arena).
typedef struct AmdsyncEmitted AmdsyncEmitted;

/// The barrier pass on `run`: true when its placement stands; else the
/// function is as it was. `*placed`: how many of its calls the placement
/// took to execute a workgroup barrier (for amdsyncRunRecheck). `keep`
/// (may be NULL) gets what it inserted, for amdsyncRunWaitsAsEmitted.
bool amdsyncRunBarriers(const AmdsyncFunctionRun *run, AmdsyncStrategy strategy,
                        int *placed, AmdsyncEmitted **keep);
/// The wait pass on `run`'s translation after amdsyncRunBarriers inserted
/// `e` into it, on the model as emitted (no second translation): the
/// `amdsync` pipeline. True when its waits stand; else those it inserted
/// are erased (the barriers stay).
bool amdsyncRunWaitsAsEmitted(const AmdsyncFunctionRun *run,
                              const AmdsyncEmitted *e);
/// The wait pass on `run`: true when its waits stand; else the function is
/// as it was.
bool amdsyncRunWaits(const AmdsyncFunctionRun *run);
/// The checker on `run`: the number of violations reported.
int amdsyncRunCheck(const AmdsyncFunctionRun *run);
/// The calls of `run`'s function once the functions they reach have their
/// barriers: a callee synchronized after its caller, or a recursive call of
/// a function that just got its first barrier, may now execute one. Such a
/// call in divergent control flow is a hang (the input check says so), and
/// one the placement took to execute none may stand between a split signal
/// it let pass and its wait (the checker's phase check says so). `placed`:
/// the calls the placement knew to. True when none.
bool amdsyncRunRecheck(const AmdsyncFunctionRun *run, int placed);

#ifdef __cplusplus
}
#endif

#endif /* AMDSYNC_SHARED_PIPELINE_H */
