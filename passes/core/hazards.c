/*===- hazards.c - Hazard windows on the control-flow graph ----------------===*
 *
 * Implements the analysis of spec/shared-memory-barrier-placements.txt
 * ("Analysis": a window between a producer and a consumer, loop-carried
 * windows when the path wraps around a loop) on the control-flow graph,
 * generating only the windows that matter.
 *
 * Nearest producers. A forward data flow carries, per point, the accesses
 * not yet ordered by a barrier, and an access kills the earlier ones it
 * covers (amdsyncAccessCovers: every consumer that conflicts with the
 * earlier one conflicts with it; equal keys, or an access of unknown
 * memory that reads and writes at least as much): on a path through both,
 * a barrier that orders the later one with a consumer lies after it and so
 * orders the earlier one too (docs/design.md, "Nearest producers"). A
 * consumer gets one window per conflicting producer that reaches it, so the
 * number of windows follows the accesses, not their pairs. Existing
 * barriers kill as they order: a full barrier everything, a split signal
 * moves what it publishes to a second set that only its wait kills (a wait
 * orders only what lies between its own signal and it).
 *
 * Path classes. An entry that crosses the back edge of a loop containing
 * its producer carries that loop (the outermost one crossed). At the
 * consumer, a class is loop-carried by L when L contains the consumer too,
 * and forward otherwise.
 *
 * Windows: gaps on every path of the class, found with dominators.
 *  - forward: the gaps that dominate the consumer but not the producer
 *    (every path from the entry to the producer avoids them, every path to
 *    the consumer passes them), and those that post-dominate the producer
 *    but not the consumer;
 *  - carried by L: the gaps in L that dominate the consumer (every path
 *    from a header of L to it passes them), and the gaps after the producer
 *    on its straight run towards L's back edge.
 * Both are walked from the consumer upward and from the producer onward,
 * so a window costs what lies between its two accesses.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"

#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/*===--- States: sets of unordered producers ------------------------------===*/

typedef struct {
  int access;    /* access id */
  int carrier;   /* loop whose back edge the path crossed, or -1 */
  int signalled; /* 1: published by a split signal, its wait not passed */
} Pending;

typedef struct {
  Pending *items;
  int count, capacity;
} PendingSet;

static int pendingOrder(const Pending *a, const Pending *b) {
  if (a->access != b->access)
    return a->access < b->access ? -1 : 1;
  if (a->carrier != b->carrier)
    return a->carrier < b->carrier ? -1 : 1;
  return a->signalled - b->signalled;
}

static void setReserve(PendingSet *s, int n) {
  if (n <= s->capacity)
    return;
  int cap = s->capacity ? s->capacity : 8;
  while (cap < n)
    cap *= 2;
  s->items = realloc(s->items, (size_t)cap * sizeof(Pending));
  if (!s->items)
    abort();
  s->capacity = cap;
}

/* dst = src. */
static void setAssign(PendingSet *dst, const PendingSet *src) {
  setReserve(dst, src->count);
  if (src->count)
    memcpy(dst->items, src->items, (size_t)src->count * sizeof(Pending));
  dst->count = src->count;
}

/* Sorts and removes duplicates. Callers change only the carrier or the
   signalled flag, never the producer, so each entry moves only within the
   run of its producer: an insertion sort costs O(n) plus the runs'
   squares, where qsort cost O(n log n) at every loop exit. */
static void setNormalize(PendingSet *s) {
  if (s->count < 2)
    return;
  for (int i = 1; i < s->count; ++i) {
    Pending e = s->items[i];
    int j = i;
    while (j > 0 && pendingOrder(&s->items[j - 1], &e) > 0) {
      s->items[j] = s->items[j - 1];
      --j;
    }
    s->items[j] = e;
  }
  int k = 0;
  for (int i = 0; i < s->count; ++i)
    if (k == 0 || pendingOrder(&s->items[k - 1], &s->items[i]) != 0)
      s->items[k++] = s->items[i];
  s->count = k;
}

/* dst = dst | src (both sorted); true when dst grew. */
static bool setUnion(PendingSet *dst, const PendingSet *src, PendingSet *tmp) {
  setReserve(tmp, dst->count + src->count);
  int i = 0, j = 0, k = 0;
  bool grew = false;
  while (i < dst->count || j < src->count) {
    int c = i == dst->count   ? 1
            : j == src->count ? -1
                              : pendingOrder(&dst->items[i], &src->items[j]);
    if (c <= 0) {
      tmp->items[k++] = dst->items[i++];
      if (c == 0)
        j++;
    } else {
      tmp->items[k++] = src->items[j++];
      grew = true;
    }
  }
  tmp->count = k;
  PendingSet t = *dst;
  *dst = *tmp;
  *tmp = t;
  return grew;
}

/* Inserts `e` into sorted `s` unless present (binary search; the sets stay
   sorted without a sort per access). */
static void setInsert(PendingSet *s, Pending e) {
  int lo = 0, hi = s->count;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (pendingOrder(&s->items[mid], &e) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < s->count && pendingOrder(&s->items[lo], &e) == 0)
    return;
  setReserve(s, s->count + 1);
  memmove(&s->items[lo + 1], &s->items[lo],
          (size_t)(s->count - lo) * sizeof(Pending));
  s->items[lo] = e;
  s->count++;
}

/*===--- The analysis --------------------------------------------------------===*/

/* Scratch for one window's gaps, reused from window to window (heap, freed
   by solve): only the final list goes to the arena. */
typedef struct {
  int *items;
  int count, capacity;
} GapList;

typedef struct {
  AmdsyncProgram *p;
  AmdsyncCfg *g;
  bool honor_barriers; /* false: count windows as if no barrier existed */
  AmdsyncConstraintSet *out; /* NULL: count only */
  int count;
  int *run_carriers; /* classes given a window in the current run */
  int run_cap;
  GapList up, down; /* addWindow's scratch */
  PendingSet local, parked, scratch; /* transferDivergentBlock's */
  AmdsyncArena *arena;
} Analysis;

static bool ordersAll(const AmdsyncProgram *p, const AmdsyncNode *b) {
  if (b->u.barrier.unfenced)
    return false;
  return b->u.barrier.op == AMDSYNC_BARRIER_FULL ||
         (b->u.barrier.op == AMDSYNC_BARRIER_WAVE && p->single_wave);
}

/* Gap `gap_index` of block `blk` dominates op `n`. */
static bool gapDominates(const AmdsyncCfg *g, const AmdsyncBlock *blk,
                         int gap_index, const AmdsyncNode *n) {
  if (blk == n->block)
    return gap_index <= n->bindex;
  return amdsyncCfgDominates(g, blk->id, n->block->id);
}

/* Gap `gap_index` of block `blk` post-dominates op `n`. */
static bool gapPostDominates(const AmdsyncCfg *g, const AmdsyncBlock *blk,
                             int gap_index, const AmdsyncNode *n) {
  if (blk == n->block)
    return gap_index > n->bindex;
  return amdsyncCfgPostDominates(g, blk->id, n->block->id);
}

static void gapPush(GapList *l, int gap) {
  if (l->count == l->capacity) {
    if (l->capacity > INT_MAX / 2)
      abort();
    l->capacity = l->capacity ? l->capacity * 2 : 64;
    l->items = realloc(l->items, (size_t)l->capacity * sizeof(int));
    if (!l->items)
      abort();
  }
  l->items[l->count++] = gap;
}

/* Gaps dominating `b`, from `b` upward, until `stop` says so. Forward:
   stop at the first that dominates `a`. Carried by L: stop on leaving L. */
static void walkUp(const AmdsyncCfg *g, const AmdsyncNode *a,
                   const AmdsyncNode *b, int carrier, GapList *out) {
  const AmdsyncBlock *blk = b->block;
  int k = b->bindex;
  for (;;) {
    for (; k >= 0; --k) {
      if (carrier < 0 && gapDominates(g, blk, k, a))
        return;
      gapPush(out, blk->first_gap + k);
    }
    if (blk->idom < 0)
      return;
    blk = g->blocks[blk->idom];
    if (carrier >= 0 && !amdsyncCfgLoopWithin(g, blk->loop, carrier))
      return;
    k = blk->nops;
  }
}

/* Gaps post-dominating `a`, from `a` onward. Forward: until the first that
   post-dominates `b`. Carried by L: the straight run towards L's back edge
   (a block with one successor, in L, not a header, entered only from here). */
static void walkDown(const AmdsyncCfg *g, const AmdsyncNode *a,
                     const AmdsyncNode *b, int carrier, GapList *out) {
  const AmdsyncBlock *blk = a->block;
  int k = a->bindex + 1;
  for (;;) {
    for (; k <= blk->nops; ++k) {
      if (carrier < 0 && gapPostDominates(g, blk, k, b))
        return;
      /* Skip what the walk up from the consumer already has. */
      if (gapDominates(g, blk, k, b) &&
          (carrier >= 0 || !gapDominates(g, blk, k, a)))
        continue;
      gapPush(out, blk->first_gap + k);
    }
    const AmdsyncBlock *next = NULL;
    if (carrier < 0) {
      if (blk->ipdom >= 0)
        next = g->blocks[blk->ipdom];
    } else if (blk->nsucc == 1 && blk->succ[0]->npred == 1 &&
               blk->succ[0]->heads < 0 &&
               amdsyncCfgLoopWithin(g, blk->succ[0]->loop, carrier)) {
      next = blk->succ[0];
    }
    if (!next)
      return;
    blk = next;
    k = 0;
  }
}

/* One-wave workgroups: a wave-level ordering point in a divergent block
   orders a pair only when both lanes pass it (transferDivergentBlock): in
   that block, between two accesses of one execution of it. The window's
   other divergent gaps order nothing and leave it. */
static void keepGapsBothLanesPass(const AmdsyncCfg *g, AmdsyncConstraint *c) {
  const AmdsyncNode *a = c->producer, *b = c->consumer;
  int kept = 0;
  for (int i = 0; i < c->ngaps; ++i) {
    const AmdsyncBlock *blk = amdsyncCfgGapBlock(g, c->gaps[i]);
    int k = c->gaps[i] - blk->first_gap;
    bool same_execution = c->carrier < 0 && a->block == blk &&
                          b->block == blk && a->bindex < k && k <= b->bindex;
    if (!blk->divergent || same_execution)
      c->gaps[kept++] = c->gaps[i];
  }
  c->ngaps = kept;
}

static void addWindow(Analysis *an, AmdsyncNode *a, AmdsyncNode *b,
                      AmdsyncHazardKind kind, int carrier) {
  an->count++;
  if (!an->out)
    return;
  AmdsyncConstraintSet *set = an->out;
  set->items = amdsyncArenaGrow(an->arena, set->items, set->count,
                                &set->capacity, sizeof(AmdsyncConstraint));
  AmdsyncConstraint *c = &set->items[set->count++];
  memset(c, 0, sizeof *c);
  c->producer = a;
  c->consumer = b;
  c->kind = kind;
  c->carrier = carrier;
  GapList *up = &an->up, *down = &an->down;
  up->count = down->count = 0;
  walkUp(an->g, a, b, carrier, up);
  walkDown(an->g, a, b, carrier, down);
  /* Latest first: the consumer's side from the consumer upward, then the
     producer's side from its far end back to the producer. */
  c->ngaps = up->count + down->count;
  c->gaps = amdsyncArenaAlloc(an->arena,
                              (size_t)(c->ngaps ? c->ngaps : 1) * sizeof(int));
  for (int i = 0; i < up->count; ++i)
    c->gaps[i] = up->items[i];
  for (int i = 0; i < down->count; ++i)
    c->gaps[up->count + i] = down->items[down->count - 1 - i];
  if (an->p->single_wave)
    keepGapsBothLanesPass(an->g, c);
}

/* The class of the path of pending entry `e` at consumer `n`: the loop it
   carries, if that loop contains `n` too, else forward (-1). */
static int classAt(const Analysis *an, const Pending *e, const AmdsyncNode *n) {
  return e->carrier >= 0 &&
                 amdsyncCfgLoopWithin(an->g, n->block->loop, e->carrier)
             ? e->carrier
             : -1;
}

/* True the first time class `carrier` is met in the current run of
   entries of one producer (which the sorted set keeps contiguous: a
   window (producer, consumer, class) can only repeat within the run, as
   each consumer is swept once); records it. */
static bool firstInRun(Analysis *an, int *nrun, int carrier) {
  for (int i = 0; i < *nrun; ++i)
    if (an->run_carriers[i] == carrier)
      return false;
  an->run_carriers = amdsyncArenaGrow(an->arena, an->run_carriers, *nrun,
                                      &an->run_cap, sizeof(int));
  an->run_carriers[(*nrun)++] = carrier;
  return true;
}

/* The transfer of one op; windows for consumers when `emit`. With
   `keep_all`, an access kills nothing it covers (producers that came into a
   divergent block of a one-wave workgroup: see transferBlock). */
static void transferOp(Analysis *an, AmdsyncNode *n, PendingSet *s, bool emit,
                       bool keep_all) {
  AmdsyncProgram *p = an->p;
  if (n->kind == AMDSYNC_NODE_ACCESS) {
    int kept = 0, nrun = 0, run_access = -1;
    for (int i = 0; i < s->count; ++i) {
      Pending e = s->items[i];
      AmdsyncNode *a = p->accesses.items[e.access];
      if (emit) {
        if (e.access != run_access) {
          run_access = e.access;
          nrun = 0;
        }
        AmdsyncHazardKind kind = amdsyncHazardBetween(p, a, n);
        if (kind != AMDSYNC_HAZARD_NONE) {
          int carrier = classAt(an, &e, n);
          if (firstInRun(an, &nrun, carrier))
            addWindow(an, a, n, kind, carrier);
        }
      }
      if (keep_all || !amdsyncAccessCovers(p, n, a))
        s->items[kept++] = e;
    }
    s->count = kept; /* still sorted: filtered in order */
    if (!keep_all)
      setInsert(s, (Pending){n->id, -1, 0});
    return;
  }
  if (n->kind != AMDSYNC_NODE_BARRIER || !an->honor_barriers ||
      n->u.barrier.unfenced)
    return;
  AmdsyncBarrierOp op = n->u.barrier.op;
  if (ordersAll(p, n)) {
    s->count = 0;
  } else if (op == AMDSYNC_BARRIER_SIGNAL) {
    for (int i = 0; i < s->count; ++i)
      s->items[i].signalled = 1;
    setNormalize(s);
  } else if (op == AMDSYNC_BARRIER_WAIT) {
    int kept = 0;
    for (int i = 0; i < s->count; ++i)
      if (!s->items[i].signalled)
        s->items[kept++] = s->items[i];
    s->count = kept;
  }
}

static void transfer(Analysis *an, AmdsyncNode *n, PendingSet *s, bool emit) {
  transferOp(an, n, s, emit, false);
}

/* A divergent block of a one-wave workgroup: a wave-level ordering point
   there orders only the lanes that execute it together
   (spec/amdgpu-execution-synchronization.txt: a wave barrier is a point in
   the wave's own instruction stream; lanes the branch left out do not pass
   it). Between two accesses of this execution of the block, both lanes
   execute the point; a producer that came in from elsewhere (another
   block, an earlier iteration) may belong to a lane that does not. So the
   producers of this execution are kept apart (`local`): a point orders
   them for the consumers after it in the block (`parked` until the block
   ends), and they cover only each other; the producers that came in stay
   unordered and uncovered. Placement allows a divergent gap only for such
   a same-execution window (keepGapsBothLanesPass). */
static void transferDivergentBlock(Analysis *an, AmdsyncBlock *b,
                                   PendingSet *cur, bool emit) {
  PendingSet *local = &an->local, *parked = &an->parked;
  local->count = parked->count = 0;
  for (int k = 0; k < b->nops; ++k) {
    AmdsyncNode *n = b->ops[k];
    if (n->kind == AMDSYNC_NODE_ACCESS) {
      transferOp(an, n, cur, emit, true);
      transferOp(an, n, local, emit, false);
    } else if (n->kind == AMDSYNC_NODE_BARRIER && an->honor_barriers &&
               n->u.barrier.op == AMDSYNC_BARRIER_WAVE &&
               !n->u.barrier.unfenced) {
      setUnion(parked, local, &an->scratch);
      local->count = 0;
    } else {
      transferOp(an, n, cur, emit, false);
      transferOp(an, n, local, emit, false);
    }
  }
  setUnion(cur, local, &an->scratch);
  setUnion(cur, parked, &an->scratch);
}

/* The transfer of block `b` on `cur`. */
static void transferBlock(Analysis *an, AmdsyncBlock *b, PendingSet *cur,
                          bool emit) {
  if (an->p->single_wave && b->divergent) {
    transferDivergentBlock(an, b, cur, emit);
    return;
  }
  for (int k = 0; k < b->nops; ++k)
    transfer(an, b->ops[k], cur, emit);
}

/* Along edge from -> to: an entry whose producer lies in the loop `to`
   heads, coming from inside it, crosses that loop's back edge. */
static void crossEdge(const Analysis *an, const AmdsyncBlock *from,
                      const AmdsyncBlock *to, PendingSet *s) {
  int L = to->heads;
  if (L < 0 || !amdsyncCfgLoopWithin(an->g, from->loop, L))
    return;
  bool changed = false;
  for (int i = 0; i < s->count; ++i) {
    const AmdsyncNode *a = an->p->accesses.items[s->items[i].access];
    int c = s->items[i].carrier;
    if (!amdsyncCfgLoopWithin(an->g, a->block->loop, L))
      continue;
    if (c < 0 || amdsyncCfgLoopWithin(an->g, c, L)) {
      changed |= c != L;
      s->items[i].carrier = L; /* L is the outermost crossed */
    }
  }
  if (changed)
    setNormalize(s);
}

static void solve(Analysis *an) {
  AmdsyncCfg *g = an->g;
  int nb = g->nblocks;
  PendingSet *in = calloc((size_t)nb + 1, sizeof(PendingSet));
  PendingSet cur = {NULL, 0, 0}, edge = {NULL, 0, 0}, tmp = {NULL, 0, 0};
  AmdsyncCfgWork work = amdsyncCfgWorkAll(g);
  AmdsyncBlock *b;
  while (amdsyncCfgWorkPop(&work, &b)) {
    setAssign(&cur, &in[b->id]);
    transferBlock(an, b, &cur, false);
    for (int k = 0; k < b->nsucc; ++k) {
      AmdsyncBlock *y = b->succ[k];
      setAssign(&edge, &cur);
      crossEdge(an, b, y, &edge);
      if (setUnion(&in[y->id], &edge, &tmp))
        amdsyncCfgWorkPush(&work, y);
    }
  }
  amdsyncCfgWorkFree(&work);
  /* One more sweep with the fixpoint: the windows. */
  for (int r = 0; r < g->nreachable; ++r) {
    b = g->blocks[g->rpo_order[r]];
    setAssign(&cur, &in[b->id]);
    transferBlock(an, b, &cur, true);
  }
  for (int i = 0; i < nb; ++i)
    free(in[i].items);
  free(in);
  free(cur.items);
  free(edge.items);
  free(tmp.items);
  free(an->up.items);
  free(an->down.items);
  free(an->local.items);
  free(an->parked.items);
  free(an->scratch.items);
}

AmdsyncConstraintSet amdsyncAnalyzeHazards(AmdsyncProgram *p) {
  AmdsyncConstraintSet set;
  memset(&set, 0, sizeof set);
  amdsyncProgramFinalize(p);
  Analysis an;
  memset(&an, 0, sizeof an);
  an.p = p;
  an.g = p->cfg;
  an.arena = p->arena;
  an.honor_barriers = true;
  an.out = &set;
  solve(&an);
  /* Windows the input's barriers order: those found without them, less
     those found with them (barriers only remove unordered producers). */
  if (p->barriers.count) {
    Analysis all;
    memset(&all, 0, sizeof all);
    all.p = p;
    all.g = p->cfg;
    all.arena = amdsyncArenaCreate();
    solve(&all);
    set.already_ordered = all.count - set.count;
    if (set.already_ordered < 0)
      set.already_ordered = 0;
    amdsyncArenaDestroy(all.arena);
  }
  return set;
}

bool amdsyncConstraintHasGap(const AmdsyncProgram *p,
                             const AmdsyncConstraint *c, int gap) {
  (void)p;
  for (int i = 0; i < c->ngaps; ++i)
    if (c->gaps[i] == gap)
      return true;
  return false;
}
