/*===- placement.c - Choosing barrier positions ----------------------------===*
 *
 * The minimize strategy of spec/shared-memory-barrier-placements.txt
 * ("Minimize placement"): sort hazard windows by their right end (the
 * consumer), forward windows before loop-carried ones, and stab every
 * window not yet stabbed. On the control-flow graph:
 *
 *  - a window is a list of gaps, latest first; the stab goes to the gap
 *    with the lowest execution weight (a barrier that can stand outside a
 *    loop does not go inside it), the latest among equals (before the
 *    consumer, as the spec places it);
 *  - gaps in control flow that may diverge within the workgroup are never
 *    chosen (a barrier there hangs the GPU), except for the free ordering
 *    points of a one-wave workgroup; a window with no legal gap is an error
 *    naming both accesses.
 *
 * A final sweep drops any chosen barrier whose windows are all stabbed by
 * others, most expensive first, so the result is irredundant.
 *
 * The disjoint-interval strategy keeps those wait positions and moves each
 * signal as early as legal (placeSignal).
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  AmdsyncProgram *p;
  AmdsyncCfg *g;
  const AmdsyncDiagnostics *diag;
  bool wave;                         /* placing wave-level ordering points */
  /* Per gap, read once from its block (bestGap runs over every gap of
     every unstabbed window: a block per gap was a cache miss per gap). */
  double *gap_weight;
  /* The weight additions compare (bestAddition): half of gap_weight in a
     block that runs on some iterations of its loop only, or on some runs
     of the function only (an arm of a branch): the block weights count
     every arm as often as the branch, so two arms' gaps would seem to
     cost twice the gap before the branch where each path runs one. */
  double *path_weight;
  bool *gap_ok;                      /* amdsyncCfgGapPlaceable for `wave` */
  bool *chosen;                      /* gap chosen by this run */
  const AmdsyncWindow **reason;  /* per gap: first window needing it */
  int *order;                        /* gaps in the order they were chosen */
  int norder;
  /* Per chosen gap, the windows that contain it (after the greedy):
     hit_window[hit_start[gap] .. hit_start[gap + 1]), one array for all
     (a list per gap threaded through one array cost a cache miss per
     window on deep nests). */
  int *hit_start, *hit_window;
  int nhits;
} Placer;

static bool windowHit(const AmdsyncWindow *c, const bool *set) {
  for (int i = 0; i < c->ngaps; ++i)
    if (set[c->gaps[i]])
      return true;
  return false;
}

/* The cheapest legal gap of a window, latest on the path among equals;
   -1 when none may hold a barrier. */
static int bestGap(const Placer *pl, const AmdsyncWindow *c) {
  int best = -1;
  double best_w = 0;
  for (int i = 0; i < c->ngaps; ++i) {
    int gap = c->gaps[i];
    assert(pl->gap_ok[gap] == amdsyncCfgGapPlaceable(pl->g, gap, pl->wave));
    if (!pl->gap_ok[gap])
      continue;
    double w = pl->gap_weight[gap];
    if (best < 0 || w < best_w) {
      best = gap;
      best_w = w;
    }
  }
  return best;
}


static void reportUnplaceable(const Placer *pl, const AmdsyncWindow *c) {
  const AmdsyncDiagnostics *diag = pl->diag;
  if (!diag || !diag->error)
    return;
  char pd[256], cd[256], why[400], msg[1400];
  amdsyncDescribeOrigin(diag, c->producer->origin, pd, sizeof pd);
  amdsyncDescribeOrigin(diag, c->consumer->origin, cd, sizeof cd);
  const char *res = pl->p->resources[c->producer->u.access.resource].name;
  amdsyncIndexDescribeMeeting(pl->p, c->producer, c->consumer, why, sizeof why);
  /* Why no gap of the window may take it. */
  bool open = false;
  for (int i = 0; i < c->ngaps && pl->g->gap_open; ++i)
    open |= pl->g->gap_open[c->gaps[i]];
  const char *where =
      open ? "is in control flow that may diverge or between a split "
             "barrier signal of the input and its wait, where a barrier would "
             "be a second signal in a row (order them before the signal or "
             "after the wait in the input)"
      : c->wave_local ? "is in control flow that may diverge, where a "
                        "wave-level ordering point does not order the lanes "
                        "that skip it"
                      : "is in control flow that may diverge within the "
                        "workgroup (a barrier there could hang)";
  snprintf(msg, sizeof msg,
           "amdsync: cannot order %s hazard on %s: every position between %s "
           "and %s %s%s",
           amdsyncHazardName(c->kind), res, pd, cd, where, why);
  char note[600];
  snprintf(note, sizeof note,
           "amdsync: cannot order %s hazard on %s: this access conflicts "
           "with %s and no barrier may be placed between them outside "
           "divergent control flow",
           amdsyncHazardName(c->kind), res, cd);
  AmdsyncNode **producers;
  int n = amdsyncWindowProducers(pl->p, c, &producers);
  void **others = amdsyncArenaAlloc(pl->p->arena, sizeof(void *) * (size_t)(n + 1));
  const char **notes =
      amdsyncArenaAlloc(pl->p->arena, sizeof(char *) * (size_t)(n + 1));
  for (int i = 0; i < n; ++i) {
    others[i] = producers[i]->origin;
    notes[i] = note;
  }
  amdsyncReportWithNotes(diag, c->consumer->origin, msg, n,
                         (void *const *)others, notes);
}

/* Position of an op for the sweep: reverse post-order of its block, then
   its index (unreachable blocks last). */
static long opPosition(const AmdsyncNode *n) {
  long r = n->block->rpo < 0 ? 0x7fffffffL : n->block->rpo;
  return r * 0x100000L + n->bindex;
}

/* Window processing order: forward windows by consumer position, then
   loop-carried ones by consumer position (the spec's two sweeps), a later
   producer first. qsort here is glibc's merge sort, which keeps equal
   windows in the set's order; sortWindows relies on that order too. */
static int windowOrder(const void *x, const void *y) {
  const AmdsyncWindow *a = *(const AmdsyncWindow *const *)x;
  const AmdsyncWindow *b = *(const AmdsyncWindow *const *)y;
  int ca = a->carrier >= 0, cb = b->carrier >= 0;
  if (ca != cb)
    return ca - cb;
  long pa = opPosition(a->consumer), pb = opPosition(b->consumer);
  if (pa != pb)
    return pa < pb ? -1 : 1;
  pa = opPosition(a->producer);
  pb = opPosition(b->producer);
  if (pa != pb)
    return pa > pb ? -1 : 1;
  return 0;
}

/* `open` = the windows of `cs` in windowOrder, equal ones in the set's
   order. The sweep often makes them in that order already: a check first
   (no memory), a sort only when not. */
static void sortWindows(const AmdsyncWindowSet *cs, const AmdsyncWindow **open) {
  int n = cs->count;
  bool sorted = true;
  for (int i = 0; i < n; ++i) {
    open[i] = &cs->items[i];
    sorted = sorted && (i == 0 || windowOrder(&open[i - 1], &open[i]) <= 0);
  }
  if (!sorted)
    qsort(open, (size_t)n, sizeof(open[0]), windowOrder);
}

/* Records, for every chosen gap, the windows that contain it: counted,
   then placed (hit_start is the running sum of the counts). */
static void indexHits(Placer *pl, const AmdsyncWindow **open, int nopen,
                      int *hits) {
  int ng = pl->g->ngaps;
  pl->hit_start = calloc((size_t)ng + 2, sizeof(int));
  if (!pl->hit_start)
    abort();
  long total = 0;
  for (int w = 0; w < nopen; ++w) {
    hits[w] = 0;
    for (int i = 0; i < open[w]->ngaps; ++i)
      if (pl->chosen[open[w]->gaps[i]]) {
        pl->hit_start[open[w]->gaps[i] + 2]++;
        hits[w]++;
      }
    total += hits[w];
  }
  if (total > INT_MAX)
    abort();
  /* hit_start[gap + 2] holds gap's count: summed, hit_start[gap + 1] is
     where gap's windows start; filling moves it to where they end. */
  for (int gap = 0; gap < ng; ++gap)
    pl->hit_start[gap + 2] += pl->hit_start[gap + 1];
  pl->nhits = (int)total;
  pl->hit_window = malloc(((size_t)total + 1) * sizeof(int));
  if (!pl->hit_window)
    abort();
  for (int w = 0; w < nopen; ++w)
    for (int i = 0; i < open[w]->ngaps; ++i)
      if (pl->chosen[open[w]->gaps[i]])
        pl->hit_window[pl->hit_start[open[w]->gaps[i] + 1]++] = w;
  assert(pl->hit_start[ng] == pl->nhits);
}

typedef struct {
  double weight;
  int index; /* in choice order */
} Visit;

static int visitOrder(const void *x, const void *y) {
  const Visit *a = x, *b = y;
  if (a->weight != b->weight)
    return a->weight > b->weight ? -1 : 1;
  return b->index - a->index;
}

/* How many gaps removeRedundant tries to add in search of a cheaper
   placement (each rebuilds the index of hits); past it the placement
   stands. */
enum { kMaxAdditions = 8 };

/* The search for additions (removeRedundant): per gap, whether it was
   rejected as one, and scratch that is all 0 between calls of
   bestAddition (`gain`, `count`) or only written (`touched`). */
typedef struct {
  bool *rejected;
  double *gain;
  int *count;
  int *touched;
} AdditionSearch;

/* The gap whose addition frees the chosen gaps of the greatest weight
   beyond its own: gap h frees chosen gap g when it lies in every window
   only g stabs (`hits`: per window, its chosen gaps). -1 when none gains.
   The greedy takes each window's cheapest gap in turn, so it can choose
   several gaps where one would do (a window that would have forced that
   one, dropped by the analysis, no longer does). */
static int bestAddition(const Placer *pl, const AmdsyncWindow **open,
                        const int *hits, AdditionSearch *as) {
  double *gain = as->gain;
  int *count = as->count, *touched = as->touched;
  int ntouched = 0;
  for (int i = 0; i < pl->norder; ++i) {
    int g = pl->order[i];
    if (!pl->chosen[g])
      continue;
    int nsole = 0;
    const AmdsyncWindow *first = NULL;
    for (int h = pl->hit_start[g]; h < pl->hit_start[g + 1]; ++h) {
      if (hits[pl->hit_window[h]] != 1)
        continue;
      const AmdsyncWindow *c = open[pl->hit_window[h]];
      first = first ? first : c;
      nsole++;
      for (int k = 0; k < c->ngaps; ++k)
        count[c->gaps[k]]++;
    }
    for (int k = 0; first && k < first->ngaps; ++k) {
      int x = first->gaps[k];
      if (count[x] == nsole && !pl->chosen[x] && pl->gap_ok[x] &&
          !as->rejected[x]) {
        if (gain[x] == 0)
          touched[ntouched++] = x;
        gain[x] += pl->path_weight[g];
      }
    }
    for (int h = pl->hit_start[g]; h < pl->hit_start[g + 1]; ++h)
      if (hits[pl->hit_window[h]] == 1) {
        const AmdsyncWindow *c = open[pl->hit_window[h]];
        for (int k = 0; k < c->ngaps; ++k)
          count[c->gaps[k]] = 0;
      }
  }
  int best = -1;
  double best_net = 0;
  for (int i = 0; i < ntouched; ++i) {
    int x = touched[i];
    double net = gain[x] - pl->path_weight[x];
    if (net > best_net + 1e-9 || (best >= 0 && net >= best_net && x > best)) {
      best = x;
      best_net = net;
    }
    gain[x] = 0;
  }
  return best;
}

/* The summed path weight of the chosen gaps. */
static double chosenWeight(const Placer *pl) {
  double w = 0;
  for (int i = 0; i < pl->norder; ++i)
    if (pl->chosen[pl->order[i]])
      w += pl->path_weight[pl->order[i]];
  return w;
}

/* Drops chosen gaps whose every window is stabbed by another gap, most
   expensive first (the latest chosen first among equals), all but `keep`
   (-1: none); with `search`, returns bestAddition's gap over what remains
   (else -1). */
static int dropRedundant(Placer *pl, const AmdsyncWindow **open, int nopen,
                         int keep, AdditionSearch *search) {
  free(pl->hit_start);
  free(pl->hit_window);
  pl->hit_start = pl->hit_window = NULL;
  int *hits = malloc(((size_t)nopen + 1) * sizeof(int));
  indexHits(pl, open, nopen, hits);
  /* Visit order: by weight, descending; the latest chosen first among
     equals. */
  Visit *visit = malloc(((size_t)pl->norder + 1) * sizeof(Visit));
  for (int i = 0; i < pl->norder; ++i) {
    visit[i].weight = pl->gap_weight[pl->order[i]];
    visit[i].index = i;
  }
  qsort(visit, (size_t)pl->norder, sizeof(Visit), visitOrder);
  for (int i = 0; i < pl->norder; ++i) {
    int gap = pl->order[visit[i].index];
    if (!pl->chosen[gap] || gap == keep)
      continue;
    bool needed = false;
    for (int h = pl->hit_start[gap]; h < pl->hit_start[gap + 1] && !needed;
         ++h)
      needed = hits[pl->hit_window[h]] == 1;
    if (needed)
      continue;
    for (int h = pl->hit_start[gap]; h < pl->hit_start[gap + 1]; ++h)
      hits[pl->hit_window[h]]--;
    pl->chosen[gap] = false;
    amdsyncTrace(pl->p->trace, AMDSYNC_TRACE_PLACEMENT,
                 "drop gap %d: every window it stabs has another stab", gap);
  }
  int best = search ? bestAddition(pl, open, hits, search) : -1;
  free(visit);
  free(hits);
  return best;
}

/* Makes `gap` chosen, for window `why` (its place in the order kept when
   it was chosen before and dropped). */
static void choose(Placer *pl, int gap, const AmdsyncWindow *why) {
  pl->chosen[gap] = true;
  if (!pl->reason[gap])
    pl->reason[gap] = why;
  for (int i = 0; i < pl->norder; ++i)
    if (pl->order[i] == gap)
      return;
  pl->order[pl->norder++] = gap;
}

/* Whether gap `gap` lies in a loop strictly inside loop `outer` (-1: the
   function, outside every loop). */
static bool gapInsideLoop(const AmdsyncCfg *g, int gap, int outer) {
  int L = amdsyncCfgGapBlock(g, gap)->loop;
  if (L < 0 || L == outer)
    return false;
  return outer < 0 || amdsyncCfgLoopWithin(g, L, outer);
}

/* Whether a `freed` gap of `b` lies at an index in [from, until). */
static bool freedIn(const AmdsyncBlock *b, int from, int until,
                    const bool *freed) {
  for (int k = from; k < until; ++k)
    if (freed[b->first_gap + k])
      return true;
  return false;
}

/* Whether adding gap `add` in place of the `freed` gaps can make no run
   execute more barriers: either every freed gap lies in a loop strictly
   inside `add`'s (a barrier moved out of loops, which the weights favour
   when the loops iterate), or every path from `add` passes a freed gap
   before it reaches `add` again or leaves the function (so each execution
   of `add` is paid for by one of a freed gap). Arms of one branch are
   not summed: two freed gaps in exclusive arms fail the second test on a
   path through neither. */
static bool additionSafe(const Placer *pl, int add, const bool *freed,
                         const int *freed_list, int nfreed) {
  const AmdsyncCfg *g = pl->g;
  const AmdsyncBlock *hb = amdsyncCfgGapBlock(g, add);
  int hk = add - hb->first_gap;
  bool outside = true;
  for (int i = 0; i < nfreed && outside; ++i)
    outside = gapInsideLoop(g, freed_list[i], hb->loop);
  if (outside)
    return true;
  if (freedIn(hb, hk + 1, hb->nops + 1, freed))
    return true;
  bool *seen = calloc((size_t)g->nblocks + 1, sizeof(bool));
  int *stack = malloc(((size_t)g->nblocks + 1) * sizeof(int));
  if (!seen || !stack)
    abort();
  int sp = 0;
  bool safe = hb->nsucc > 0;
  for (int k = 0; k < hb->nsucc; ++k)
    if (!seen[hb->succ[k]->id]) {
      seen[hb->succ[k]->id] = true;
      stack[sp++] = hb->succ[k]->id;
    }
  while (sp > 0 && safe) {
    const AmdsyncBlock *b = g->blocks[stack[--sp]];
    if (b == hb) {
      safe = freedIn(b, 0, hk, freed);
      continue;
    }
    if (freedIn(b, 0, b->nops + 1, freed))
      continue;
    if (b->nsucc == 0)
      safe = false;
    for (int k = 0; k < b->nsucc; ++k)
      if (!seen[b->succ[k]->id]) {
        seen[b->succ[k]->id] = true;
        stack[sp++] = b->succ[k]->id;
      }
  }
  free(seen);
  free(stack);
  return safe;
}

/* Drops redundant stabs (dropRedundant), then, up to kMaxAdditions times,
   adds the gap that frees the most weight and drops again, keeping the
   result only when the chosen weight went down and the addition is safe
   for every run (additionSafe). */
static void removeRedundant(Placer *pl, const AmdsyncWindow **open,
                            int nopen) {
  size_t ng = (size_t)pl->g->ngaps + 1;
  bool *before = malloc(ng * sizeof(bool));
  bool *freed = calloc(ng, sizeof(bool));
  int *freed_list = malloc(ng * sizeof(int));
  AdditionSearch as = {calloc(ng, sizeof(bool)), calloc(ng, sizeof(double)),
                       calloc(ng, sizeof(int)), malloc(ng * sizeof(int))};
  if (!before || !freed || !freed_list || !as.rejected || !as.gain ||
      !as.count || !as.touched)
    abort();
  for (int round = 0;; ++round) {
    int add = dropRedundant(pl, open, nopen, -1,
                            round < kMaxAdditions ? &as : NULL);
    if (add < 0)
      break;
    double weight = chosenWeight(pl);
    int norder = pl->norder;
    for (int i = 0; i < pl->norder; ++i)
      before[i] = pl->chosen[pl->order[i]];
    const AmdsyncWindow *why = NULL;
    for (int w = 0; w < nopen && !why; ++w)
      for (int k = 0; k < open[w]->ngaps && !why; ++k)
        why = open[w]->gaps[k] == add ? open[w] : NULL;
    bool had_reason = pl->reason[add] != NULL;
    choose(pl, add, why);
    dropRedundant(pl, open, nopen, add, NULL);
    int nfreed = 0;
    for (int i = 0; i < norder; ++i)
      if (before[i] && !pl->chosen[pl->order[i]]) {
        freed[pl->order[i]] = true;
        freed_list[nfreed++] = pl->order[i];
      }
    bool safe = additionSafe(pl, add, freed, freed_list, nfreed);
    for (int i = 0; i < nfreed; ++i)
      freed[freed_list[i]] = false;
    if (safe && chosenWeight(pl) < weight - 1e-9) {
      amdsyncTrace(pl->p->trace, AMDSYNC_TRACE_PLACEMENT,
                   "add gap %d (weight %g): the placement weighs %g, was %g",
                   add, pl->path_weight[add], chosenWeight(pl), weight);
      continue;
    }
    /* No gain, or not safe: back to the placement before, and on to the
       next candidate. */
    pl->chosen[add] = false;
    if (!had_reason)
      pl->reason[add] = NULL;
    for (int i = 0; i < norder; ++i)
      pl->chosen[pl->order[i]] = before[i];
    pl->norder = norder;
    as.rejected[add] = true;
  }
  free(before);
  free(freed);
  free(freed_list);
  free(as.rejected);
  free(as.gain);
  free(as.count);
  free(as.touched);
}

/*===--- Disjoint interval: choosing signals --------------------------------===*/

/* True when block `b` holds synchronization: an input barrier, a call that
   may hold one, or a gap chosen for a wait. */
static bool blockHoldsSync(const Placer *pl, const AmdsyncBlock *b) {
  for (int k = 0; k < b->nops; ++k)
    if (amdsyncNodeMaySynchronize(b->ops[k]))
      return true;
  for (int k = 0; k <= b->nops; ++k)
    if (pl->chosen[b->first_gap + k])
      return true;
  return false;
}

enum { kRegionLimit = 256 };

/* True when no block strictly between `x` (which dominates `w` and which
   `w` post-dominates) and `w` holds synchronization: the blocks reached
   backward from `w` before `x`. Too large a region counts as holding some. */
static bool regionFree(const Placer *pl, const AmdsyncBlock *x,
                       const AmdsyncBlock *w) {
  int stack[kRegionLimit], seen[kRegionLimit], nseen = 0, sp = 0;
  for (int k = 0; k < w->npred; ++k)
    if (w->pred[k] != x) {
      if (sp == kRegionLimit)
        return false;
      stack[sp++] = w->pred[k]->id;
    }
  while (sp) {
    int y = stack[--sp];
    bool dup = false;
    for (int i = 0; i < nseen && !dup; ++i)
      dup = seen[i] == y;
    if (dup)
      continue;
    if (nseen == kRegionLimit)
      return false;
    seen[nseen++] = y;
    const AmdsyncBlock *b = pl->g->blocks[y];
    if (b->rpo < 0)
      continue;
    if (blockHoldsSync(pl, b))
      return false;
    for (int k = 0; k < b->npred; ++k)
      if (b->pred[k] != x) {
        if (sp == kRegionLimit)
          return false;
        stack[sp++] = b->pred[k]->id;
      }
  }
  return true;
}

/* The block of loop `L` whose end closes an iteration: the source of L's
   only back edge, or of the model-only blocks before it. NULL: none such. */
static const AmdsyncBlock *iterationEnd(const AmdsyncCfg *g, int L) {
  const AmdsyncBlock *h = g->blocks[g->loops[L].header];
  const AmdsyncBlock *latch = NULL;
  for (int k = 0; k < h->npred; ++k)
    if (amdsyncCfgLoopWithin(g, h->pred[k]->loop, L)) {
      if (latch)
        return NULL;
      latch = h->pred[k];
    }
  while (latch && !latch->placeable && latch->nops == 0 && latch->npred == 1 &&
         amdsyncCfgLoopWithin(g, latch->pred[0]->loop, L) && latch != h)
    latch = latch->pred[0];
  return latch && latch->placeable ? latch : NULL;
}

/* Peels loop `L` for the placement `pc` when it has one preheader ending
   in a placeable gap and exits that each start a placeable block entered
   only from the loop. */
static bool peelLoop(const Placer *pl, int L, AmdsyncPlacement *pc) {
  const AmdsyncCfg *g = pl->g;
  if (g->loops[L].nheaders != 1)
    return false;
  const AmdsyncBlock *h = g->blocks[g->loops[L].header];
  const AmdsyncBlock *pre = NULL;
  for (int k = 0; k < h->npred; ++k)
    if (!amdsyncCfgLoopWithin(g, h->pred[k]->loop, L)) {
      if (pre)
        return false;
      pre = h->pred[k];
    }
  if (!pre || pre->nsucc != 1 || !pre->placeable || pre->divergent)
    return false;
  int nexits = 0;
  int *exits = amdsyncArenaAlloc(pl->p->arena, 8 * sizeof(int));
  for (int i = 0; i < g->nreachable; ++i) {
    const AmdsyncBlock *b = g->blocks[g->rpo_order[i]];
    if (!amdsyncCfgLoopWithin(g, b->loop, L))
      continue;
    for (int k = 0; k < b->nsucc; ++k) {
      const AmdsyncBlock *e = b->succ[k];
      if (amdsyncCfgLoopWithin(g, e->loop, L))
        continue;
      if (e->npred != 1 || !e->placeable || e->divergent || nexits == 8)
        return false;
      exits[nexits++] = e->first_gap;
    }
  }
  pc->peel_signal_gap = pre->first_gap + pre->nops;
  pc->peel_wait_gaps = exits;
  pc->npeel_waits = nexits;
  return true;
}

/* Chooses the signal of the wait at `pc->gap` (spec: "for each chosen wait,
   pick the closest feasible signal", i.e. as early as legal after the last
   producer the wait orders): walking up the gaps that dominate the wait,
   in blocks the wait post-dominates and in the same loop (so each signal
   meets its wait exactly once), while the gap lies in every window the
   wait stabs (after every producer it publishes) and no synchronization
   lies between (pairs never tangle). A signal that stays at the wait's own
   gap goes right after the producer when the op before the gap is one;
   otherwise it falls back to directly before the wait (the spec's two
   fallback cases: no earlier producer, or one in another region). */
/* Adds `delta` to the count of every gap of every window holding `gap`. */
static int countWindowGaps(const Placer *pl, const AmdsyncWindow **open,
                           int gap, int *in_count, int delta) {
  int nwin = 0;
  for (int h = pl->hit_start[gap]; h < pl->hit_start[gap + 1]; ++h) {
    const AmdsyncWindow *c = open[pl->hit_window[h]];
    nwin++;
    for (int i = 0; i < c->ngaps; ++i)
      in_count[c->gaps[i]] += delta;
  }
  return nwin;
}

static void placeSignal(const Placer *pl, const AmdsyncWindow **open,
                        int *in_count, AmdsyncPlacement *pc) {
  const AmdsyncCfg *g = pl->g;
  /* Mark the gaps of every window the wait stabs. */
  const int stamp_base = 0;
  int nwin = countWindowGaps(pl, open, pc->gap, in_count, 1);
  const AmdsyncBlock *wb = amdsyncCfgGapBlock(g, pc->gap);
  const AmdsyncBlock *blk = wb;
  int k = amdsyncCfgGapIndex(g, pc->gap);
  int signal = pc->gap;
  bool after_wait = false;
  AmdsyncSignalStop stop = AMDSYNC_SIGNAL_CONTROL;
  const AmdsyncNode *stop_at = NULL;
  /* Once the loop is peeled: where the signal stood at the top, and
     whether it has since moved past an op or IR work (a peel that gains
     neither is undone below). */
  int peel_from = -1;
  bool peel_gains = false;
  for (;;) {
    /* Try the gap before op k-1 (crossing that op). */
    if (k > 0) {
      const AmdsyncNode *op = blk->ops[k - 1];
      int cand = blk->first_gap + k - 1;
      stop_at = op;
      if (amdsyncNodeMaySynchronize(op)) {
        stop = AMDSYNC_SIGNAL_SYNC;
        /* Right after a barrier or wait of the input: after its acquire
           fence, as after a wait of ours (a review found the signal
           between an input wait and its fence: the checker rejected it). */
        after_wait = op->kind == AMDSYNC_NODE_BARRIER;
        break;
      }
      if (in_count[cand] - stamp_base != nwin) {
        stop = AMDSYNC_SIGNAL_AT_PRODUCER;
        break;
      }
      if (!amdsyncCfgGapPlaceable(g, cand, false)) {
        stop = AMDSYNC_SIGNAL_DIVERGENT;
        break;
      }
      if (cand == pc->gap)
        break; /* around the loop back to the wait itself */
      signal = cand;
      k--;
      peel_gains |= peel_from >= 0; /* it moved past op k */
      if (pl->chosen[cand]) {
        after_wait = true; /* share the gap, right after that wait */
        stop = AMDSYNC_SIGNAL_OTHER_WAIT;
        break;
      }
      continue;
    }
    /* At the block's start: step to the immediate dominator's end, or, at
       the top of the wait's loop iteration, to the end of the previous
       iteration (peeling the loop). */
    stop_at = NULL;
    if (blk->idom < 0) {
      stop = AMDSYNC_SIGNAL_ENTRY;
      break;
    }
    const AmdsyncBlock *x = g->blocks[blk->idom];
    int L = wb->loop;
    bool top = L >= 0 && pc->peel_signal_gap < 0 &&
               (blk->heads == L ||
                (x->heads == L && !x->placeable && x->nops == 0));
    if (top) {
      const AmdsyncBlock *end = iterationEnd(g, L);
      int cand = end ? end->first_gap + end->nops : -1;
      if (!end || cand == pc->gap || in_count[cand] - stamp_base != nwin ||
          !amdsyncCfgGapPlaceable(g, cand, false) || pl->chosen[cand] ||
          !peelLoop(pl, L, pc))
        break;
      peel_from = signal;
      peel_gains = amdsyncCfgGapHasWork(g, cand);
      signal = cand;
      blk = end;
      k = end->nops;
      continue;
    }
    if (!amdsyncCfgPostDominates(g, wb->id, x->id) || x->loop != wb->loop ||
        blk->heads >= 0 || !regionFree(pl, x, blk))
      break;
    int cand = x->first_gap + x->nops;
    if (in_count[cand] - stamp_base != nwin) {
      stop = AMDSYNC_SIGNAL_AT_PRODUCER;
      break;
    }
    if (!amdsyncCfgGapPlaceable(g, cand, false)) {
      stop = AMDSYNC_SIGNAL_DIVERGENT;
      break;
    }
    signal = cand;
    peel_gains |= peel_from >= 0 && amdsyncCfgGapHasWork(g, cand);
    blk = x;
    k = x->nops;
    if (pl->chosen[cand]) {
      after_wait = true;
      stop = AMDSYNC_SIGNAL_OTHER_WAIT;
      break;
    }
  }
  /* A peel costs a completion per loop entry (the wait after the loop); a
     signal that then moved past no op of the model and no IR work the
     front end noted (amdsyncBlockNoteWork) overlaps only the back edge,
     and stays where it stood at the top of the iteration. */
  if (pc->peel_signal_gap >= 0 && !peel_gains) {
    pc->peel_signal_gap = -1;
    pc->peel_wait_gaps = NULL;
    pc->npeel_waits = 0;
    signal = peel_from;
    stop = AMDSYNC_SIGNAL_CONTROL;
    stop_at = NULL;
    after_wait = false;
  }
  pc->signal_stop = stop;
  pc->signal_stop_at = stop_at;
  pc->signal_gap = signal;
  pc->signal_after_wait = after_wait;
  countWindowGaps(pl, open, pc->gap, in_count, -1);
  if (signal != pc->gap || pc->peel_signal_gap >= 0)
    return;
  /* Signal at the wait's own gap: right after the producer if the op
     before the gap is one, else the fallback. */
  int wk = amdsyncCfgGapIndex(g, pc->gap);
  bool producer_before = false;
  for (int h = pl->hit_start[pc->gap];
       h < pl->hit_start[pc->gap + 1] && wk > 0 && !producer_before; ++h)
    producer_before = open[pl->hit_window[h]]->producer == wb->ops[wk - 1];
  pc->signal_fallback = !producer_before;
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

static void pushEmit(AmdsyncEmitSchedule *s, int gap, bool after,
                     AmdsyncEmitKind kind, int rank,
                     const AmdsyncPlacement *pc) {
  AmdsyncEmitOp *op = &s->items[s->count];
  op->gap = gap;
  op->after_previous = after;
  op->kind = kind;
  op->rank = rank;
  op->seq = s->count;
  op->placement = pc;
  op->origin = NULL;
  s->count++;
}

AmdsyncEmitSchedule amdsyncScheduleEmission(AmdsyncProgram *p,
                                            const AmdsyncPlacementResult *r,
                                            bool split) {
  AmdsyncEmitSchedule sched = {NULL, 0};
  int n = 1;
  for (int i = 0; i < r->count; ++i)
    n += 3 + r->items[i].npeel_waits;
  sched.items = amdsyncArenaAlloc(p->arena, (size_t)n * sizeof(AmdsyncEmitOp));
  bool *has_wait = amdsyncArenaAlloc(p->arena, (size_t)p->cfg->ngaps + 1);
  for (int i = 0; i < r->count; ++i)
    has_wait[r->items[i].gap] |= !r->items[i].wave;
  for (int i = 0; i < r->count; ++i) {
    const AmdsyncPlacement *pc = &r->items[i];
    if (!split || pc->wave) {
      pushEmit(&sched, pc->gap, false, AMDSYNC_EMIT_BARRIER, 1, pc);
      continue;
    }
    pushEmit(&sched, pc->gap, false, AMDSYNC_EMIT_WAIT, 1, pc);
    int sg = pc->signal_gap < 0 ? pc->gap : pc->signal_gap;
    if (pc->signal_fallback || pc->signal_gap < 0)
      pushEmit(&sched, sg, false, AMDSYNC_EMIT_SIGNAL, 0, pc);
    else if (pc->signal_after_wait || (sg != pc->gap && has_wait[sg]))
      pushEmit(&sched, sg, false, AMDSYNC_EMIT_SIGNAL, 2, pc);
    else
      pushEmit(&sched, sg, true, AMDSYNC_EMIT_SIGNAL, 1, pc);
    if (pc->peel_signal_gap >= 0) {
      pushEmit(&sched, pc->peel_signal_gap, false, AMDSYNC_EMIT_SIGNAL, 3, pc);
      for (int k = 0; k < pc->npeel_waits; ++k)
        pushEmit(&sched, pc->peel_wait_gaps[k], true, AMDSYNC_EMIT_WAIT, 0, pc);
    }
  }
  qsort(sched.items, (size_t)sched.count, sizeof(AmdsyncEmitOp), emitOrder);
  return sched;
}

/* Whether block `b` runs on every iteration of its innermost loop (it
   dominates every source of the loop's back edges) or, outside loops, on
   every run of the function (it post-dominates the entry). Every block of
   an irreducible cycle counts as running every time (which block an
   iteration starts at depends on the entry). */
static bool runsEveryTime(const AmdsyncCfg *g, const AmdsyncBlock *b) {
  if (b->loop < 0)
    return amdsyncCfgPostDominates(g, b->id, g->rpo_order[0]);
  if (g->loops[b->loop].nheaders != 1)
    return true; /* a cycle of several entries: no block is its first */
  const AmdsyncBlock *h = g->blocks[g->loops[b->loop].header];
  for (int k = 0; k < h->npred; ++k)
    if (amdsyncCfgLoopWithin(g, h->pred[k]->loop, b->loop) &&
        !amdsyncCfgDominates(g, b->id, h->pred[k]->id))
      return false;
  return true;
}

static void placerInit(Placer *pl, AmdsyncProgram *p,
                       const AmdsyncDiagnostics *diag, bool wave) {
  memset(pl, 0, sizeof *pl);
  pl->p = p;
  pl->g = p->cfg;
  pl->diag = diag;
  pl->wave = wave;
  amdsyncMarkOpenGaps(p);
  size_t ng = (size_t)pl->g->ngaps + 1;
  pl->gap_weight = amdsyncArenaAlloc(p->arena, ng * sizeof(double));
  pl->path_weight = amdsyncArenaAlloc(p->arena, ng * sizeof(double));
  pl->gap_ok = amdsyncArenaAlloc(p->arena, ng * sizeof(bool));
  /* Weights are the block's: a block's gaps are first_gap .. + nops. */
  for (int i = 0; i < pl->g->nblocks; ++i) {
    const AmdsyncBlock *b = pl->g->blocks[i];
    double path = b->weight * (runsEveryTime(pl->g, b) ? 1 : 0.5);
    for (int gap = b->first_gap; gap <= b->first_gap + b->nops; ++gap) {
      assert(amdsyncCfgGapBlock(pl->g, gap) == b);
      pl->gap_weight[gap] = b->weight;
      pl->path_weight[gap] = path;
      pl->gap_ok[gap] = amdsyncCfgGapPlaceable(pl->g, gap, wave);
    }
  }
  pl->chosen = amdsyncArenaAlloc(p->arena, ng * sizeof(bool));
  pl->reason = amdsyncArenaAlloc(p->arena, ng * sizeof(void *));
  pl->order = amdsyncArenaAlloc(p->arena, ng * sizeof(int));
}

static void placerFree(Placer *pl) {
  free(pl->hit_start);
  free(pl->hit_window);
  pl->hit_start = pl->hit_window = NULL;
}

/* The greedy over `open` (in windowOrder), then the redundancy sweep;
   returns the windows no legal gap stabs (each reported). */
static int stabAll(Placer *pl, const AmdsyncWindow **open, int nopen) {
  int errors = 0;
  for (int i = 0; i < nopen; ++i) {
    const AmdsyncWindow *c = open[i];
    if (windowHit(c, pl->chosen))
      continue;
    int gap = bestGap(pl, c);
    if (gap < 0) {
      errors++;
      reportUnplaceable(pl, c);
      continue;
    }
    pl->chosen[gap] = true;
    pl->reason[gap] = c;
    pl->order[pl->norder++] = gap;
    amdsyncTrace(pl->p->trace, AMDSYNC_TRACE_PLACEMENT,
                 "stab gap %d (block %d, weight %g) with %s for %s window "
                 "access #%d -> access #%d%s",
                 gap, amdsyncCfgGapBlock(pl->g, gap)->id, pl->gap_weight[gap],
                 pl->wave ? "an ordering point" : "a barrier",
                 amdsyncHazardName(c->kind), c->producer->id, c->consumer->id,
                 c->merged ? " (merged producers)" : "");
  }
  if (!errors)
    removeRedundant(pl, open, nopen);
  return errors;
}

/* The next placement of `res`: `pl`'s choice of `gap` (no signal yet). */
static AmdsyncPlacement *placementAt(AmdsyncPlacementResult *res,
                                     const Placer *pl, int gap) {
  AmdsyncPlacement *pc = &res->items[res->count++];
  memset(pc, 0, sizeof *pc);
  pc->gap = gap;
  pc->reason = pl->reason[gap];
  pc->wave = pl->wave;
  pc->signal_gap = -1;
  pc->peel_signal_gap = -1;
  return pc;
}

/* Two rounds: barriers for the windows only a barrier orders, then
   wave-level ordering points for the wave-local windows that no barrier
   of the first round stabs (a barrier orders every pair; an ordering
   point costs nothing, so the barriers are chosen as if it did not
   exist). In a one-wave workgroup every window is wave-local. */
AmdsyncPlacementResult amdsyncPlace(AmdsyncProgram *p,
                                    const AmdsyncWindowSet *cs,
                                    AmdsyncStrategy strategy,
                                    const AmdsyncDiagnostics *diag) {
  AmdsyncPlacementResult res;
  memset(&res, 0, sizeof res);
  amdsyncProgramFinalize(p);
  Placer pl, pw;
  placerInit(&pl, p, diag, false);
  placerInit(&pw, p, diag, true);
  size_t ng = (size_t)pl.g->ngaps + 1;

  res.hazards = cs->count + cs->implied + cs->already_ordered;
  res.already_met = cs->already_ordered;
  int nopen = cs->count;
  const AmdsyncWindow **open = amdsyncArenaAlloc(
      p->arena, (size_t)(nopen ? nopen : 1) * sizeof(void *));
  sortWindows(cs, open);
  /* Barrier windows first in `open`, wave-local ones after (each in
     windowOrder). */
  const AmdsyncWindow **wave_open = amdsyncArenaAlloc(
      p->arena, (size_t)(nopen ? nopen : 1) * sizeof(void *));
  int nfull = 0, nwave = 0;
  for (int i = 0; i < nopen; ++i)
    if (open[i]->wave_local)
      wave_open[nwave++] = open[i];
    else
      open[nfull++] = open[i];

  res.errors = stabAll(&pl, open, nfull);
  /* Wave-local windows a barrier stabs go after the barrier windows in
     `open` (a split barrier's signal must stay after their producers too);
     the rest get ordering points. */
  int nleft = 0, nsig = nfull;
  for (int i = 0; i < nwave; ++i)
    if (!windowHit(wave_open[i], pl.chosen))
      wave_open[nleft++] = wave_open[i];
    else
      open[nsig++] = wave_open[i];
  res.errors += stabAll(&pw, wave_open, nleft);
  if (res.errors) {
    placerFree(&pl);
    placerFree(&pw);
    return res;
  }

  res.items = amdsyncArenaAlloc(
      p->arena,
      (size_t)(pl.norder + pw.norder ? pl.norder + pw.norder : 1) *
          sizeof(AmdsyncPlacement));
  int *in_count = NULL;
  if (strategy == AMDSYNC_STRATEGY_DISJOINT) {
    in_count = calloc(ng, sizeof(int));
    /* The windows each chosen barrier stabs, those ordering points were
       spared included: placeSignal keeps the signal within them all. */
    int *hits = malloc(((size_t)nsig + 1) * sizeof(int));
    placerFree(&pl);
    indexHits(&pl, open, nsig, hits);
    free(hits);
  }
  for (int i = 0; i < pl.norder; ++i) {
    if (!pl.chosen[pl.order[i]])
      continue;
    AmdsyncPlacement *pc = placementAt(&res, &pl, pl.order[i]);
    if (in_count) {
      placeSignal(&pl, open, in_count, pc);
      res.fallbacks += pc->signal_fallback;
      amdsyncTrace(p->trace, AMDSYNC_TRACE_SIGNALS,
                   "wait at gap %d: signal %s gap %d%s%s", pc->gap,
                   pc->signal_fallback ? "falls back to directly before it, "
                                       : "at",
                   pc->signal_gap < 0 ? pc->gap : pc->signal_gap,
                   pc->signal_after_wait ? ", right after another wait" : "",
                   pc->peel_signal_gap >= 0 ? ", loop peeled" : "");
    }
  }
  for (int i = 0; i < pw.norder; ++i)
    if (pw.chosen[pw.order[i]])
      placementAt(&res, &pw, pw.order[i]);
  for (int i = 0; i < res.count; ++i)
    res.items[i].windows = cs;
  free(in_count);
  placerFree(&pl);
  placerFree(&pw);
  return res;
}

void amdsyncPlacementFallBack(AmdsyncPlacementResult *r) {
  r->fallbacks = 0;
  for (int i = 0; i < r->count; ++i) {
    AmdsyncPlacement *pc = &r->items[i];
    pc->signal_fallback = pc->signal_gap >= 0;
    r->fallbacks += pc->signal_fallback;
    pc->signal_gap = -1;
    pc->signal_after_wait = false;
    pc->peel_signal_gap = -1; /* a signal before its wait needs no peel */
    pc->npeel_waits = 0;
  }
}

/* Appends "<kind> hazard on <resource> between <producer> and <consumer>"
   of window `c` to `buf` (`*len` its length so far). */
static void appendWindow(const AmdsyncProgram *p, const AmdsyncWindow *c,
                         const AmdsyncDiagnostics *diag, const char *lead,
                         char *buf, size_t size, size_t *len) {
  char pd[256] = "an access", cd[256] = "an access";
  if (diag && diag->describe) {
    diag->describe(diag->ctx, c->producer->origin, pd, sizeof pd);
    diag->describe(diag->ctx, c->consumer->origin, cd, sizeof cd);
  }
  if (*len >= size)
    return;
  int n = snprintf(buf + *len, size - *len, "%s%s%s hazard on %s between %s and %s",
                   lead, c->carrier >= 0 ? "loop-carried " : "",
                   amdsyncHazardName(c->kind),
                   p->resources[c->producer->u.access.resource].name, pd, cd);
  if (n > 0)
    *len += (size_t)n;
}

bool amdsyncPlacementOrders(const AmdsyncProgram *p, const AmdsyncPlacement *pc,
                            const AmdsyncWindow *c) {
  if (pc->wave && !c->wave_local)
    return false;
  if (!amdsyncWindowHasGap(p, c, pc->gap))
    return false;
  return pc->signal_gap < 0 || pc->signal_gap == pc->gap ||
         amdsyncWindowHasGap(p, c, pc->signal_gap);
}

enum { kRemarkScanLimit = 4096 };

int amdsyncPlacementOrderedWindows(const AmdsyncProgram *p,
                                   const AmdsyncPlacement *pc,
                                   const AmdsyncWindow ***out, bool *complete) {
  *out = NULL;
  *complete = !pc->windows || pc->windows->count <= kRemarkScanLimit;
  if (!pc->reason)
    return 0;
  int scan = *complete && pc->windows ? pc->windows->count : 0;
  const AmdsyncWindow **w =
      amdsyncArenaAlloc(p->arena, sizeof *w * (size_t)(scan + 1));
  int n = 0;
  w[n++] = pc->reason;
  for (int i = 0; i < scan; ++i) {
    const AmdsyncWindow *c = &pc->windows->items[i];
    if (c != pc->reason && amdsyncPlacementOrders(p, pc, c))
      w[n++] = c;
  }
  *out = w;
  return n;
}

void amdsyncPlacementReason(const AmdsyncProgram *p,
                            const AmdsyncPlacement *pc, const char *what,
                            const AmdsyncDiagnostics *diag, char *buf,
                            size_t size) {
  buf[0] = '\0';
  const AmdsyncWindow **w;
  bool complete;
  int n = amdsyncPlacementOrderedWindows(p, pc, &w, &complete);
  if (n == 0 || size < 64)
    return;
  /* Room kept for "; and N more". */
  size_t room = size - 32, len = 0;
  int k = snprintf(buf, room, "amdsync: %s orders ", what);
  len = k > 0 ? (size_t)k : 0;
  appendWindow(p, w[0], diag, "", buf, room, &len);
  if (!complete) {
    snprintf(buf + len, size - len,
             "; and possibly others of the function's %d windows",
             pc->windows->count);
    return;
  }
  int more = 0;
  for (int i = 1; i < n; ++i) {
    size_t before = len;
    appendWindow(p, w[i], diag, "; and ", buf, room, &len);
    if (len >= room) { /* did not fit: cut it, count it */
      len = before;
      buf[len] = '\0';
      more++;
    }
  }
  if (more)
    snprintf(buf + len, size - len, "; and %d more", more);
}

bool amdsyncStrategyParse(const char *name, const AmdsyncTarget *t,
                          AmdsyncStrategy *out) {
  if (!name || !*name) {
    *out = t->barrier == AMDSYNC_BARRIER_SPLIT ? AMDSYNC_STRATEGY_DISJOINT
                                                : AMDSYNC_STRATEGY_MINIMIZE;
    return true;
  }
  if (strcmp(name, "minimize") == 0 || strcmp(name, "disjoint") == 0) {
    *out = name[0] == 'm' ? AMDSYNC_STRATEGY_MINIMIZE : AMDSYNC_STRATEGY_DISJOINT;
    return true;
  }
  return false;
}
