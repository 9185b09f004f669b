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

bool amdsyncEmitChecked(const AmdsyncEmitter *e, AmdsyncPlacementResult *r) {
  int mark = e->mark(e->ctx);
  if (!emitWithWaits(e, r, mark))
    return false;
  bool moved = false;
  for (int i = 0; i < r->count; ++i)
    moved |= r->items[i].signal_gap >= 0 && !r->items[i].signal_fallback;
  if (!moved || e->checks_clean(e->ctx))
    return true;
  e->undo(e->ctx, mark);
  amdsyncPlacementFallBack(r);
  return emitWithWaits(e, r, mark);
}
