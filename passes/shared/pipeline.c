/*===- pipeline.c - The steps of a pass on one function ------------------===*
 *
 * See pipeline.h. Alternation of split signals and waits across loops and
 * regions is easy to get subtly wrong, so a placement whose signals moved
 * is checked once more as emitted; the fallback (each signal directly
 * before its wait) always alternates.
 *===----------------------------------------------------------------------===*/
#include "pipeline.h"

#include "amdsync/picture.h"
#include "amdsync/trace.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

/*===--- Emission, checked -------------------------------------------------===*/

/* What the barrier pass inserted, as the model takes it: the wait pass,
   when it follows on the same translation, places its waits on the model
   as emitted. */
struct AmdsyncEmitted {
  AmdsyncEmitSchedule sched;
  AmdsyncWaitResult publish;
};
typedef struct AmdsyncEmitted Emitted;

/* Inserts `r` and, with async transfers, the waits that publish them at
   the barriers now in place: the wait placement runs on the model as
   emitted (amdsyncProgramApplyEmission), whose new barrier nodes hold the
   ops the front end inserted. With `check`, *clean says whether the
   checker finds the model as emitted, waits included, clean. The model is
   left as translated; on failure nothing of `r` stays in the IR. */
static bool emitWithWaits(const AmdsyncFunctionRun *run,
                          const AmdsyncPlacementResult *r, int mark,
                          bool check, bool *clean, Emitted *out) {
  const AmdsyncFrontEnd *fe = run->fe;
  AmdsyncProgram *p = run->program;
  out->sched = amdsyncScheduleEmission(p, r, amdsyncEmitsSplit(p, run->target));
  out->publish = (AmdsyncWaitResult){NULL, 0, NULL, 0};
  if (!fe->emit(run->fn, &out->sched, r, run->stats)) {
    fe->erase_inserted_since(run->fn, mark); /* never half-synchronized */
    return false;
  }
  AmdsyncApplied *emitted = amdsyncProgramApplyEmission(p, &out->sched);
  AmdsyncApplied *waited = NULL;
  bool ok = true;
  if (p->async_ops.count > 0) {
    out->publish = amdsyncPlaceWaits(p, run->target, AMDSYNC_WAITS_PUBLISH);
    int errors = *run->errors;
    ok = fe->emit_waits(run->fn, &out->publish, run->stats) &&
         *run->errors == errors; /* a wait the chip cannot make */
    if (ok && check)
      waited = amdsyncProgramApplyWaits(p, &out->publish);
  }
  if (ok && check) {
    AmdsyncCheckResult c = amdsyncCheck(p, NULL);
    *clean = amdsyncCheckErrors(&c) == 0;
    amdsyncTrace(p->trace, AMDSYNC_TRACE_SIGNALS,
                 "signal check on the model as emitted: %s",
                 *clean ? "clean" : "fails, every signal falls back");
  }
  if (waited)
    amdsyncProgramUnapply(p, waited);
  amdsyncProgramUnapply(p, emitted);
  if (!ok)
    fe->erase_inserted_since(run->fn, mark);
  return ok;
}

/* Emits `r` with its publish waits; on failure nothing of it stays. A
   placement whose signals moved early is checked as emitted, and if that
   fails, emitted again with every signal directly before its wait
   (amdsyncPlacementFallBack). */
static bool emitChecked(const AmdsyncFunctionRun *run,
                        AmdsyncPlacementResult *r, Emitted *out) {
  const AmdsyncFrontEnd *fe = run->fe;
  AmdsyncStats saved = *run->stats;
  int mark = *run->inserted;
  bool moved = false, clean = true;
  for (int i = 0; i < r->count; ++i)
    moved |= r->items[i].signal_gap >= 0 && !r->items[i].signal_fallback;
  if (!emitWithWaits(run, r, mark, moved, &clean, out)) {
    *run->stats = saved;
    return false;
  }
  if (clean)
    return true;
  fe->erase_inserted_since(run->fn, mark);
  *run->stats = saved;
  amdsyncPlacementFallBack(r);
  if (emitWithWaits(run, r, mark, false, &clean, out))
    return true;
  *run->stats = saved;
  return false;
}

/*===--- The passes ----------------------------------------------------------===*/

/* The waits of every counter on the program as it stands, inserted; on
   failure those inserted after `mark` are erased. */
static bool placeAndEmitWaits(const AmdsyncFunctionRun *run, int mark) {
  const AmdsyncFrontEnd *fe = run->fe;
  AmdsyncProgram *p = run->program;
  run->stats->async_ops += p->async_ops.count;
  AmdsyncWaitResult r = amdsyncPlaceWaits(p, run->target, AMDSYNC_WAITS_ALL);
  int errors = *run->errors;
  bool ok = fe->emit_waits(run->fn, &r, run->stats) &&
            *run->errors == errors;
  if (ok)
    fe->erase_lowered(run->fn, &r, run->stats);
  else
    fe->erase_inserted_since(run->fn, mark); /* never half-waited */
  return ok;
}

/* The picture of `run`'s function (amdsync/picture.h) into the file its
   option names: the windows `ws`, the placement `r` (NULL: none stands)
   and the errors `log` recorded. An error at the function when the file
   cannot be written. */
static void writePicture(const AmdsyncFunctionRun *run,
                         const AmdsyncWindowSet *ws,
                         const AmdsyncPlacementResult *r,
                         const AmdsyncPictureLog *log) {
  AmdsyncProgram *p = run->program;
  const char *path = amdsyncPicturePath(p->arena, run->picture, run->name);
  AmdsyncPicture pic = {run->name, run->target->chip,
                        amdsyncEmitsSplit(p, run->target), ws, r, log,
                        &run->diag};
  FILE *f = fopen(path, "w");
  int error = f ? 0 : errno;
  bool ok = f && amdsyncPictureWrite(p, &pic, f);
  if (f && !ok)
    error = errno;
  if (f && fclose(f) != 0 && ok) {
    ok = false;
    error = errno;
  }
  amdsyncTrace(p->trace, AMDSYNC_TRACE_PIPELINE, "picture of @%s: %s%s",
               run->name ? run->name : "?", path, ok ? "" : " (failed)");
  if (ok)
    return;
  char msg[1200];
  snprintf(msg, sizeof msg, "amdsync: cannot write the picture '%.900s': %s",
           path, error ? strerror(error) : "write error");
  if (run->diag.error)
    run->diag.error(run->diag.ctx, run->origin, msg);
}

/*===--- The error limit ------------------------------------------------------===*/

/* The core's errors at one function in one step, `limit` of them
   forwarded and the rest held (counted, not reported): a kernel the
   analysis cannot order may have a window per pair of accesses (61,920
   errors on 89k lines of nested divergent `if`s, most of mlir-opt's time
   spent printing them). */
typedef struct {
  const AmdsyncDiagnostics *forward; /* first: amdsyncForwardRemark */
  int limit, shown, held;
} ErrorLimit;

static bool admitError(ErrorLimit *l) {
  if (l->shown < l->limit) {
    l->shown++;
    return true;
  }
  l->held++;
  return false;
}

static void limitError(void *ctx, void *origin, const char *message) {
  ErrorLimit *l = ctx;
  if (admitError(l) && l->forward->error)
    l->forward->error(l->forward->ctx, origin, message);
}

static void limitDivergent(void *ctx, void *origin, const char *message,
                           void *branch) {
  ErrorLimit *l = ctx;
  if (admitError(l))
    amdsyncReportDivergent(l->forward, origin, message, branch);
}

static void limitWithNotes(void *ctx, void *origin, const char *message,
                           int n, void *const *others,
                           const char *const *notes) {
  ErrorLimit *l = ctx;
  if (admitError(l))
    amdsyncReportWithNotes(l->forward, origin, message, n, others, notes);
}

static void limitExplain(void *ctx, AmdsyncExplainKind kind, const char *name,
                         void *origin, const char *message) {
  ErrorLimit *l = ctx;
  l->forward->explain(l->forward->ctx, kind, name, origin, message);
}

int amdsyncErrorLimitOf(int option) {
  return option == 0 ? AMDSYNC_DEFAULT_ERROR_LIMIT : option < 0 ? 0 : option;
}

/* `run`'s diagnostics with its error limit (none: as they are). */
static AmdsyncDiagnostics limitErrors(const AmdsyncFunctionRun *run,
                                      ErrorLimit *l) {
  const AmdsyncDiagnostics *d = &run->diag;
  *l = (ErrorLimit){d, run->error_limit, 0, 0};
  if (run->error_limit <= 0 || !d->error)
    return *d;
  return amdsyncForwarding(
      (AmdsyncDiagnostics){.ctx = l,
                           .error = limitError,
                           .divergent = limitDivergent,
                           .error_notes = limitWithNotes,
                           .explain = d->explain ? limitExplain : NULL},
      d);
}

/* The errors `l` held, said in one error at the function. That error
   counts as one of them in the front end's count (its error callback
   counted it); the others are added there, so that whatever the front end
   counts from it (`violations`) counts every error. */
static void reportHeld(const AmdsyncFunctionRun *run, const ErrorLimit *l) {
  if (l->held == 0)
    return;
  char msg[240];
  snprintf(msg, sizeof msg,
           "amdsync: %d more error%s at this function not shown "
           "(error-limit=%d; error-limit=0 shows them all)",
           l->held, l->held == 1 ? "" : "s", l->limit);
  l->forward->error(l->forward->ctx, run->origin, msg);
  *run->errors += l->held - 1;
}

/* The windows of `ws` by kind, and the pairs its proofs discharged. */
static void countWindows(AmdsyncStats *stats, const AmdsyncWindowSet *ws) {
  for (int i = 0; i < ws->count; ++i) {
    AmdsyncHazardKind k = ws->items[i].kind;
    stats->windows_raw += k == AMDSYNC_HAZARD_RAW;
    stats->windows_war += k == AMDSYNC_HAZARD_WAR;
    stats->windows_waw += k == AMDSYNC_HAZARD_WAW;
  }
  stats->discharged_thread_private +=
      ws->discharged_by[AMDSYNC_PROOF_THREAD_PRIVATE];
  stats->discharged_disjoint += ws->discharged_by[AMDSYNC_PROOF_DISJOINT];
  stats->discharged_listed += ws->discharged_by[AMDSYNC_PROOF_LISTED];
}

bool amdsyncRunBarriers(const AmdsyncFunctionRun *run, AmdsyncStrategy strategy,
                        int *placed, AmdsyncEmitted **keep) {
  const AmdsyncFrontEnd *fe = run->fe;
  AmdsyncProgram *p = run->program;
  assert(p->finalized);
  *placed = 0;
  /* With a picture, every error is recorded for it on its way to the
     limit. */
  ErrorLimit limit;
  AmdsyncDiagnostics limited = limitErrors(run, &limit);
  AmdsyncPictureLog log;
  memset(&log, 0, sizeof log);
  AmdsyncDiagnostics diag =
      run->picture ? amdsyncPictureRecorder(&log, p->arena, &limited)
                   : limited;
  bool ok = fe->same_bytes_errors(run->fn) == 0 &&
            amdsyncCheckInput(p, run->target, &diag) == 0 &&
            fe->complete_fences(run->fn, run->stats);
  Emitted *e = amdsyncArenaAlloc(p->arena, sizeof *e);
  AmdsyncWindowSet ws;
  AmdsyncPlacementResult r;
  memset(&ws, 0, sizeof ws);
  memset(&r, 0, sizeof r);
  bool analyzed = false, placed_all = false;
  if (ok) {
    *placed = amdsyncProgramBarrierCalls(p);
    amdsyncProgramSetExplain(p, run->diag.explain != NULL);
    ws = amdsyncAnalyzeHazards(p);
    analyzed = true;
    r = amdsyncPlace(p, &ws, strategy, &diag);
    amdsyncExplain(p, &ws, &r, &run->diag);
    run->stats->hazards += r.hazards;
    run->stats->already_ordered += r.already_met;
    countWindows(run->stats, &ws);
    placed_all = r.errors == 0;
    ok = placed_all && emitChecked(run, &r, e);
  }
  if (run->picture) {
    if (!analyzed) /* refused before its windows: drawn with them */
      ws = amdsyncAnalyzeHazards(p);
    writePicture(run, &ws, placed_all ? &r : NULL, &log);
  }
  reportHeld(run, &limit);
  ok = ok && *run->errors == 0;
  if (!ok)
    fe->erase_inserted_since(run->fn, 0); /* the function is as it was */
  if (keep)
    *keep = ok ? e : NULL;
  return ok;
}

/* The wait pass after the barrier pass, on its model as emitted: what a
   fresh translation of the function would hold, without one. A function
   without async transfers, marks or waits has nothing to wait for. */
bool amdsyncRunWaitsAsEmitted(const AmdsyncFunctionRun *run,
                              const AmdsyncEmitted *e) {
  AmdsyncProgram *p = run->program;
  if (!amdsyncProgramHasAsyncWork(p))
    return true;
  AmdsyncApplied *emitted = amdsyncProgramApplyEmission(p, &e->sched);
  AmdsyncApplied *published = amdsyncProgramApplyWaits(p, &e->publish);
  amdsyncTrace(p->trace, AMDSYNC_TRACE_PIPELINE,
               "waits on the model as emitted: %d op(s), %d publish wait(s)",
               e->sched.count, e->publish.count);
  bool ok = placeAndEmitWaits(run, *run->inserted);
  amdsyncProgramUnapply(p, published);
  amdsyncProgramUnapply(p, emitted);
  return ok;
}

bool amdsyncRunWaits(const AmdsyncFunctionRun *run) {
  assert(run->program->finalized);
  ErrorLimit limit;
  AmdsyncDiagnostics diag = limitErrors(run, &limit);
  int absent = amdsyncCheckTargetOps(run->program, run->target, &diag);
  reportHeld(run, &limit);
  if (absent > 0)
    return false;
  return placeAndEmitWaits(run, 0);
}

int amdsyncRunCheck(const AmdsyncFunctionRun *run) {
  assert(run->program->finalized);
  ErrorLimit limit;
  AmdsyncDiagnostics diag = limitErrors(run, &limit);
  /* IR with an operation the chip does not have is not correct for it,
     however it is ordered (llc cannot select it). */
  int absent = amdsyncCheckTargetOps(run->program, run->target, &diag);
  int errors = absent; /* its ordering is moot */
  if (absent == 0) {
    AmdsyncCheckResult r = amdsyncCheck(run->program, &diag);
    errors = amdsyncCheckErrors(&r);
  }
  reportHeld(run, &limit);
  return errors;
}

bool amdsyncRunRecheck(const AmdsyncFunctionRun *run, int placed) {
  AmdsyncProgram *p = run->program;
  if (amdsyncProgramBarrierCalls(p) <= placed)
    return true;
  ErrorLimit limit;
  AmdsyncDiagnostics diag = limitErrors(run, &limit);
  bool ok = amdsyncCheckInput(p, run->target, &diag) == 0;
  if (ok && p->barriers.count > 0) {
    AmdsyncCheckResult r = amdsyncCheck(p, &diag);
    ok = r.split_errors == 0 && r.divergent_barriers == 0;
  }
  reportHeld(run, &limit);
  return ok;
}
