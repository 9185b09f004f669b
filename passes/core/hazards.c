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
 * consumer kills the producers it conflicts with, each on getting its
 * window (orderedByConflict: whatever stabs the window runs between the
 * two on this path). A consumer gets one window per conflicting producer
 * that reaches it, so the number of windows follows the accesses, not
 * their pairs, and a producer that a zero-trip loop or a uniform branch
 * lets past does not reach every later consumer. Existing
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===--- States: sets of unordered producers ------------------------------===*/

/* 12 bytes, no padding (sets are compared with memcmp): a block's end set
   is the analysis's largest store. */
typedef struct {
  int access;      /* access id */
  /* The path's class: the loop whose back edge the path crossed (the
     outermost one), -1 (forward: none), or roundClass(W): forward, but
     the path went round loop W and left it (kept only for producers with
     final rows: finalLoopOf). */
  int carrier;
  signed char signalled; /* 1: published by a split signal, its wait not
                            passed */
  /* 1: a wave-level ordering point after the producer in its own
     divergent block was passed (transferDivergentBlock); it orders the
     producer with consumers in blocks that block dominates (pointOrders). */
  signed char pointed;
  /* The windows' sweep only, 0 elsewhere (not part of the order): a window
     from this entry ends at an earlier consumer of the current block, so
     any later consumer there needs none (transferOp). */
  short windowed;
} Pending;
_Static_assert(sizeof(Pending) == 12, "Pending has no padding");

typedef struct {
  Pending *items;
  int count, capacity;
} PendingSet;

static int pendingOrder(const Pending *a, const Pending *b) {
  if (a->access != b->access)
    return a->access < b->access ? -1 : 1;
  if (a->carrier != b->carrier)
    return a->carrier < b->carrier ? -1 : 1;
  if (a->signalled != b->signalled)
    return a->signalled - b->signalled;
  return a->pointed - b->pointed;
}

static int pendingCompare(const void *x, const void *y) {
  return pendingOrder(x, y);
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

/* Removes the duplicates of sorted `s`. */
static void setUnique(PendingSet *s) {
  int k = 0;
  for (int i = 0; i < s->count; ++i)
    if (k == 0 || pendingOrder(&s->items[k - 1], &s->items[i]) != 0)
      s->items[k++] = s->items[i];
  s->count = k;
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
  setUnique(s);
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

/* A merged producer: the producers of one key and signalled state that
   meet, on forward paths, at the start of its block (see mergeProducers). Arena-owned: windows
   keep pointers to it (AmdsyncWindow.merged). */
typedef struct {
  AmdsyncNode node; /* first: at the block's start, bindex -1 */
  int key, signalled;
  int next;         /* next merged producer of the same block, or -1 */
  /* What it stands for: accesses and merged producers, by ascending id. */
  AmdsyncNode **members;
  int nmembers, members_cap;
  AmdsyncNode *latest; /* the latest access among them: the window's
                          producer for the placement and its messages */
} Merged;

/* mergeProducers' scratch: one pending entry and its group. */
typedef struct {
  int key, signalled;
  int index; /* in the pending set */
} Group;

/* Scratch for one window's gaps, reused from window to window (heap, freed
   by solve): only the final list goes to the arena. */
typedef struct {
  int *items;
  int count, capacity;
} GapList;

/* Which pairs an analysis gives windows (analyze): all of them, or, in a
   workgroup of several waves where some accesses' threads lie in one wave
   (amdsyncIndexInOneWave), the pairs across waves (ordered by barriers
   only) and, in a second analysis, the pairs within one wave (ordered by a
   wave-level ordering point both lanes pass, as in a one-wave workgroup). */
typedef enum { kAllPairs, kAcrossWaves, kWithinWave } PairScope;

typedef struct {
  AmdsyncProgram *p;
  AmdsyncCfg *g;
  PairScope scope;
  /* A wave-level ordering point orders the pairs (a one-wave workgroup, or
     the pairs within one wave): it orders only lanes that pass it
     (transferDivergentBlock, keepGapsBothLanesPass). */
  bool wave_rules;
  bool honor_barriers; /* false: count windows as if no barrier existed */
  bool merge;          /* merge producers (mergeProducers) */
  AmdsyncWindowSet *out; /* NULL: count only */
  int count;
  int implied;       /* windows held by another of the same block (count) */
  int *run_carriers; /* classes given a window in the current run */
  int run_cap;
  GapList up, down; /* addWindow's scratch */
  PendingSet local, parked, scratch; /* transferDivergentBlock's */
  AmdsyncArena *arena;
  /* Merged producers (mergeProducers): merged[i] has access id
     p->accesses.count + i, is keyed by (block, key, signalled) and lists
     what it stands for (accesses or other merged producers). */
  Merged **merged; /* by id - p->accesses.count; the objects are arena's */
  int nmerged, merged_cap;
  int *merged_head; /* per block: first merged producer of it, or -1 */
  PendingSet *ends; /* per block: the set at its end (fixpoint) */
  Group *groups;    /* mergeProducers' scratch */
  int groups_cap;
  int *key_count;   /* someGroupMerges' counts by key and signalled, all 0
                       between calls */
  /* Kill on conflict (orderedByConflict): an entry that meets a consumer
     it conflicts with leaves the set there. */
  bool kill_on_conflict;
} Analysis;

/* The producer with access id `id`: an access of the program, or a merged
   producer (ids from p->accesses.count on). */
static AmdsyncNode *producerNode(const Analysis *an, int id) {
  int n = an->p->accesses.count;
  if (id < n)
    return an->p->accesses.items[id];
  assert(id - n < an->nmerged);
  return &an->merged[id - n]->node;
}

/* True when `n` is a merged producer, not an op of the program. */
static bool isMerged(const AmdsyncProgram *p, const AmdsyncNode *n) {
  return n->kind == AMDSYNC_NODE_ACCESS && n->id >= p->accesses.count;
}

/*===--- Final rows --------------------------------------------------------===*/

/* A forward path (no back edge crossed since the producer) that leaves the
   loop of the producer's case symbol leaves it in the producer's own
   iteration, a final row of the symbol's iteration table
   (AmdsyncProgram.symbol_final): the pair needs checking in those rows
   only. A path that went round that loop first reaches the consumer in
   any row, but passes the loop's header again (roundClass). */

/* The class of a forward path that went round loop `W` and left it. */
static int roundClass(int W) { return -3 - W; }

/* The loop a round class left, or -1 for the other classes. */
static int roundLoop(int carrier) { return carrier <= -3 ? -3 - carrier : -1; }

/* The loop of producer `a`'s case symbol when that symbol has final rows
   (a reducible loop holding `a`, headed by the symbol's block), else -1.
   A counted loop tested at the top whose model enters the body from the
   preheader (amdsyncCfgCountLoop) has the symbol's block, its header in
   the IR, at the end of the model's iteration: a path from the body that
   leaves passes it, and the checker takes the symbol there as stale; the
   rows are not used there either. */
static int finalLoopOf(const Analysis *an, const AmdsyncNode *a) {
  const AmdsyncProgram *p = an->p;
  if (isMerged(p, a) || !a->u.access.index || a->u.access.index->case_var < 0)
    return -1;
  int s = a->u.access.index->case_var - AMDSYNC_VAR_SYMBOL;
  int L = p->symbol_def[s]->loop;
  if (!p->symbol_final[s] || L < 0 || p->symbol_def[s]->heads != L ||
      an->g->loops[L].nheaders != 1 ||
      !amdsyncCfgLoopWithin(an->g, a->block->loop, L))
    return -1;
  return L;
}

/* The rows producer `a` ran in on a forward path (class -1) to consumer
   `n`: its final rows when the path left the loop of its case symbol, else
   0 (any). */
static uint64_t finalRowsAt(const Analysis *an, const AmdsyncNode *a,
                            const AmdsyncNode *n) {
  int L = finalLoopOf(an, a);
  if (L < 0 || amdsyncCfgLoopWithin(an->g, n->block->loop, L))
    return 0;
  return an->p->symbol_final[a->u.access.index->case_var - AMDSYNC_VAR_SYMBOL];
}

static bool ordersAll(const Analysis *an, const AmdsyncNode *b) {
  if (b->u.barrier.unfenced)
    return false;
  return b->u.barrier.op == AMDSYNC_BARRIER_FULL ||
         (b->u.barrier.op == AMDSYNC_BARRIER_WAVE && an->wave_rules);
}

/* Whether the analysis sees access `n` at all: within one wave, only the
   accesses whose threads lie in one wave form pairs (and an access covers
   only accesses of its key, which have its threads). */
static bool inScope(const Analysis *an, const AmdsyncNode *n) {
  return an->scope != kWithinWave ||
         (n->u.access.index && n->u.access.index->wave >= 0);
}

/* The hazard of pair (a, n) on a path of class `carrier` that this
   analysis orders (PairScope); `*conflict` and `*proof` as
   amdsyncHazardProven gives them. */
static AmdsyncHazardKind hazardInScope(const Analysis *an, const AmdsyncNode *a,
                                       const AmdsyncNode *n, int carrier,
                                       AmdsyncHazardKind *conflict,
                                       AmdsyncProof *proof) {
  uint64_t rows = carrier == -1 ? finalRowsAt(an, a, n) : 0;
  if (carrier < -1)
    carrier = -1; /* a round path: forward, any row */
  AmdsyncHazardKind kind =
      amdsyncHazardProven(an->p, a, n, carrier, rows, conflict, proof);
  if (kind == AMDSYNC_HAZARD_NONE || an->scope == kAllPairs)
    return kind;
  bool one_wave = amdsyncIndexInOneWave(an->p, a, n);
  return one_wave == (an->scope == kWithinWave) ? kind : AMDSYNC_HAZARD_NONE;
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
   stop at the first that dominates `a`. Carried by L: stop on leaving L.
   Round (`head`, the header of the loop the path went round, >= 0): stop
   at the blocks that strictly dominate the header. A gap X that dominates
   `b` and not the header's start lies after the path's last entry into the
   header: were it not, a way to the header that avoids X (there is one)
   followed by the rest of the path would reach `b` without X. */
static void walkUp(const AmdsyncCfg *g, const AmdsyncNode *a,
                   const AmdsyncNode *b, int carrier, int head, GapList *out) {
  const AmdsyncBlock *blk = b->block;
  int k = b->bindex;
  for (;;) {
    for (; k >= 0; --k) {
      if (carrier == -1 && head < 0 && gapDominates(g, blk, k, a))
        return;
      gapPush(out, blk->first_gap + k);
    }
    if (blk->idom < 0)
      return;
    blk = g->blocks[blk->idom];
    if (carrier >= 0 && !amdsyncCfgLoopWithin(g, blk->loop, carrier))
      return;
    if (head >= 0 && blk->id != head && amdsyncCfgDominates(g, blk->id, head))
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

/* Whether a wave-level ordering point after producer `a` in its own block
   orders it with consumer `b` for any two lanes of one wave, where the
   block is divergent: the function has no cycle (each block runs at most
   once in a wave, every lane it holds together), and `b` lies in another
   block that `a`'s dominates. Every lane that runs `a` passes the point
   in that one execution of the block, and so does every lane that runs
   `b`, before it: the wave runs the point between the two. */
static bool pointOrders(const AmdsyncCfg *g, const AmdsyncNode *a,
                        const AmdsyncNode *b) {
  return g->nloops == 0 && a->block != b->block &&
         amdsyncCfgDominates(g, a->block->id, b->block->id);
}

/* One-wave workgroups: a wave-level ordering point in a divergent block
   orders a pair only when both lanes pass it (transferDivergentBlock): in
   that block, between two accesses of one execution of it. The window's
   other divergent gaps order nothing and leave it. */
static void keepGapsBothLanesPass(const AmdsyncCfg *g, AmdsyncWindow *c) {
  const AmdsyncNode *a = c->producer, *b = c->consumer;
  int kept = 0;
  for (int i = 0; i < c->ngaps; ++i) {
    const AmdsyncBlock *blk = amdsyncCfgGapBlock(g, c->gaps[i]);
    int k = c->gaps[i] - blk->first_gap;
    bool same_execution = c->carrier < 0 && a->block == blk &&
                          b->block == blk && a->bindex < k && k <= b->bindex;
    bool after_producer = c->carrier < 0 && a->block == blk &&
                          a->bindex >= 0 && a->bindex < k &&
                          pointOrders(g, a, b);
    if (!blk->divergent || same_execution || after_producer)
      c->gaps[kept++] = c->gaps[i];
  }
  c->ngaps = kept;
}

static void addWindow(Analysis *an, AmdsyncNode *a, AmdsyncNode *b,
                      AmdsyncHazardKind kind, int carrier) {
  an->count++;
  if (!an->out)
    return;
  AmdsyncWindowSet *set = an->out;
  set->items = amdsyncArenaGrow(an->arena, set->items, set->count,
                                &set->capacity, sizeof(AmdsyncWindow));
  AmdsyncWindow *c = &set->items[set->count++];
  memset(c, 0, sizeof *c);
  c->producer = a;
  c->consumer = b;
  c->kind = kind;
  c->carrier = carrier;
  /* A round path (roundClass) is forward for the placement; its gaps are
     those after the producer on its way to the loop's back edge and those
     from the loop's header on to the consumer (walkUp). An irreducible
     loop has no one header: forward gaps then. */
  int W = roundLoop(carrier), head = -1;
  if (W >= 0) {
    c->carrier = -1;
    if (an->g->loops[W].nheaders == 1)
      head = an->g->loops[W].header;
    carrier = head >= 0 ? W : -1;
  }
  GapList *up = &an->up, *down = &an->down;
  up->count = down->count = 0;
  walkUp(an->g, a, b, head >= 0 ? -1 : carrier, head, up);
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
  c->wave_local = an->wave_rules;
  if (an->wave_rules)
    keepGapsBothLanesPass(an->g, c);
  if (amdsyncTracing(an->p->trace, AMDSYNC_TRACE_WINDOWS)) {
    char cls[48] = "forward";
    if (W >= 0)
      snprintf(cls, sizeof cls, "forward round loop %d", W);
    else if (carrier >= 0)
      snprintf(cls, sizeof cls, "carried by loop %d", carrier);
    amdsyncTrace(an->p->trace, AMDSYNC_TRACE_WINDOWS,
                 "%s window %s #%d (block %d) -> access #%d (block %d), %s, "
                 "%d gap(s)%s",
                 amdsyncHazardName(kind),
                 isMerged(an->p, a) ? "merged producer" : "access", a->id,
                 a->block->id, b->id, b->block->id, cls, c->ngaps,
                 an->scope == kWithinWave ? ", lanes in one wave" : "");
  }
}

/* The class of the path of pending entry `e` at consumer `n`: the loop it
   carries, if that loop contains `n` too, a round class, else forward
   (-1). */
static int classAt(const Analysis *an, const Pending *e, const AmdsyncNode *n) {
  if (e->carrier < -1)
    return e->carrier;
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

/* Whether access `n`, which covers pending producer `a` (entry `e`), may
   stand for it. Where `a`'s index form reads a symbol defined in a loop,
   `n` (of its key) touches the same bytes only if no definition of the
   symbol lies between them: the entry crossed no back edge since `a`
   (carrier -1) and both lie in the same innermost loop, so no path
   between them went round a loop around the symbol's block (a loop round
   one of them alone would be their innermost). */
static bool standsFor(const Analysis *an, const AmdsyncNode *n,
                      const AmdsyncNode *a, const Pending *e) {
  if (!amdsyncIndexReadsLoopSymbol(an->p, a))
    return true;
  return e->carrier < 0 && a->block->loop == n->block->loop;
}

static AmdsyncNode *latestOf(const AmdsyncProgram *p, AmdsyncNode *n);

/* How many discharged pairs an explanation lists (the rest are counted). */
enum { kMaxDischarged = 4096 };

/* Lists `d` in `set` for the explanations unless its pair of producer and
   consumer is listed already; past kMaxDischarged only counts it. */
static void listDischarged(AmdsyncArena *arena, AmdsyncWindowSet *set,
                           AmdsyncDischarge d) {
  uintptr_t pair =
      ((uintptr_t)(unsigned)d.producer->id << 32 | (unsigned)d.consumer->id) + 1;
  long seen;
  if (amdsyncPtrMapGet(&set->discharged_seen, (const void *)pair, &seen))
    return;
  amdsyncPtrMapPut(arena, &set->discharged_seen, (const void *)pair, 1);
  if (set->ndischarged == kMaxDischarged) {
    set->discharged_more++;
    return;
  }
  set->discharged = amdsyncArenaGrow(arena, set->discharged, set->ndischarged,
                                     &set->discharged_cap,
                                     sizeof(AmdsyncDischarge));
  set->discharged[set->ndischarged++] = d;
}

/* Pair (a, n), whose kinds and buffers make hazard `kind` but which index
   proof `proof` keeps apart: counts it by the proof once per producer
   (`*counted`: the producer last counted for this consumer) and, with
   explanations wanted, records it (AmdsyncWindowSet.discharged), once per
   pair. */
static void noteDischarged(Analysis *an, AmdsyncNode *a, AmdsyncNode *n,
                           AmdsyncHazardKind kind, AmdsyncProof proof,
                           int *counted) {
  AmdsyncWindowSet *set = an->out;
  /* The analysis of the pairs across waves sees every pair (those within
     one wave being no hazard there): the one within waves adds none. */
  if (!set || an->scope == kWithinWave)
    return;
  if (*counted != a->id) { /* once per producer and consumer */
    *counted = a->id;
    set->discharged_by[proof]++;
  }
  if (an->p->explain)
    listDischarged(an->arena, set, (AmdsyncDischarge){latestOf(an->p, a), n,
                                                      kind, proof, NULL});
}

/* Whether access `n` covers pending entry `e` of producer `a` (it leaves
   the set): by key (amdsyncAccessCovers, where `n` may stand for it), or,
   in the analysis that kills on conflict, thread by thread
   (amdsyncAccessCoversPerThread: the read of a thread's own slot in a
   tree reduction's loop, whose key is its row's, by the next store of
   every thread's slot). */
static bool coveredBy(const Analysis *an, const AmdsyncNode *n,
                      const AmdsyncNode *a, const Pending *e) {
  if (amdsyncAccessCovers(an->p, n, a) && standsFor(an, n, a, e))
    return true;
  return an->kill_on_conflict && !isMerged(an->p, a) &&
         amdsyncAccessCoversPerThread(an->p, n, a);
}

/* The window of pair (entry `e` of producer `a`, consumer `n`) of hazard
   `kind` in class `carrier`, built unless an earlier one implies it;
   `conflict` and `proof` as hazardInScope gives them. `*nrun` and
   `*run_access` track the run of entries of one producer (firstInRun),
   `*counted` noteDischarged's producer. */
static void emitPair(Analysis *an, Pending *e, AmdsyncNode *a, AmdsyncNode *n,
                     AmdsyncHazardKind kind, int carrier,
                     AmdsyncHazardKind conflict, AmdsyncProof proof, int *nrun,
                     int *run_access, int *counted) {
  if (e->access != *run_access) {
    *run_access = e->access;
    *nrun = 0;
  }
  if (proof != AMDSYNC_PROOF_NONE && !e->pointed)
    noteDischarged(an, a, n, conflict, proof, counted);
  if (kind == AMDSYNC_HAZARD_NONE)
    return;
  if (e->windowed) {
    an->count++; /* implied: see below */
    an->implied++;
  } else if (firstInRun(an, nrun, carrier)) {
    addWindow(an, a, n, kind, carrier);
  }
  /* Implied windows. A later consumer n' of this block has the same class
     (a class depends on the consumer's loop only), and its window holds
     this one: the gaps that dominate n dominate n', those that
     post-dominate n' post-dominate n (n dominates n' and n' post-dominates
     n, in one block). Every placement that stabs this window stabs that
     one, and the greedy, which takes consumers in order, meets this one
     first: it is not built (a call that no later access covers, such as a
     malloc at the top, otherwise gets a window to every later access, each
     as long as the code between). */
  e->windowed = 1;
}

/* Kill on conflict: whether an entry whose pair with the current consumer
   is hazard `kind` leaves the set here. The pair's window lies on every
   path of its class from the producer to this consumer (section 2 of
   docs/design.md), and the path that goes on from here is one of them up
   to here: whatever stabs the window (a barrier, or a split signal and
   its wait, both in it) runs between the producer and this consumer on
   it, so the producer is ordered for every later consumer of the path, as
   after an input barrier. Not under wave rules (a wave-level point orders
   only the lanes that pass it) nor with `keep_all`. */
static bool orderedByConflict(const Analysis *an, AmdsyncHazardKind kind,
                              bool keep_all) {
  return an->kill_on_conflict && !keep_all && kind != AMDSYNC_HAZARD_NONE;
}

/* The transfer of one op; windows for consumers when `emit`. With
   `keep_all`, an access kills nothing it covers (producers that came into a
   divergent block of a one-wave workgroup: see transferBlock). */
static void transferOp(Analysis *an, AmdsyncNode *n, PendingSet *s, bool emit,
                       bool keep_all) {
  if (n->kind == AMDSYNC_NODE_ACCESS) {
    if (!inScope(an, n))
      return;
    int kept = 0, nrun = 0, run_access = -1, counted = -1;
    for (int i = 0; i < s->count; ++i) {
      Pending e = s->items[i];
      AmdsyncNode *a = producerNode(an, e.access);
      AmdsyncHazardKind kind = AMDSYNC_HAZARD_NONE;
      if (emit || an->kill_on_conflict) {
        /* The class decides which symbols of index forms the pair sees
           with one value (amdsyncHazardOn). */
        int carrier = classAt(an, &e, n);
        AmdsyncHazardKind conflict = AMDSYNC_HAZARD_NONE;
        AmdsyncProof proof = AMDSYNC_PROOF_NONE;
        kind = e.pointed && pointOrders(an->g, a, n)
                   ? AMDSYNC_HAZARD_NONE
                   : hazardInScope(an, a, n, carrier, &conflict, &proof);
        if (emit)
          emitPair(an, &e, a, n, kind, carrier, conflict, proof, &nrun,
                   &run_access, &counted);
      }
      if (orderedByConflict(an, kind, keep_all))
        continue;
      if (keep_all || !coveredBy(an, n, a, &e))
        s->items[kept++] = e;
    }
    s->count = kept; /* still sorted: filtered in order */
    if (!keep_all)
      setInsert(s, (Pending){n->id, -1, 0, 0, 0});
    return;
  }
  if (n->kind != AMDSYNC_NODE_BARRIER || !an->honor_barriers ||
      n->u.barrier.unfenced)
    return;
  AmdsyncBarrierOp op = n->u.barrier.op;
  if (ordersAll(an, n)) {
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
  /* Those a point of this block orders (it follows them here) stay ordered
     for consumers in the blocks this one dominates (pointOrders). */
  if (an->g->nloops == 0)
    for (int i = 0; i < parked->count; ++i)
      parked->items[i].pointed = 1;
  setUnion(cur, parked, &an->scratch);
}

/* The transfer of block `b` on `cur`. */
static void transferBlock(Analysis *an, AmdsyncBlock *b, PendingSet *cur,
                          bool emit) {
  if (an->wave_rules && b->divergent) {
    transferDivergentBlock(an, b, cur, emit);
    return;
  }
  for (int k = 0; k < b->nops; ++k)
    transfer(an, b->ops[k], cur, emit);
}

/* Along an edge into `to`: an entry whose carrier loop does not contain
   `to` has left it, and forgets it (carrier -1). Class-preserving: control
   that left loop C comes back into C only across the back edge of a loop
   enclosing C (C is a strongly connected component once the edges into
   the enclosing loop's headers are removed), and crossing that back edge
   makes the enclosing loop the carrier (crossEdge). So every consumer
   finds the same class (classAt), and entries of one producer that differ
   only in a forgotten carrier become one. True when any changed. */
static bool forgetLeftCarriers(const Analysis *an, const AmdsyncBlock *to,
                               PendingSet *s) {
  bool changed = false;
  for (int i = 0; i < s->count; ++i) {
    int c = s->items[i].carrier;
    if (c >= 0 && !amdsyncCfgLoopWithin(an->g, to->loop, c)) {
      /* Round a loop holding the loop of the producer's final rows: the
         path is no longer in the producer's iteration of it. */
      int L = finalLoopOf(an, producerNode(an, s->items[i].access));
      s->items[i].carrier =
          L >= 0 && amdsyncCfgLoopWithin(an->g, L, c) ? roundClass(c) : -1;
      changed = true;
    }
  }
  return changed;
}

static int groupOrder(const void *x, const void *y) {
  const Group *a = x, *b = y;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  if (a->signalled != b->signalled)
    return a->signalled - b->signalled;
  return a->index - b->index;
}

/* The merged producer of (`b`, key, signalled), created on first use;
   `rep` is a producer of the group, whose access it copies. */
static int mergedFor(Analysis *an, AmdsyncBlock *b, const Group *g,
                     const AmdsyncNode *rep) {
  for (int m = an->merged_head[b->id]; m >= 0; m = an->merged[m]->next) {
    const Merged *x = an->merged[m];
    if (x->key == g->key && x->signalled == g->signalled)
      return m;
  }
  if (an->nmerged == an->merged_cap) {
    an->merged_cap = an->merged_cap ? 2 * an->merged_cap : 16;
    an->merged = realloc(an->merged, (size_t)an->merged_cap * sizeof(Merged *));
    if (!an->merged)
      abort();
  }
  int m = an->nmerged++;
  Merged *x = amdsyncArenaAlloc(an->arena, sizeof(Merged));
  an->merged[m] = x;
  x->node = *rep;
  x->node.id = an->p->accesses.count + m;
  x->node.block = b;
  x->node.bindex = -1;
  x->key = g->key;
  x->signalled = g->signalled;
  x->next = an->merged_head[b->id];
  an->merged_head[b->id] = m;
  return m;
}

static AmdsyncNode *latestOf(const AmdsyncProgram *p, AmdsyncNode *n) {
  return isMerged(p, n) ? ((Merged *)n)->latest : n;
}

/* True when op `a` comes later than `b` in the sweep's order (reverse
   post-order of blocks, then position). */
static bool opLater(const AmdsyncNode *a, const AmdsyncNode *b) {
  if (a->block->rpo != b->block->rpo)
    return a->block->rpo > b->block->rpo;
  return a->bindex > b->bindex;
}

static void mergedAddMember(Analysis *an, Merged *x, AmdsyncNode *n) {
  int lo = 0, hi = x->nmembers;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (x->members[mid]->id < n->id)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < x->nmembers && x->members[lo] == n)
    return;
  x->members = amdsyncArenaGrow(an->arena, x->members, x->nmembers,
                                &x->members_cap, sizeof(AmdsyncNode *));
  memmove(&x->members[lo + 1], &x->members[lo],
          (size_t)(x->nmembers - lo) * sizeof(AmdsyncNode *));
  x->members[lo] = n;
  x->nmembers++;
  AmdsyncNode *l = latestOf(an->p, n);
  if (l && (!x->latest || opLater(l, x->latest)))
    x->latest = l;
}

/* How many producers of one key must meet before they are merged. Below
   it every producer keeps its own windows, with every gap before the
   meeting point: the placement may still order one of them early, in a
   stretch that some other window needs anyway. Above it the windows per
   consumer and key stay below the bound, so their number grows linearly
   with the program whatever its loops and branches. */
enum { kMergeAt = 4 };

/* Whether kMergeAt or more of the `n` groups of mergeProducers' scratch
   share a key and signalled state: counted by key, without the sort that
   finds them (most visits of a deep nest merge nothing). */
static bool someGroupMerges(Analysis *an, int n) {
  if (!an->key_count) {
    an->key_count = calloc(2 * (size_t)an->p->accesses.count + 2, sizeof(int));
    if (!an->key_count)
      abort();
  }
  bool merges = false;
  for (int i = 0; i < n; ++i) {
    const Group *g = &an->groups[i];
    assert(g->key >= 0 && g->key < an->p->accesses.count);
    merges |= ++an->key_count[2 * g->key + g->signalled] >= kMergeAt;
  }
  for (int i = 0; i < n; ++i)
    an->key_count[2 * an->groups[i].key + an->groups[i].signalled] = 0;
  return merges;
}

/* True when producers may be merged at the start of `b`: not a loop
   header (a merged producer there would keep windows inside the loop that
   could have left it), and not a divergent block of a one-wave workgroup
   (whose ordering points order only producers of the block's own
   execution: transferDivergentBlock). */
static bool mergesAt(const Analysis *an, const AmdsyncBlock *b) {
  return b->heads < 0 && !(an->wave_rules && b->divergent);
}

/* Merging producers no placement can tell apart. At the start of block
   `b`, kMergeAt or more pending producers of one key
   (amdsyncProgramFinalize: same resource, flags, bytes and counter) and
   one signalled state, on forward paths (carrier -1: no loop around `b`
   crossed since) and each in `b`'s loop or deeper, become one producer at
   `b`'s start: its windows are the gaps on every path of the class from
   `b`'s start to the consumer. Sound: a path from a merged producer to a
   consumer either passes `b`'s start, and then a gap of the merged window,
   or avoids it and keeps that producer in the set on its own. Without the
   merge, a loop that may run zero times or a uniform branch keeps every
   earlier producer of a key pending behind it, and the windows grow with
   the square of the program (docs/design.md, "Merged producers").
   A producer outside `b`'s loop is not merged there: its windows may hold
   cheaper gaps before the loop. */
static void mergeProducers(Analysis *an, AmdsyncBlock *b, PendingSet *s) {
  if (!an->merge || s->count < 2 || !mergesAt(an, b))
    return;
  if (s->count > an->groups_cap) {
    an->groups_cap = s->count * 2;
    an->groups = realloc(an->groups, (size_t)an->groups_cap * sizeof(Group));
    if (!an->groups)
      abort();
  }
  int n = 0;
  for (int i = 0; i < s->count; ++i) {
    const AmdsyncNode *a = producerNode(an, s->items[i].access);
    if (s->items[i].carrier >= 0 ||
        !amdsyncCfgLoopWithin(an->g, a->block->loop, b->loop))
      continue;
    an->groups[n++] = (Group){a->u.access.key, s->items[i].signalled, i};
  }
  if (n < kMergeAt || !someGroupMerges(an, n))
    return;
  qsort(an->groups, (size_t)n, sizeof(Group), groupOrder);
  bool changed = false;
  for (int i = 0, j; i < n; i = j) {
    for (j = i + 1; j < n && an->groups[j].key == an->groups[i].key &&
                    an->groups[j].signalled == an->groups[i].signalled;
         ++j)
      ;
    if (j - i < kMergeAt)
      continue;
    const Group *g = &an->groups[i];
    int m = mergedFor(an, b, g, producerNode(an, s->items[g->index].access));
    amdsyncTrace(an->p->trace, AMDSYNC_TRACE_WINDOWS,
                 "%d producers of key %d meet at block %d: merged producer #%d",
                 j - i, g->key, b->id, an->p->accesses.count + m);
    int id = an->p->accesses.count + m;
    for (int k = i; k < j; ++k) {
      Pending *e = &s->items[an->groups[k].index];
      if (e->access != id)
        mergedAddMember(an, an->merged[m], producerNode(an, e->access));
      e->access = id; /* sorted again below */
      e->pointed = 0; /* a merged producer is at the block's start */
      e->carrier = -1; /* and has no rows: no round class */
    }
    changed = true;
  }
  if (!changed)
    return;
  /* Access ids changed: a full sort, not setNormalize's insertion sort. */
  qsort(s->items, (size_t)s->count, sizeof(Pending), pendingCompare);
  setUnique(s);
}

/* Along edge from -> to: an entry whose producer lies in the loop `to`
   heads, coming from inside it, crosses that loop's back edge. */
static void crossEdge(const Analysis *an, const AmdsyncBlock *from,
                      const AmdsyncBlock *to, PendingSet *s) {
  bool changed = forgetLeftCarriers(an, to, s);
  int L = to->heads;
  if (L < 0 || !amdsyncCfgLoopWithin(an->g, from->loop, L)) {
    if (changed)
      setNormalize(s);
    return;
  }
  for (int i = 0; i < s->count; ++i) {
    const AmdsyncNode *a = producerNode(an, s->items[i].access);
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

/* Whether edge from -> to leaves every entry as it is (crossEdge would be
   the identity): it is no back edge (`to` heads no loop holding `from`),
   and `to` lies in every loop `from` does (the edge stays in the loop or
   enters an inner one), so no carrier is left: a carrier of an entry at
   `from`'s end contains `from` (crossEdge makes a carrier only of the loop
   its edge enters, and forgets those the edge leaves), hence `to`. */
static bool crossesNothing(const Analysis *an, const AmdsyncBlock *from,
                           const AmdsyncBlock *to) {
  if (!amdsyncCfgLoopWithin(an->g, to->loop, from->loop) ||
      (to->heads >= 0 && amdsyncCfgLoopWithin(an->g, from->loop, to->heads)))
    return false;
#ifndef NDEBUG
  const PendingSet *s = &an->ends[from->id];
  for (int i = 0; i < s->count; ++i)
    assert(amdsyncCfgLoopWithin(an->g, to->loop, s->items[i].carrier));
#else
  (void)an;
#endif
  return true;
}

/* The set at the start of `b`: the union over its incoming edges of what
   each predecessor's end holds, carried across the edge. */
static void gatherIn(Analysis *an, AmdsyncBlock *b, PendingSet *out,
                     PendingSet *edge, PendingSet *tmp) {
  out->count = 0;
  bool first = true;
  for (int k = 0; k < b->npred; ++k) {
    AmdsyncBlock *x = b->pred[k];
    if (x->rpo < 0)
      continue;
    const PendingSet *end = &an->ends[x->id];
    if (crossesNothing(an, x, b)) {
      /* The edge changes no entry: the first end is copied, the rest
         joined, without the copy per edge (most edges of a deep nest). */
      if (first)
        setAssign(out, end);
      else
        setUnion(out, end, tmp);
    } else {
      setAssign(edge, end);
      crossEdge(an, x, b, edge);
      setUnion(out, edge, tmp);
    }
    first = false;
  }
}

static bool setEqual(const PendingSet *a, const PendingSet *b) {
  return a->count == b->count &&
         (a->count == 0 ||
          memcmp(a->items, b->items, (size_t)a->count * sizeof(Pending)) == 0);
}

/* The fixpoint. Merging (mergeProducers) makes the transfer of a block
   non-monotone: a second producer of a key reaching it replaces the first
   by their merged producer. So the set at a block's start is gathered
   afresh from its predecessors' ends at each visit, not accumulated, and
   a producer that a later merge replaces does not linger downstream (where
   it would force a later, narrower merge). Should the visits exceed a
   bound, the sets accumulate from then on, which terminates as before
   (every set only grows, over finitely many producers): sound, with
   possibly narrower windows. */
/* Returns whether the sets accumulated (then `in` holds each block's set
   at its start); otherwise `in` is untouched: at the fixpoint a block's
   set at its start is what gatherIn makes of its predecessors' ends (a
   change there would have visited it again), so the final sweep gathers it
   again instead of keeping a copy per block (half the analysis's memory on
   deep nests). */
static bool fixpoint(Analysis *an, PendingSet *in) {
  AmdsyncCfg *g = an->g;
  PendingSet cur = {NULL, 0, 0}, edge = {NULL, 0, 0}, tmp = {NULL, 0, 0};
  long visits = 0, bound = 64L * (g->nreachable + 1);
  bool accumulate = !an->merge;
  AmdsyncCfgWork work = amdsyncCfgWorkAll(g);
  AmdsyncBlock *b;
  while (amdsyncCfgWorkPop(&work, &b)) {
    if (++visits > bound && !accumulate) {
      /* From here on every set only grows: each starts from what its
         predecessors' ends give now (a block whose predecessors change
         later is visited again and takes the union). */
      accumulate = true;
      for (int r = 0; r < g->nreachable; ++r) {
        AmdsyncBlock *x = g->blocks[g->rpo_order[r]];
        gatherIn(an, x, &in[x->id], &edge, &tmp);
      }
    }
    gatherIn(an, b, &cur, &edge, &tmp);
    if (accumulate) {
      setUnion(&in[b->id], &cur, &tmp);
      setAssign(&cur, &in[b->id]);
    }
    mergeProducers(an, b, &cur);
    transferBlock(an, b, &cur, false);
    if (setEqual(&cur, &an->ends[b->id]))
      continue;
    setAssign(&an->ends[b->id], &cur);
    for (int k = 0; k < b->nsucc; ++k)
      amdsyncCfgWorkPush(&work, b->succ[k]);
  }
  amdsyncCfgWorkFree(&work);
  free(cur.items);
  free(edge.items);
  free(tmp.items);
  return accumulate;
}

static void solve(Analysis *an) {
  AmdsyncCfg *g = an->g;
  int nb = g->nblocks;
  PendingSet *in = calloc((size_t)nb + 1, sizeof(PendingSet));
  an->ends = calloc((size_t)nb + 1, sizeof(PendingSet));
  an->merged_head = malloc(((size_t)nb + 1) * sizeof(int));
  if (!in || !an->ends || !an->merged_head)
    abort();
  for (int i = 0; i < nb; ++i)
    an->merged_head[i] = -1;
  bool accumulated = fixpoint(an, in);
  /* One more sweep with the fixpoint: the windows. */
  PendingSet cur = {NULL, 0, 0}, edge = {NULL, 0, 0}, tmp = {NULL, 0, 0};
  for (int r = 0; r < g->nreachable; ++r) {
    AmdsyncBlock *b = g->blocks[g->rpo_order[r]];
    if (accumulated)
      setAssign(&cur, &in[b->id]);
    else
      gatherIn(an, b, &cur, &edge, &tmp);
    mergeProducers(an, b, &cur);
    transferBlock(an, b, &cur, true);
  }
  for (int i = 0; i < nb; ++i) {
    free(in[i].items);
    free(an->ends[i].items);
  }
  free(in);
  free(an->ends);
  free(cur.items);
  free(edge.items);
  free(tmp.items);
  free(an->up.items);
  free(an->down.items);
  free(an->local.items);
  free(an->parked.items);
  free(an->scratch.items);
  free(an->groups);
  free(an->key_count);
  free(an->merged_head);
}

/* Windows that start at a merged producer keep it (`merged`) and name its
   latest access as their producer: the placement and its messages see only
   the program's ops (amdsyncWindowProducers lists them all). */
static void nameProducers(Analysis *an, AmdsyncWindowSet *set) {
  for (int i = 0; i < set->count; ++i) {
    AmdsyncWindow *c = &set->items[i];
    if (!isMerged(an->p, c->producer))
      continue;
    c->merged = c->producer;
    c->producer = ((Merged *)c->producer)->latest;
    assert(c->producer && !isMerged(an->p, c->producer));
  }
}

int amdsyncWindowProducers(const AmdsyncProgram *p,
                               const AmdsyncWindow *c,
                               AmdsyncNode ***out) {
  if (!c->merged) {
    *out = amdsyncArenaAlloc(p->arena, sizeof(AmdsyncNode *));
    (*out)[0] = c->producer;
    return 1;
  }
  /* Only for messages (an unplaceable window): a linear `seen` will do. */
  AmdsyncPtrVec seen = {NULL, 0, 0}, stack = {NULL, 0, 0}, res = {NULL, 0, 0};
  amdsyncPtrVecPush(p->arena, &stack, c->merged);
  while (stack.count) {
    AmdsyncNode *n = stack.items[--stack.count];
    bool dup = false;
    for (int k = 0; k < seen.count && !dup; ++k)
      dup = seen.items[k] == n;
    if (dup)
      continue;
    amdsyncPtrVecPush(p->arena, &seen, n);
    if (!isMerged(p, n)) {
      amdsyncPtrVecPush(p->arena, &res, n);
      continue;
    }
    const Merged *x = (const Merged *)n;
    for (int k = 0; k < x->nmembers; ++k)
      amdsyncPtrVecPush(p->arena, &stack, x->members[k]);
  }
  *out = (AmdsyncNode **)res.items;
  return res.count;
}

/* True when some access's threads lie in one wave of a workgroup of
   several (finalize: AmdsyncAccessIndex.wave). */
static bool someAccessInOneWave(const AmdsyncProgram *p) {
  for (int i = 0; i < p->accesses.count; ++i) {
    const AmdsyncNode *n = p->accesses.items[i];
    if (n->u.access.index && n->u.access.index->wave >= 0)
      return true;
  }
  return false;
}

/* The windows of the pairs of `scope` into `set` (appended), with the
   program's barriers or without (`honor_barriers`, into a count only when
   `set` is NULL); returns the windows found, implied ones included. */
static int analyzeScope(AmdsyncProgram *p, AmdsyncArena *arena, bool merge,
                        PairScope scope, bool honor_barriers,
                        AmdsyncWindowSet *set) {
  Analysis an;
  memset(&an, 0, sizeof an);
  an.p = p;
  an.g = p->cfg;
  an.arena = arena;
  an.merge = merge;
  an.scope = scope;
  an.wave_rules = p->single_wave || scope == kWithinWave;
  an.honor_barriers = honor_barriers;
  an.out = set;
  an.kill_on_conflict = merge && !an.wave_rules;
  int first = set ? set->count : 0;
  solve(&an);
  if (set) {
    set->implied += an.implied;
    AmdsyncWindowSet added;
    memset(&added, 0, sizeof added);
    added.items = set->items + first;
    added.count = set->count - first;
    nameProducers(&an, &added);
  }
  free(an.merged);
  return an.count;
}

/* The input barrier that orders window `w` of the analysis without
   barriers: a full, fenced one right after one of its gaps (a path that
   passes the gap runs it next, before the consumer). NULL when none. */
static AmdsyncNode *orderingBarrier(const AmdsyncProgram *p,
                                    const AmdsyncWindow *w) {
  for (int i = 0; i < w->ngaps; ++i) {
    const AmdsyncBlock *b = amdsyncCfgGapBlock(p->cfg, w->gaps[i]);
    int k = w->gaps[i] - b->first_gap;
    AmdsyncNode *n = k < b->nops ? b->ops[k] : NULL;
    if (n && n->kind == AMDSYNC_NODE_BARRIER &&
        n->u.barrier.op == AMDSYNC_BARRIER_FULL && !n->u.barrier.unfenced)
      return n;
  }
  return NULL;
}

/* With explanations wanted: the windows the input's barriers order (those
   of `unordered`, found as if no barrier existed, that an input barrier
   stands in), as discharged pairs of `set` naming the barrier. */
static void noteOrdered(AmdsyncProgram *p, AmdsyncWindowSet *set,
                        const AmdsyncWindowSet *unordered) {
  for (int i = 0; i < unordered->count; ++i) {
    const AmdsyncWindow *w = &unordered->items[i];
    AmdsyncNode *barrier = orderingBarrier(p, w);
    if (barrier)
      listDischarged(p->arena, set,
                     (AmdsyncDischarge){w->producer, w->consumer, w->kind,
                                        AMDSYNC_PROOF_NONE, barrier});
  }
}

/* Windows of every hazard. In a workgroup of several waves where some
   accesses' threads lie in one wave, two analyses: the pairs across waves,
   which only barriers order, and the pairs within one wave, which a
   wave-level ordering point both lanes pass orders too (their windows are
   `wave_local`). Each pair belongs to exactly one, so together they give
   a window for every pair the single analysis would, each under the rules
   of what may order it. */
static AmdsyncWindowSet analyze(AmdsyncProgram *p, bool merge) {
  AmdsyncWindowSet set;
  memset(&set, 0, sizeof set);
  amdsyncProgramFinalize(p);
  bool split = !p->single_wave && someAccessInOneWave(p);
  analyzeScope(p, p->arena, merge, split ? kAcrossWaves : kAllPairs, true,
               &set);
  if (split)
    analyzeScope(p, p->arena, merge, kWithinWave, true, &set);
  /* Windows the input's barriers order: those found without them, less
     those found with them (barriers only remove unordered producers). */
  if (p->barriers.count) {
    AmdsyncArena *scratch = amdsyncArenaCreate();
    AmdsyncWindowSet unordered;
    memset(&unordered, 0, sizeof unordered);
    int all = analyzeScope(p, scratch, merge, kAllPairs, false,
                           p->explain ? &unordered : NULL);
    set.already_ordered = all - set.count - set.implied;
    if (set.already_ordered < 0)
      set.already_ordered = 0;
    if (p->explain)
      noteOrdered(p, &set, &unordered);
    amdsyncArenaDestroy(scratch);
  }
  return set;
}

AmdsyncWindowSet amdsyncAnalyzeHazards(AmdsyncProgram *p) {
  return analyze(p, true);
}

AmdsyncWindowSet amdsyncAnalyzeHazardsUnmerged(AmdsyncProgram *p) {
  return analyze(p, false);
}

bool amdsyncWindowHasGap(const AmdsyncProgram *p,
                             const AmdsyncWindow *c, int gap) {
  (void)p;
  for (int i = 0; i < c->ngaps; ++i)
    if (c->gaps[i] == gap)
      return true;
  return false;
}
