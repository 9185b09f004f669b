/*===- pipeline.c - The steps of a pass on one function ------------------===*
 *
 * See pipeline.h. Alternation of split signals and waits across loops and
 * regions is easy to get subtly wrong, so a placement whose signals moved
 * is checked once more as emitted; the fallback (each signal directly
 * before its wait) always alternates.
 *===----------------------------------------------------------------------===*/
#include "pipeline.h"

#include <assert.h>

/*===--- Emission, checked -------------------------------------------------===*/

static bool emitWithWaits(const AmdsyncFunctionRun *run,
                          const AmdsyncPlacementResult *r, int mark) {
  const AmdsyncFrontEnd *fe = run->fe;
  if (fe->emit(run->fn, r, run->stats) &&
      (run->program->async_ops.count == 0 ||
       fe->publish_waits(run->fn, run->stats)))
    return true;
  fe->erase_inserted_since(run->fn, mark); /* never half-synchronized */
  return false;
}

/* The checker on the model as `r` was emitted: the program the placement
   chose from, with a node for every op the front end inserted, in its
   order. No second translation; the model has no publish waits, so a
   function with async transfers is checked as it now is instead. */
static bool emittedChecksClean(const AmdsyncFunctionRun *run,
                               const AmdsyncPlacementResult *r) {
  AmdsyncProgram *p = run->program;
  if (p->async_ops.count > 0)
    return run->fe->checks_clean(run->fn);
  AmdsyncEmitSchedule sched =
      amdsyncScheduleEmission(p, r, amdsyncEmitsSplit(p, run->target));
  AmdsyncApplied *applied = amdsyncProgramApplyEmission(p, &sched);
  AmdsyncCheckResult c = amdsyncCheck(p, NULL);
  amdsyncProgramUnapply(p, applied);
  amdsyncTrace(p->trace, AMDSYNC_TRACE_SIGNALS,
               "signal check on the model as emitted: %s",
               amdsyncCheckErrors(&c) ? "fails, every signal falls back"
                                      : "clean");
  return amdsyncCheckErrors(&c) == 0;
}

/* Emits `r` with its publish waits; on failure nothing of it stays. May
   turn moved signals into fallbacks (amdsyncPlacementFallBack). */
static bool emitChecked(const AmdsyncFunctionRun *run,
                        AmdsyncPlacementResult *r) {
  const AmdsyncFrontEnd *fe = run->fe;
  AmdsyncStats saved = *run->stats;
  int mark = fe->inserted(run->fn);
  if (!emitWithWaits(run, r, mark)) {
    *run->stats = saved;
    return false;
  }
  bool moved = false;
  for (int i = 0; i < r->count; ++i)
    moved |= r->items[i].signal_gap >= 0 && !r->items[i].signal_fallback;
  if (!moved || emittedChecksClean(run, r))
    return true;
  fe->erase_inserted_since(run->fn, mark);
  *run->stats = saved;
  amdsyncPlacementFallBack(r);
  return emitWithWaits(run, r, mark);
}

/*===--- The passes ----------------------------------------------------------===*/

bool amdsyncRunBarriers(const AmdsyncFunctionRun *run, AmdsyncStrategy strategy,
                        int *placed) {
  const AmdsyncFrontEnd *fe = run->fe;
  AmdsyncProgram *p = run->program;
  assert(p->finalized);
  *placed = 0;
  bool ok = fe->same_bytes_errors(run->fn) == 0 &&
            amdsyncCheckInput(p, run->target, &run->diag) == 0 &&
            fe->complete_fences(run->fn, run->stats);
  if (ok) {
    *placed = amdsyncProgramBarrierCalls(p);
    AmdsyncWindowSet ws = amdsyncAnalyzeHazards(p);
    AmdsyncPlacementResult r = amdsyncPlace(p, &ws, strategy, &run->diag);
    run->stats->hazards += r.hazards;
    run->stats->already_ordered += r.already_met;
    ok = r.errors == 0 && emitChecked(run, &r);
  }
  ok = ok && fe->errors(run->fn) == 0;
  if (!ok)
    fe->erase_inserted_since(run->fn, 0); /* the function is as it was */
  return ok;
}

bool amdsyncRunWaits(const AmdsyncFunctionRun *run) {
  const AmdsyncFrontEnd *fe = run->fe;
  AmdsyncProgram *p = run->program;
  assert(p->finalized);
  run->stats->async_ops += p->async_ops.count;
  AmdsyncWaitResult r = amdsyncPlaceWaits(p, run->target, AMDSYNC_WAITS_ALL);
  bool ok = fe->emit_waits(run->fn, &r, run->stats) && fe->errors(run->fn) == 0;
  if (ok)
    fe->erase_lowered(run->fn, &r, run->stats);
  else
    fe->erase_inserted_since(run->fn, 0); /* never half-waited */
  return ok;
}

int amdsyncRunCheck(const AmdsyncFunctionRun *run) {
  assert(run->program->finalized);
  AmdsyncCheckResult r = amdsyncCheck(run->program, &run->diag);
  return amdsyncCheckErrors(&r);
}

bool amdsyncRunRecheck(const AmdsyncFunctionRun *run, int placed) {
  AmdsyncProgram *p = run->program;
  if (amdsyncProgramBarrierCalls(p) <= placed)
    return true;
  if (amdsyncCheckInput(p, run->target, &run->diag) > 0)
    return false;
  if (p->barriers.count == 0)
    return true;
  AmdsyncCheckResult r = amdsyncCheck(p, &run->diag);
  return r.split_errors == 0 && r.divergent_barriers == 0;
}
