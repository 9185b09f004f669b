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

static bool windowHit(const AmdsyncConstraint *c, const bool *set) {
  for (int r = 0; r < c->nranges; ++r) {
    const AmdsyncGapRange *rg = &c->ranges[r];
    int ring = rg->seq->count + 1;
    for (int k = 0; k < rg->count; ++k)
      if (set[rg->seq->first_gap_id + (rg->first + k) % ring])
        return true;
  }
  return false;
}

/* The cheapest legal gap of a window, latest on the path among equals;
   -1 when every gap may diverge. */
static int bestGap(const AmdsyncProgram *p, const AmdsyncConstraint *c) {
  int best = -1;
  double best_w = 0;
  for (int r = 0; r < c->nranges; ++r) {
    const AmdsyncGapRange *rg = &c->ranges[r];
    /* In a one-wave workgroup the ordering points are free compiler-level
       points that no wave waits at: they may diverge (brief §1). */
    if (!p->single_wave && amdsyncSeqMayDiverge(rg->seq))
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

/*===--- Disjoint interval: choosing signals --------------------------------===*/

/* True when `n` is a barrier, or holds one, or holds a chosen gap. */
static bool holdsSync(const Placer *pl, const AmdsyncNode *n);

static bool seqHoldsSync(const Placer *pl, const AmdsyncSeq *s) {
  for (int g = 0; g <= s->count; ++g)
    if (pl->chosen[s->first_gap_id + g])
      return true;
  for (int i = 0; i < s->count; ++i)
    if (holdsSync(pl, s->children[i]))
      return true;
  return false;
}

static bool holdsSync(const Placer *pl, const AmdsyncNode *n) {
  switch (n->kind) {
  case AMDSYNC_NODE_ACCESS:
  case AMDSYNC_NODE_MARK:
  case AMDSYNC_NODE_WAIT:
  case AMDSYNC_NODE_POINT:
    return false;
  case AMDSYNC_NODE_BARRIER:
    return true;
  case AMDSYNC_NODE_LOOP:
    return seqHoldsSync(pl, n->u.loop.body);
  case AMDSYNC_NODE_BRANCH:
    for (int a = 0; a < n->u.branch.narms; ++a)
      if (seqHoldsSync(pl, n->u.branch.arms[a]))
        return true;
    return false;
  }
  return false;
}

/* Index of the child of `s` that is or contains `n`, or -1. */
static int childIndexIn(const AmdsyncSeq *s, const AmdsyncNode *n) {
  for (const AmdsyncNode *x = n; x && x->parent; x = x->parent->owner)
    if (x->parent == s)
      return x->index;
  return -1;
}

static int mod(int x, int m) { return ((x % m) + m) % m; }

/* Chooses the signal of the wait at `pc->gap` (spec: "for each chosen wait,
   pick the closest feasible signal", i.e. as early as legal after the last
   producer the wait orders), in the wait's own sequence S:
    - never before the start, within S, of any window the wait stabs (the
      signal must follow every producer it publishes);
    - never before another wait or a child holding synchronization between
      it and the wait (pairs must not tangle);
    - in a `for` body, a window that wraps the back edge puts the signal
      late in the previous iteration: the loop then gets a signal peeled
      before it and a wait after it (alternation on entry and exit);
      elsewhere the signal stops at the start of S.
   When the signal ends up at the wait's own gap without a producer right
   before it, it falls back to directly before the wait (the spec's two
   fallback cases: no earlier producer, or one in another region). */
static void placeSignal(const Placer *pl, const AmdsyncConstraint **open,
                        int nopen, AmdsyncPlacement *pc) {
  AmdsyncProgram *p = pl->p;
  AmdsyncSeq *s = amdsyncGapSeq(p, pc->gap);
  const int w = pc->gap - s->first_gap_id;
  const int ring = s->count + 1;
  const AmdsyncNode *owner = s->owner;
  const bool loop_body = owner && owner->kind == AMDSYNC_NODE_LOOP;

  int back = ring; /* steps back from w that every window allows */
  bool any = false;
  for (int i = 0; i < nopen; ++i) {
    const AmdsyncConstraint *c = open[i];
    for (int r = 0; r < c->nranges; ++r) {
      const AmdsyncGapRange *rg = &c->ranges[r];
      if (rg->seq != s)
        continue;
      int off = mod(w - rg->first, ring);
      if (off >= rg->count)
        continue; /* this run of c does not hold the wait */
      if (off < back)
        back = off;
      any = true;
    }
  }
  if (!any)
    back = 0;
  if (!loop_body && back > w)
    back = w;
  int lower = w - back; /* negative: the previous iteration */

  /* Obstacles between lower and w, nearest to w first. */
  bool after_wait = false;
  for (int x = w - 1; x >= lower; --x) {
    int child = mod(x, ring); /* child between unwrapped gaps x and x+1 */
    if (child < s->count && holdsSync(pl, s->children[child])) {
      lower = x + 1;
      break;
    }
    if (x > lower && pl->chosen[s->first_gap_id + mod(x, ring)]) {
      lower = x;
      after_wait = true;
      break;
    }
  }
  if (lower < 0) {
    bool peelable = loop_body && owner->u.loop.exit_after_gap == s->count;
    if (peelable) {
      pc->peel_loop = (AmdsyncNode *)owner;
      lower += ring;
    } else {
      lower = 0;
    }
  }
  pc->signal_gap = s->first_gap_id + lower;
  pc->signal_after_wait = after_wait;
  if (lower != w || pc->peel_loop)
    return;
  /* Signal at the wait's own gap: right after the producer if the child
     before the gap is (or holds) one, else the fallback. */
  bool producer_before = false;
  for (int i = 0; i < nopen && w > 0 && !producer_before; ++i)
    if (amdsyncConstraintHasGap(p, open[i], pc->gap) &&
        childIndexIn(s, open[i]->producer) == w - 1)
      producer_before = true;
  pc->signal_fallback = !producer_before && !after_wait;
}

/*===--- Emission schedule ------------------------------------------------------===*/

static int emitOrder(const void *x, const void *y) {
  const AmdsyncEmitOp *a = x, *b = y;
  if (a->gap != b->gap)
    return a->gap < b->gap ? -1 : 1;
  if (a->after_previous != b->after_previous)
    return a->after_previous ? -1 : 1;
  if (a->rank != b->rank)
    return a->rank < b->rank ? -1 : 1;
  return a->seq < b->seq ? -1 : (a->seq > b->seq);
}

AmdsyncEmitSchedule amdsyncScheduleEmission(AmdsyncProgram *p,
                                            const AmdsyncPlacementResult *r,
                                            bool split) {
  AmdsyncEmitSchedule sched = {NULL, 0};
  sched.items = amdsyncArenaAlloc(
      p->arena, (size_t)(4 * r->count + 1) * sizeof(AmdsyncEmitOp));
  bool *has_wait = amdsyncArenaAlloc(p->arena, (size_t)(p->ngaps + 1));
  for (int i = 0; i < r->count; ++i)
    has_wait[r->items[i].gap] = true;
#define PUSH(g, after, k, rk, pc_)                                             \
  do {                                                                         \
    AmdsyncEmitOp *op_ = &sched.items[sched.count];                            \
    op_->gap = (g);                                                            \
    op_->after_previous = (after);                                             \
    op_->kind = (k);                                                           \
    op_->rank = (rk);                                                          \
    op_->seq = sched.count;                                                    \
    op_->placement = (pc_);                                                    \
    sched.count++;                                                             \
  } while (0)
  for (int i = 0; i < r->count; ++i) {
    const AmdsyncPlacement *pc = &r->items[i];
    if (!split) {
      PUSH(pc->gap, false, AMDSYNC_EMIT_BARRIER, 1, pc);
      continue;
    }
    PUSH(pc->gap, false, AMDSYNC_EMIT_WAIT, 1, pc);
    int sg = pc->signal_gap < 0 ? pc->gap : pc->signal_gap;
    if (pc->signal_fallback || pc->signal_gap < 0)
      PUSH(sg, false, AMDSYNC_EMIT_SIGNAL, 0, pc);
    else if (pc->signal_after_wait || (sg != pc->gap && has_wait[sg]))
      PUSH(sg, false, AMDSYNC_EMIT_SIGNAL, 2, pc);
    else
      PUSH(sg, true, AMDSYNC_EMIT_SIGNAL, 1, pc);
    if (pc->peel_loop) {
      const AmdsyncNode *L = pc->peel_loop;
      int before_loop = L->parent->first_gap_id + L->index;
      PUSH(before_loop, false, AMDSYNC_EMIT_SIGNAL, 3, pc);
      PUSH(before_loop + 1, true, AMDSYNC_EMIT_WAIT, 0, pc);
    }
  }
#undef PUSH
  qsort(sched.items, (size_t)sched.count, sizeof(AmdsyncEmitOp), emitOrder);
  return sched;
}

AmdsyncPlacementResult amdsyncPlace(AmdsyncProgram *p,
                                    const AmdsyncConstraintSet *cs,
                                    AmdsyncStrategy strategy,
                                    const AmdsyncDiagnostics *diag) {
  AmdsyncPlacementResult res;
  memset(&res, 0, sizeof res);
  amdsyncProgramFinalize(p);
  Placer pl = {p, diag, NULL, NULL, NULL, NULL, 0};
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
    if (windowHit(&cs->items[i], pl.covered))
      res.already_met++;
    else
      open[nopen++] = &cs->items[i];
  }
  qsort(open, (size_t)nopen, sizeof(open[0]), windowOrder);

  for (int i = 0; i < nopen; ++i) {
    const AmdsyncConstraint *c = open[i];
    if (windowHit(c, pl.chosen))
      continue;
    int gap = bestGap(p, c);
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
    pc->signal_fallback = false;
    pc->signal_after_wait = false;
    pc->peel_loop = NULL;
    if (strategy == AMDSYNC_STRATEGY_DISJOINT) {
      placeSignal(&pl, open, nopen, pc);
      res.fallbacks += pc->signal_fallback;
    }
  }
  return res;
}
