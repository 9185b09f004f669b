/*===- driver.c - Emitting a placement, checked --------------------------===*
 *
 * See driver.h. Alternation of split signals and waits across loops and
 * regions is easy to get subtly wrong, so a placement whose signals moved
 * is checked once more as emitted; the fallback (each signal directly
 * before its wait) always alternates.
 *===----------------------------------------------------------------------===*/
#include "driver.h"

static bool emitWithWaits(const AmdsyncEmitter *e,
                          const AmdsyncPlacementResult *r, int mark) {
  if (e->emit(e->ctx, r) && e->publish_waits(e->ctx))
    return true;
  e->undo(e->ctx, mark); /* never half-synchronized */
  return false;
}

/* The checker on the model as `r` was emitted: the program the placement
   chose from, with a node for every op the front end inserted, in its
   order. No second translation; the model has no publish waits, so a
   function with async transfers is checked as it now is instead. */
static bool emittedChecksClean(const AmdsyncEmitter *e,
                               const AmdsyncPlacementResult *r) {
  AmdsyncProgram *p = e->program;
  if (!p || p->async_ops.count > 0)
    return e->checks_clean(e->ctx);
  AmdsyncEmitSchedule sched = amdsyncScheduleEmission(p, r, e->split);
  AmdsyncApplied *applied = amdsyncProgramApplyEmission(p, &sched);
  AmdsyncCheckResult c = amdsyncCheck(p, NULL);
  amdsyncProgramUnapply(p, applied);
  amdsyncTrace(p->trace, AMDSYNC_TRACE_SIGNALS,
               "signal check on the model as emitted: %s",
               amdsyncCheckErrors(&c) ? "fails, every signal falls back"
                                      : "clean");
  return amdsyncCheckErrors(&c) == 0;
}

bool amdsyncEmitChecked(const AmdsyncEmitter *e, AmdsyncPlacementResult *r) {
  int mark = e->mark(e->ctx);
  if (!emitWithWaits(e, r, mark))
    return false;
  bool moved = false;
  for (int i = 0; i < r->count; ++i)
    moved |= r->items[i].signal_gap >= 0 && !r->items[i].signal_fallback;
  if (!moved || emittedChecksClean(e, r))
    return true;
  e->undo(e->ctx, mark);
  amdsyncPlacementFallBack(r);
  return emitWithWaits(e, r, mark);
}
