/*===- placement.c - Choosing barrier positions ----------------------------===*
 *
 * The minimize strategy of spec/shared-memory-barrier-placements.txt
 * ("Minimize placement"): sort hazard windows by their right end (the
 * consumer), forward windows before loop-carried ones, and stab every
 * window not yet stabbed. Two generalisations for nested regions:
 *
 *  - a window is a set of gaps, not an interval; the stab goes to the gap
 *    with the lowest execution count (a barrier that can stand outside a
 *    loop does not go inside it), the latest such gap on the path (before
 *    the consumer, as the spec places it);
 *  - gaps in control flow that may diverge within the workgroup are never
 *    chosen (a barrier there hangs the GPU); a window with no other gap is
 *    an error naming both accesses.
 *
 * A final sweep drops any chosen barrier whose windows are all stabbed by
 * others, most expensive first, so the result is irredundant.
 *
 * The disjoint-interval strategy reuses those wait positions and chooses a
 * signal for each (see placeSignals).
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  AmdsyncProgram *p;
  const AmdsyncConstraintSet *cs;
  const AmdsyncDiagnostics *diag;
  bool *covered;    /* gap already ordered by an input barrier */
  bool *chosen;     /* gap chosen by this run */
  const AmdsyncConstraint **reason; /* per gap: first window needing it */
  int *order;       /* gaps in the order they were chosen */
  int norder;
} Placer;

/* Marks the gaps that the input's barriers already occupy. A barrier that is
   child k of a sequence lies on a window's path exactly when gap k+1 is in
   the window (gap k+1 is never a window's first gap, as child k is no
   access), so it is recorded at gap k+1. */
static void markInputBarriers(Placer *pl) {
  AmdsyncProgram *p = pl->p;
  for (int i = 0; i < p->barriers.count; ++i) {
    AmdsyncNode *b = p->barriers.items[i];
    bool orders = b->u.barrier.op == AMDSYNC_BARRIER_FULL ||
                  b->u.barrier.op == AMDSYNC_BARRIER_WAIT ||
                  (b->u.barrier.op == AMDSYNC_BARRIER_WAVE && p->single_wave);
    if (orders)
      pl->covered[b->parent->first_gap_id + b->index + 1] = true;
  }
}

static bool windowHit(const Placer *pl, const AmdsyncConstraint *c,
                      const bool *set) {
  for (int r = 0; r < c->nranges; ++r) {
    const AmdsyncGapRange *rg = &c->ranges[r];
    int ring = rg->seq->count + 1;
    for (int k = 0; k < rg->count; ++k)
      if (set[rg->seq->first_gap_id + (rg->first + k) % ring])
        return true;
  }
  (void)pl;
  return false;
}

/* The cheapest legal gap of a window, latest on the path among equals;
   -1 when every gap may diverge. */
static int bestGap(const Placer *pl, const AmdsyncConstraint *c) {
  int best = -1;
  double best_w = 0;
  for (int r = 0; r < c->nranges; ++r) {
    const AmdsyncGapRange *rg = &c->ranges[r];
    if (amdsyncSeqMayDiverge(rg->seq))
      continue;
    double w = amdsyncSeqWeight(rg->seq);
    int ring = rg->seq->count + 1;
    for (int k = 0; k < rg->count; ++k) {
      int gap = rg->seq->first_gap_id + (rg->first + k) % ring;
      if (best < 0 || w <= best_w) {
        best = gap;
        best_w = w;
      }
    }
  }
  (void)pl;
  return best;
}

static void describe(const AmdsyncDiagnostics *diag, void *origin, char *buf,
                     int size) {
  if (diag && diag->describe)
    diag->describe(diag->ctx, origin, buf, size);
  else
    snprintf(buf, (size_t)size, "an LDS access");
}

static void reportUnplaceable(const Placer *pl, const AmdsyncConstraint *c) {
  const AmdsyncDiagnostics *diag = pl->diag;
  if (!diag || !diag->error)
    return;
  char pd[256], cd[256], msg[768];
  describe(diag, c->producer->origin, pd, sizeof pd);
  describe(diag, c->consumer->origin, cd, sizeof cd);
  const char *res = pl->p->resources[c->producer->u.access.resource].name;
  snprintf(msg, sizeof msg,
           "amdsync: cannot order %s hazard on %s: every position between %s "
           "and %s is in control flow that may diverge within the workgroup "
           "(a barrier there could hang)",
           amdsyncHazardName(c->kind), res, pd, cd);
  diag->error(diag->ctx, c->consumer->origin, msg);
  snprintf(msg, sizeof msg,
           "amdsync: cannot order %s hazard on %s: this access conflicts "
           "with %s and no barrier may be placed between them outside "
           "divergent control flow",
           amdsyncHazardName(c->kind), res, cd);
  diag->error(diag->ctx, c->producer->origin, msg);
}

/* Window processing order: forward windows by consumer position, then
   loop-carried ones by consumer position (the spec's two sweeps). */
static int windowOrder(const void *x, const void *y) {
  const AmdsyncConstraint *a = *(const AmdsyncConstraint *const *)x;
  const AmdsyncConstraint *b = *(const AmdsyncConstraint *const *)y;
  int ca = a->carrier != NULL, cb = b->carrier != NULL;
  if (ca != cb)
    return ca - cb;
  if (a->consumer->pos != b->consumer->pos)
    return a->consumer->pos < b->consumer->pos ? -1 : 1;
  if (a->producer->pos != b->producer->pos)
    return a->producer->pos > b->producer->pos ? -1 : 1;
  return 0;
}

/* Drops chosen gaps whose every window is stabbed by another gap. */
static void removeRedundant(Placer *pl, const AmdsyncConstraint **open,
                            int nopen) {
  AmdsyncProgram *p = pl->p;
  int *hits = calloc((size_t)(nopen ? nopen : 1), sizeof(int));
  for (int i = 0; i < nopen; ++i)
    for (int g = 0; g < pl->norder; ++g)
      if (amdsyncConstraintHasGap(p, open[i], pl->order[g]))
        hits[i]++;
  /* Most expensive first; among equals, the latest chosen first. */
  for (int pass = pl->norder - 1; pass >= 0; --pass) {
    int pick = -1;
    double pick_w = -1;
    for (int g = pl->norder - 1; g >= 0; --g) {
      int gap = pl->order[g];
      if (gap < 0)
        continue;
      double w = amdsyncSeqWeight(amdsyncGapSeq(p, gap));
      if (w > pick_w) {
        pick = g;
        pick_w = w;
      }
    }
    if (pick < 0)
      break;
    int gap = pl->order[pick];
    bool needed = false;
    for (int i = 0; i < nopen && !needed; ++i)
      if (hits[i] == 1 && amdsyncConstraintHasGap(p, open[i], gap))
        needed = true;
    if (!needed) {
      for (int i = 0; i < nopen; ++i)
        if (amdsyncConstraintHasGap(p, open[i], gap))
          hits[i]--;
      pl->chosen[gap] = false;
    }
    pl->order[pick] = -1 - gap; /* visited; decoded below */
  }
  for (int g = 0; g < pl->norder; ++g)
    pl->order[g] = -1 - pl->order[g];
  free(hits);
}

/* Split barriers: chooses the signal of the wait at `wait_gap`: the latest
   gap that still follows, on every path, each producer whose windows this
   wait closes (spec: "for each chosen wait, pick the closest feasible
   signal"). Falls back to the wait's own gap when such a gap is not in the
   wait's sequence (the spec's two fallback cases). */
static int placeSignal(const Placer *pl, const AmdsyncConstraint **open,
                       int nopen, int wait_gap, bool *fallback) {
  AmdsyncProgram *p = pl->p;
  AmdsyncSeq *s = amdsyncGapSeq(p, wait_gap);
  int w = wait_gap - s->first_gap_id;
  int earliest = 0; /* earliest legal signal index in s, inclusive */
  bool any = false;
  for (int i = 0; i < nopen; ++i) {
    const AmdsyncConstraint *c = open[i];
    if (!amdsyncConstraintHasGap(p, c, wait_gap))
      continue;
    /* This wait closes c only if no other chosen wait precedes it within c:
       approximate by requiring the signal after c's producer. */
    const AmdsyncGapRange *rg = NULL;
    for (int r = 0; r < c->nranges; ++r)
      if (c->ranges[r].seq == s)
        rg = &c->ranges[r];
    if (!rg || c->carrier) {
      *fallback = true;
      return wait_gap;
    }
    /* The run of c in s that contains the wait starts at the producer's
       side: the signal may go anywhere from rg->first up to the wait. */
    int ring = s->count + 1;
    int off = ((w - rg->first) % ring + ring) % ring;
    if (rg->first + off != w) {
      *fallback = true; /* wraps around a back edge */
      return wait_gap;
    }
    if (!any || rg->first > earliest)
      earliest = rg->first;
    any = true;
  }
  if (!any) {
    *fallback = true;
    return wait_gap;
  }
  /* Every other wait of this sequence must not sit between the signal and
     its wait (pairs do not tangle). */
  for (int g = earliest; g < w; ++g)
    if (pl->chosen[s->first_gap_id + g] || pl->covered[s->first_gap_id + g])
      earliest = g + 1;
  *fallback = false;
  return s->first_gap_id + earliest;
}

AmdsyncPlacementResult amdsyncPlace(AmdsyncProgram *p,
                                    const AmdsyncConstraintSet *cs,
                                    AmdsyncStrategy strategy,
                                    const AmdsyncDiagnostics *diag) {
  AmdsyncPlacementResult res;
  memset(&res, 0, sizeof res);
  amdsyncProgramFinalize(p);
  Placer pl = {p, cs, diag, NULL, NULL, NULL, NULL, 0};
  size_t ng = (size_t)(p->ngaps ? p->ngaps : 1);
  pl.covered = amdsyncArenaAlloc(p->arena, ng * sizeof(bool));
  pl.chosen = amdsyncArenaAlloc(p->arena, ng * sizeof(bool));
  pl.reason = amdsyncArenaAlloc(p->arena, ng * sizeof(void *));
  pl.order = amdsyncArenaAlloc(p->arena, ng * sizeof(int));
  markInputBarriers(&pl);

  res.hazards = cs->count;
  const AmdsyncConstraint **open = amdsyncArenaAlloc(
      p->arena, (size_t)(cs->count ? cs->count : 1) * sizeof(void *));
  int nopen = 0;
  for (int i = 0; i < cs->count; ++i) {
    if (windowHit(&pl, &cs->items[i], pl.covered))
      res.already_met++;
    else
      open[nopen++] = &cs->items[i];
  }
  qsort(open, (size_t)nopen, sizeof(open[0]), windowOrder);

  for (int i = 0; i < nopen; ++i) {
    const AmdsyncConstraint *c = open[i];
    if (windowHit(&pl, c, pl.chosen))
      continue;
    int gap = bestGap(&pl, c);
    if (gap < 0) {
      res.errors++;
      reportUnplaceable(&pl, c);
      continue;
    }
    pl.chosen[gap] = true;
    pl.reason[gap] = c;
    pl.order[pl.norder++] = gap;
  }
  if (res.errors)
    return res;
  removeRedundant(&pl, open, nopen);

  res.items = amdsyncArenaAlloc(
      p->arena, (size_t)(pl.norder ? pl.norder : 1) * sizeof(AmdsyncPlacement));
  for (int g = 0; g < pl.norder; ++g) {
    int gap = pl.order[g];
    if (!pl.chosen[gap])
      continue;
    AmdsyncPlacement *pc = &res.items[res.count++];
    pc->gap = gap;
    pc->reason = pl.reason[gap];
    pc->signal_gap = -1;
    if (strategy == AMDSYNC_STRATEGY_DISJOINT) {
      bool fb = false;
      pc->signal_gap = placeSignal(&pl, open, nopen, gap, &fb);
      pc->signal_fallback = fb;
      res.fallbacks += fb;
    }
  }
  return res;
}
