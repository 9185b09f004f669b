/*===- check.c - The independent checker -----------------------------------===*
 *
 * Brief §5: for every pair of conflicting LDS accesses, every path between
 * them must cross a barrier; barriers must not sit in divergent control
 * flow; split barriers must alternate signal/wait on every path and leave
 * no signal unmatched; async-written LDS must be waited for before use.
 *
 * The checker reads the control-flow graph's blocks, ops and edges (the
 * translation it shares with the placement) and nothing the placement
 * computed: it has its own walks, its own hazard predicate (`conflict`),
 * and its own divergence (its own post-dominators, then the blocks a
 * divergent branch reaches before its lanes meet again). Data flows are
 * solved per block with a work list (in the graph's work order, for speed
 * only: see Queue) and reported in the reverse post-order of its own DFS:
 *
 *  - unordered accesses: the accesses not yet ordered by a barrier, as two
 *    sets (pending: not released by a signal; signalled: released, the
 *    wait not yet passed). A later access with the same resource, kind and
 *    byte range stands for an earlier one (whatever conflicts with the
 *    earlier conflicts with it, and it lies on the same path), so the sets
 *    stay small; every violation still shows as at least one pair;
 *  - async completion: per async operation, its age (operations of its
 *    counter issued after it); a counter wait N completes those of age >= N;
 *  - split phase: whether a signal is outstanding.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"
#include "amdsync/counters.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  AmdsyncProgram *p;
  AmdsyncCfg *g;
  const AmdsyncDiagnostics *diag;
  int nb;
  int *order; /* reachable blocks, reverse post-order of the checker's DFS */
  int *rank;  /* block -> index in order, -1: unreachable */
  int norder;
  /* One-wave workgroups: the blocks the checker finds divergent, where a
     wave-level ordering point orders only the lanes that pass it (NULL:
     several waves, where such a point orders nothing). */
  const char *divergent;
  /* Async: per block, the ages on entry (nasync each). */
  int nasync;
  int16_t *age_in;
  /* Its own index proof (footprints.c), when an access has a form. */
  AmdsyncFootprints *footprints;
  /* Workgroups of several waves: per access, the wave holding every lane
     that may run it (amdsyncFootprintsWave), or -1; NULL when none has
     one. The pairs are then checked twice (`scope`): those across waves,
     which only barriers order, and those within one wave, which a
     wave-level ordering point both lanes pass orders (`wave_rules`). */
  int *wave;
  enum { kAllPairs, kAcrossWaves, kWithinWave } scope;
  bool wave_rules;
  /* No cycle in the reachable graph (its own DFS found no edge back to a
     block on its stack): each block runs at most once. */
  bool acyclic;
  /* Its own immediate dominators, where index forms or a one-wave
     workgroup need them (NULL otherwise). */
  AmdsyncCheckDoms *doms; /* its own dominators, or NULL */
  /* Per block, the symbols it defines (amdsyncSymbolBit), when there are
     index forms (NULL otherwise). */
  uint64_t *defines;
  /* Per block, the symbols whose loop (the loop their block lies in) holds
     it (amdsyncSymbolBit), for the symbols with first rows. */
  uint64_t *within;
  /* Per access, the key its entries go by (checkerKeys): the translation's
     key, split by the checker's own guard chain, when there are index
     forms (NULL otherwise: the translation's key). */
  int *keys;
} Checker;

/*===--- Diagnostics --------------------------------------------------------===*/

static void describeOp(const AmdsyncDiagnostics *d, const AmdsyncNode *n,
                       char *buf, int size) {
  if (d && d->describe)
    d->describe(d->ctx, n->origin, buf, size);
  else
    snprintf(buf, (size_t)size, "an op");
}

static void errorAt(const AmdsyncDiagnostics *d, const AmdsyncNode *n,
                    const char *msg) {
  if (d && d->error)
    d->error(d->ctx, n->origin, msg);
}

/* Error `msg` at `n` in control flow the checker found divergent, made so
   by the branch at `branch` (NULL when not known). */
static void divergentAt(const AmdsyncDiagnostics *d, const AmdsyncNode *n,
                        const char *msg, void *branch) {
  amdsyncReportDivergent(d, n->origin, msg, branch);
}

/*===--- The checker's hazard predicate ----------------------------------------===*/

/* Which resource kinds may name the same bytes (brief §1: distinct
   allocations, the runtime's for one argument included, and globals never
   alias; other arguments alias each other and globals; unknown memory
   aliases everything). Same resource: see `overlap`. Indexed by
   AmdsyncResourceKind. */
static const bool kMayShare[5][5] = {
    /*              ALLOC  GLOBAL ARG    UNKNOWN ARG_ALLOC */
    /* ALLOC     */ {false, false, false, true, false},
    /* GLOBAL    */ {false, false, true, true, false},
    /* ARG       */ {false, true, true, true, false},
    /* UNKNOWN   */ {true, true, true, true, true},
    /* ARG_ALLOC */ {false, false, false, true, false},
};

static bool overlap(const AmdsyncProgram *p, const AmdsyncNode *x,
                    const AmdsyncNode *y) {
  int rx = x->u.access.resource, ry = y->u.access.resource;
  AmdsyncResourceKind kx = p->resources[rx].kind, ky = p->resources[ry].kind;
  if (rx != ry)
    return kMayShare[kx][ky];
  if (kx == AMDSYNC_RES_UNKNOWN || x->u.access.hi < 0 || y->u.access.hi < 0)
    return true;
  return !(x->u.access.hi <= y->u.access.lo || y->u.access.hi <= x->u.access.lo);
}

/* The final values of `x`'s case symbol (amdsyncProgramSetSymbolRows)
   when the path to `y` left the symbol's loop in x's iteration: x inside
   the loop, y outside, and the path never entered the loop's header since
   x (the symbol is not stale: `shared` holds it), so it left from x's
   iteration (the header dominates the loop: no way back in but through
   it). 0 otherwise. */
static uint64_t leavesInIteration(const Checker *c, const AmdsyncNode *x,
                                  const AmdsyncNode *y, uint64_t shared) {
  const AmdsyncProgram *p = c->p;
  const AmdsyncAccessIndex *ix = x->u.access.index;
  if (!ix || ix->case_var < 0 || !(shared & amdsyncSymbolBit(ix->case_var)))
    return 0;
  int s = ix->case_var - AMDSYNC_VAR_SYMBOL;
  int L = p->symbol_def[s]->loop;
  if (!p->symbol_final[s] || L < 0 ||
      !amdsyncCfgLoopWithin(p->cfg, x->block->loop, L) ||
      amdsyncCfgLoopWithin(p->cfg, y->block->loop, L))
    return 0;
  return p->symbol_final[s];
}

/* The first values of `y`'s case symbol (amdsyncProgramSetSymbolRows)
   when the path from `x` entered the symbol's loop and reached y without
   going round it: x outside the loop, y inside (the path entered its
   header from outside), and no edge from inside the loop into the header
   on it since x (`looped` does not hold the symbol; the caller ORs in the
   symbols whose loop holds another access x's entry stands for: a review's
   store before a loop and one inside it, of one key, joined). 0
   otherwise. */
static uint64_t startsInIteration(const Checker *c, const AmdsyncNode *x,
                                  const AmdsyncNode *y, uint64_t looped) {
  const AmdsyncProgram *p = c->p;
  const AmdsyncAccessIndex *iy = y->u.access.index;
  if (!iy || iy->case_var < 0 || (looped & amdsyncSymbolBit(iy->case_var)))
    return 0;
  int s = iy->case_var - AMDSYNC_VAR_SYMBOL;
  int L = p->symbol_def[s]->loop;
  if (!p->symbol_first[s] || L < 0 || p->symbol_def[s]->heads != L ||
      amdsyncCfgLoopWithin(p->cfg, x->block->loop, L) ||
      !amdsyncCfgLoopWithin(p->cfg, y->block->loop, L))
    return 0;
  return p->symbol_first[s];
}

/* The hazard when `x` runs and then (on some path, possibly `x` itself in a
   later iteration) `y` runs, or NONE: none where the checker's own
   enumeration of the index forms finds no byte that two different threads
   share (a thread orders its own accesses). */
static AmdsyncHazardKind conflict(const Checker *c, const AmdsyncNode *x,
                                  const AmdsyncNode *y, uint64_t shared,
                                  uint64_t looped) {
  const AmdsyncProgram *p = c->p;
  unsigned fx = x->u.access.flags, fy = y->u.access.flags;
  if (fx & fy & (AMDSYNC_ACCESS_ATOMIC | AMDSYNC_ACCESS_DMA))
    return AMDSYNC_HAZARD_NONE; /* atomic/atomic, DMA/DMA */
  AmdsyncHazardKind k = AMDSYNC_HAZARD_NONE;
  if ((fx & AMDSYNC_ACCESS_WRITE) && (fy & AMDSYNC_ACCESS_READ))
    k = AMDSYNC_HAZARD_RAW;
  else if ((fx & AMDSYNC_ACCESS_READ) && (fy & AMDSYNC_ACCESS_WRITE))
    k = AMDSYNC_HAZARD_WAR;
  else if ((fx & fy & AMDSYNC_ACCESS_WRITE) &&
           (p->waw_hazards || (x->u.access.index && y->u.access.index)))
    k = AMDSYNC_HAZARD_WAW; /* both indexed: its own enumeration decides */
  if (k == AMDSYNC_HAZARD_NONE || !overlap(p, x, y))
    return AMDSYNC_HAZARD_NONE;
  if (c->footprints &&
      amdsyncFootprintsApart(c->footprints, x, y, shared,
                             leavesInIteration(c, x, y, shared),
                             startsInIteration(c, x, y, looped)))
    return AMDSYNC_HAZARD_NONE;
  if (c->scope != kAllPairs) {
    bool one_wave = c->wave[x->id] >= 0 && c->wave[x->id] == c->wave[y->id];
    if (one_wave != (c->scope == kWithinWave))
      return AMDSYNC_HAZARD_NONE;
  }
  return k;
}

/*===--- The checker's own walk order -------------------------------------------===*/

static void dfsOrder(Checker *c) {
  int nb = c->nb;
  c->order = calloc((size_t)nb + 1, sizeof(int));
  c->rank = malloc(((size_t)nb + 1) * sizeof(int));
  int *stack = malloc(((size_t)nb + 1) * sizeof(int));
  int *next = calloc((size_t)nb + 1, sizeof(int));
  int *post = malloc(((size_t)nb + 1) * sizeof(int));
  for (int i = 0; i < nb; ++i)
    c->rank[i] = -1;
  char *on_stack = calloc((size_t)nb + 1, 1);
  int sp = 0, np = 0;
  stack[sp++] = c->g->entry->id;
  c->rank[c->g->entry->id] = 0;
  on_stack[c->g->entry->id] = 1;
  c->acyclic = true;
  while (sp) {
    const AmdsyncBlock *b = c->g->blocks[stack[sp - 1]];
    if (next[b->id] < b->nsucc) {
      int y = b->succ[next[b->id]++]->id;
      if (c->rank[y] < 0) {
        c->rank[y] = 0;
        on_stack[y] = 1;
        stack[sp++] = y;
      } else if (on_stack[y]) {
        c->acyclic = false; /* an edge back to a block on the path */
      }
      continue;
    }
    post[np++] = b->id;
    on_stack[b->id] = 0;
    sp--;
  }
  free(on_stack);
  for (int i = 0; i < np; ++i) {
    c->order[i] = post[np - 1 - i];
    c->rank[c->order[i]] = i;
  }
  c->norder = np;
  free(stack);
  free(next);
  free(post);
}

/* The blocks to visit: the graph's work list (amdsyncCfgWork, in its work
   order: reverse post-order with each loop's blocks contiguous). Only the
   speed depends on it: the checker's flows are monotone, so their least
   fixpoint is the same in any order, and the checker reports in its own
   walk's order. A FIFO, or a reverse post-order that puts loop bodies
   after what follows the loop, lets every change in one loop run a fresh
   sweep down the rest of the function: a sequence of n loops then cost n
   sweeps (12 million visits of 8,572 blocks, 5 s, for 2,857 loops). */
typedef AmdsyncCfgWork Queue;

static Queue queueAll(const Checker *c) { return amdsyncCfgWorkAll(c->g); }

static bool queuePop(Queue *q, int *x) {
  AmdsyncBlock *b;
  if (!amdsyncCfgWorkPop(q, &b))
    return false;
  *x = b->id;
  return true;
}

static void queuePush(Queue *q, int x) {
  amdsyncCfgWorkPush(q, q->g->blocks[x]);
}

static void queueFree(Queue *q) { amdsyncCfgWorkFree(q); }

/*===--- Completion of asynchronous transfers ------------------------------===*/

enum { kDone = 30000, kAgeCap = 20000 };

static void asyncTransfer(const Checker *c, const AmdsyncNode *n, int16_t *age) {
  AmdsyncProgram *p = c->p;
  if (n->kind == AMDSYNC_NODE_ACCESS && n->u.access.counter) {
    for (int i = 0; i < c->nasync; ++i) {
      const AmdsyncNode *o = p->async_ops.items[i];
      if (age[i] < kAgeCap && o->u.access.counter == n->u.access.counter)
        age[i]++;
    }
    age[n->u.access.async_id] = 0;
  } else if (n->kind == AMDSYNC_NODE_WAIT && n->u.wait.counter) {
    for (int i = 0; i < c->nasync; ++i) {
      const AmdsyncNode *o = p->async_ops.items[i];
      if (o->u.access.counter == n->u.wait.counter &&
          age[i] >= n->u.wait.count)
        age[i] = kDone;
    }
  }
}

/* Solves the ages and reports plain accesses that may run before a
   conflicting transfer completes. */
static int checkAsync(Checker *c) {
  int na = c->nasync;
  if (na == 0)
    return 0;
  size_t cells = (size_t)c->nb * (size_t)na;
  c->age_in = malloc(cells * sizeof(int16_t));
  for (size_t i = 0; i < cells; ++i)
    c->age_in[i] = kDone;
  int16_t *cur = malloc((size_t)na * sizeof(int16_t));
  Queue q = queueAll(c);
  int x;
  while (queuePop(&q, &x)) {
    const AmdsyncBlock *b = c->g->blocks[x];
    memcpy(cur, c->age_in + (size_t)x * na, (size_t)na * sizeof(int16_t));
    for (int k = 0; k < b->nops; ++k)
      asyncTransfer(c, b->ops[k], cur);
    for (int s = 0; s < b->nsucc; ++s) {
      int16_t *in = c->age_in + (size_t)b->succ[s]->id * na;
      bool changed = false;
      for (int i = 0; i < na; ++i)
        if (cur[i] < in[i]) {
          in[i] = cur[i];
          changed = true;
        }
      if (changed)
        queuePush(&q, b->succ[s]->id);
    }
  }
  int bad = 0;
  for (int r = 0; r < c->norder; ++r) {
    const AmdsyncBlock *b = c->g->blocks[c->order[r]];
    memcpy(cur, c->age_in + (size_t)b->id * na, (size_t)na * sizeof(int16_t));
    for (int k = 0; k < b->nops; ++k) {
      const AmdsyncNode *n = b->ops[k];
      if (n->kind == AMDSYNC_NODE_ACCESS && !n->u.access.counter) {
        for (int i = 0; i < na; ++i) {
          const AmdsyncNode *o = c->p->async_ops.items[i];
          if (cur[i] >= kDone || conflict(c, o, n, false, ~(uint64_t)0) == AMDSYNC_HAZARD_NONE)
            continue;
          bad++;
          char da[256], msg[600];
          describeOp(c->diag, o, da, sizeof da);
          snprintf(msg, sizeof msg,
                   "amdsync-verify: this access may run before the "
                   "asynchronous transfer %s completes (no covering s_wait_%s)",
                   da, amdsyncCounterName(o->u.access.counter));
          errorAt(c->diag, n, msg);
        }
      }
      asyncTransfer(c, n, cur);
    }
  }
  free(cur);
  queueFree(&q);
  return bad;
}

/*===--- Unordered pairs -------------------------------------------------------===*/

/* An entry of a set: an access standing for its key, pending or signalled,
   and stale once its path entered the block of a symbol its index form
   reads (the symbol may hold another value now, and a later access of the
   key no longer stands for it). Which symbols its path defined again, read
   or not, it keeps (`stale`): amdsyncFootprintsApart shares the others. */
/* kPointed: a wave-level ordering point followed the access in its own
   divergent block (divergentBlockTransfer), which orders it with accesses
   in the blocks that block dominates (pointOrders). */
enum { kSignalled = 1, kStale = 2, kPointed = 4, kKeyStride = 8 };
typedef struct {
  int key;  /* key id * kKeyStride + the flags above */
  int rep;  /* access id */
  /* Which symbols are stale (bit s % 64 for symbol s: a symbol sharing a
     bit with a stale one counts as stale too); set with kStale. */
  uint64_t stale;
  /* Which symbols' blocks the path entered round their loop (by an edge
     from inside the loop the block heads), bits as `stale`: where one is
     not, a consumer in that loop runs in the first iteration of an entry
     (startsInIteration). */
  uint64_t looped;
  /* Which symbols' loops hold an access the entry stands for (the accesses
     of one key that paths joined: its `rep` is one of them), bits as
     `stale`. */
  uint64_t inside;
} Entry;

typedef struct {
  Entry *items;
  int count, capacity;
} Set;

static void setPut(Set *s, int key, int rep, uint64_t stale,
                   uint64_t looped, uint64_t inside) {
  for (int i = 0; i < s->count; ++i)
    if (s->items[i].key == key) {
      s->items[i].rep = rep;
      s->items[i].stale = stale;
      s->items[i].looped = looped;
      s->items[i].inside = inside;
      return;
    }
  if (s->count == s->capacity) {
    s->capacity = s->capacity ? 2 * s->capacity : 8;
    s->items = realloc(s->items, (size_t)s->capacity * sizeof(Entry));
    if (!s->items)
      abort();
  }
  s->items[s->count].key = key;
  s->items[s->count].rep = rep;
  s->items[s->count].stale = stale;
  s->items[s->count].looped = looped;
  s->items[s->count].inside = inside;
  s->count++;
}

/* dst |= src (by key; the smaller access id represents a key reached from
   both). A key a point ordered (kPointed) that two different accesses
   reach is no longer pointed: the point orders each access only for the
   blocks its own block dominates (pointOrders asks about the one that
   represents the key). Returns true when dst changed. */
static bool setJoin(Set *dst, const Set *src) {
  bool changed = false;
  for (int i = 0; i < src->count; ++i) {
    Entry e = src->items[i];
    int j = 0;
    while (j < dst->count && dst->items[j].key != e.key)
      j++;
    if (j < dst->count && dst->items[j].rep != e.rep && (e.key & kPointed)) {
      /* Take the entry out of dst, and join it unpointed. */
      if (dst->items[j].rep < e.rep)
        e.rep = dst->items[j].rep;
      e.key &= ~kPointed;
      dst->items[j] = dst->items[--dst->count];
      changed = true;
      j = 0;
      while (j < dst->count && dst->items[j].key != e.key)
        j++;
    }
    if (j == dst->count) {
      setPut(dst, e.key, e.rep, e.stale, e.looped, e.inside);
      changed = true;
    } else {
      if (e.rep < dst->items[j].rep) {
        dst->items[j].rep = e.rep;
        changed = true;
      }
      if ((dst->items[j].stale | e.stale) != dst->items[j].stale) {
        dst->items[j].stale |= e.stale; /* stale on either path */
        changed = true;
      }
      if ((dst->items[j].looped | e.looped) != dst->items[j].looped) {
        dst->items[j].looped |= e.looped; /* round a loop on either path */
        changed = true;
      }
      if ((dst->items[j].inside | e.inside) != dst->items[j].inside) {
        dst->items[j].inside |= e.inside; /* stands for both */
        changed = true;
      }
    }
  }
  return changed;
}

static void setCopy(Set *dst, const Set *src) {
  dst->count = 0;
  setJoin(dst, src);
}

/* The keys the checker's entries go by: one access stands for another
   (an entry kept for the later of two) only when the translation gives
   them one key and the checker's own guards give them one thread set: the
   translation's key reads the placement's threads, which keep one bound of
   two where a guard over a symbol meets a constant one (program.c
   narrowByGuard), the checker's chains keep both. Dense ids by (key,
   chain), sorted. */
typedef struct {
  int key;
  const void *chain;
  int id;
} KeyOf;

static int keyOfOrder(const void *x, const void *y) {
  const KeyOf *a = x, *b = y;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  if (a->chain != b->chain)
    return (uintptr_t)a->chain < (uintptr_t)b->chain ? -1 : 1;
  return 0;
}

static int *checkerKeys(const Checker *c) {
  const AmdsyncProgram *p = c->p;
  int n = p->accesses.count, nodes = n; /* access ids are dense */
  KeyOf *k = malloc(((size_t)n + 1) * sizeof *k);
  int *keys = calloc((size_t)nodes + 1, sizeof(int));
  if (!k || !keys)
    abort();
  for (int i = 0; i < n; ++i) {
    const AmdsyncNode *a = p->accesses.items[i];
    k[i] = (KeyOf){a->u.access.key, amdsyncFootprintsChain(c->footprints, a),
                   a->id};
  }
  qsort(k, (size_t)n, sizeof *k, keyOfOrder);
  int next = -1;
  for (int i = 0; i < n; ++i) {
    if (i == 0 || keyOfOrder(&k[i - 1], &k[i]) != 0)
      next++;
    assert(k[i].id >= 0 && k[i].id < nodes);
    keys[k[i].id] = next;
  }
  free(k);
  return keys;
}

/* `cur` as it enters block `to`: an entry whose access reads a symbol
   defined in `to` goes stale (into `tmp`, which it returns; `cur` itself
   when nothing changes). */
static const Set *acrossEdge(const Checker *c, const Set *cur,
                             const AmdsyncBlock *from, const AmdsyncBlock *to,
                             Set *tmp) {
  if (!c->footprints || c->p->nsymbols == 0)
    return cur;
  /* Round the loop `to` heads: from inside it. */
  bool round = to->heads >= 0 &&
               amdsyncCfgLoopWithin(c->g, from->loop, to->heads);
  tmp->count = 0;
  for (int i = 0; i < cur->count; ++i) {
    Entry e = cur->items[i];
    if (amdsyncFootprintsReads(c->footprints, c->p->accesses.items[e.rep], to))
      e.key |= kStale;
    e.stale |= c->defines[to->id];
    if (round)
      e.looped |= c->defines[to->id];
    Set one = {&e, 1, 1};
    setJoin(tmp, &one);
  }
  return tmp;
}

/* Whether a barrier orders everything before it with everything after it
   (signals and waits are the two halves of one). */
static bool orders(const Checker *c, const AmdsyncNode *b) {
  AmdsyncBarrierOp op = b->u.barrier.op;
  return op == AMDSYNC_BARRIER_FULL ||
         (op == AMDSYNC_BARRIER_WAVE && c->wave_rules);
}

/* Whether a wave-level ordering point after access `a` in its own
   divergent block orders it with access `n`, for two lanes of one wave:
   no cycle (the block runs once, every lane it holds together), and `n`
   in another block that `a`'s dominates, so every lane that runs `n`
   passed the point before it. */
static bool pointOrders(const Checker *c, const AmdsyncNode *a,
                        const AmdsyncNode *n) {
  return c->doms && c->acyclic && a->block != n->block &&
         amdsyncCheckDominates(c->doms, a->block->id, n->block->id);
}

/* Whether async operation access `a` may still be outstanding here. */
static bool stillOutstanding(const int16_t *age,
                             const AmdsyncNode *a) {
  return age && a->u.access.counter && age[a->u.access.async_id] < kDone;
}

/* The transfer of one op on the sets, without its async effect; reports
   accesses reached by a conflicting unordered one when `report`; an access
   joins the set unless `look_only`. */
static int pairsOp(Checker *c, const AmdsyncNode *n, Set *s,
                   const int16_t *age, bool report, bool look_only) {
  AmdsyncProgram *p = c->p;
  int bad = 0;
  if (n->kind == AMDSYNC_NODE_ACCESS) {
    if (c->scope == kWithinWave && c->wave[n->id] < 0)
      return 0; /* it forms no pair within one wave */
    for (int i = 0; report && i < s->count; ++i) {
      const AmdsyncNode *a = p->accesses.items[s->items[i].rep];
      uint64_t shared = ~s->items[i].stale;
      if ((s->items[i].key & kPointed) && pointOrders(c, a, n))
        continue;
      AmdsyncHazardKind k = conflict(c, a, n, shared,
                                     s->items[i].looped | s->items[i].inside);
      if (k == AMDSYNC_HAZARD_NONE)
        continue;
      bad++;
      char da[256], db[256], msg[800];
      describeOp(c->diag, a, da, sizeof da);
      describeOp(c->diag, n, db, sizeof db);
      const char *res = p->resources[a->u.access.resource].name;
      const char *what = c->scope == kWithinWave
                             ? " or a wave-level ordering point both lanes "
                               "(of one wave) pass"
                             : "";
      char note[800];
      snprintf(msg, sizeof msg,
               "amdsync-verify: unordered %s hazard on %s: a path from %s "
               "reaches this access without crossing a barrier%s",
               amdsyncHazardName(k), res, da, what);
      snprintf(note, sizeof note,
               "amdsync-verify: unordered %s hazard on %s: a path from this "
               "access reaches %s without crossing a barrier%s",
               amdsyncHazardName(k), res, db, what);
      const char *notes[1] = {note};
      void *others[1] = {a->origin};
      amdsyncReportWithNotes(c->diag, n->origin, msg, 1, others, notes);
    }
    if (!look_only)
      setPut(s, kKeyStride * (c->keys ? c->keys[n->id] : n->u.access.key),
             n->id, 0, 0, c->within ? c->within[n->block->id] : 0);
  } else if (n->kind == AMDSYNC_NODE_BARRIER && !n->u.barrier.unfenced) {
    /* A barrier without its fences orders no memory. A transfer still outstanding at a barrier is not published by it: it
       stays pending. A wave-level ordering point publishes nothing: the
       wave's own counter wait completes the transfer for all its lanes. */
    bool wave = n->u.barrier.op == AMDSYNC_BARRIER_WAVE;
    bool full = orders(c, n);
    bool signal = n->u.barrier.op == AMDSYNC_BARRIER_SIGNAL;
    bool wait = n->u.barrier.op == AMDSYNC_BARRIER_WAIT;
    int keep = 0;
    Set moved = {NULL, 0, 0};
    for (int i = 0; i < s->count; ++i) {
      Entry e = s->items[i];
      const AmdsyncNode *a = p->accesses.items[e.rep];
      bool signalled = e.key & 1;
      bool open = !wave && stillOutstanding(age, a);
      if (full && (signalled || !open))
        continue;
      if (wait && signalled)
        continue;
      if (signal && !signalled && !open) {
        setPut(&moved, e.key | 1, e.rep, e.stale, e.looped, e.inside);
        continue;
      }
      s->items[keep++] = e;
    }
    s->count = keep;
    setJoin(s, &moved);
    free(moved.items);
  }
  return bad;
}

static int pairsTransfer(Checker *c, const AmdsyncNode *n, Set *s,
                         int16_t *age, bool report) {
  int bad = pairsOp(c, n, s, age, report, false);
  if (age)
    asyncTransfer(c, n, age);
  return bad;
}

/* A block of a one-wave workgroup that the checker finds divergent: a
   wave-level ordering point there is passed only by the lanes the branch
   let in, so it orders two accesses only when both lanes pass it: both in
   this execution of the block, the point between them. Accesses of this
   execution are kept apart (`local`) from those that came in (another
   block, an earlier iteration: maybe a lane that skips the point), which
   they neither stand for nor hide; a point orders the local ones with the
   rest of the block (`parked` until its end). */
static int divergentBlockTransfer(Checker *c, const AmdsyncBlock *b, Set *cur,
                                  int16_t *age, bool report) {
  Set local = {NULL, 0, 0}, parked = {NULL, 0, 0};
  int bad = 0;
  for (int k = 0; k < b->nops; ++k) {
    const AmdsyncNode *n = b->ops[k];
    if (n->kind == AMDSYNC_NODE_BARRIER &&
        n->u.barrier.op == AMDSYNC_BARRIER_WAVE && !n->u.barrier.unfenced) {
      setJoin(&parked, &local);
      local.count = 0;
    } else {
      bad += pairsOp(c, n, cur, age, report, true);
      bad += pairsOp(c, n, &local, age, report, false);
    }
    if (age)
      asyncTransfer(c, n, age);
  }
  setJoin(cur, &local);
  /* The ordered ones stay ordered for accesses in the blocks this one
     dominates (pointOrders). */
  if (c->doms && c->acyclic)
    for (int i = 0; i < parked.count; ++i)
      parked.items[i].key |= kPointed;
  setJoin(cur, &parked);
  free(local.items);
  free(parked.items);
  return bad;
}

static int blockTransfer(Checker *c, const AmdsyncBlock *b, Set *cur,
                         int16_t *age, bool report) {
  if (c->divergent && c->divergent[b->id])
    return divergentBlockTransfer(c, b, cur, age, report);
  int bad = 0;
  for (int k = 0; k < b->nops; ++k)
    bad += pairsTransfer(c, b->ops[k], cur, age, report);
  return bad;
}

static int checkPairs(Checker *c) {
  if (c->p->accesses.count == 0)
    return 0;
  int na = c->nasync;
  Set *in = calloc((size_t)c->nb + 1, sizeof(Set));
  Set cur = {NULL, 0, 0}, edge = {NULL, 0, 0};
  int16_t *age = na ? malloc((size_t)na * sizeof(int16_t)) : NULL;
  Queue q = queueAll(c);
  int x;
  while (queuePop(&q, &x)) {
    const AmdsyncBlock *b = c->g->blocks[x];
    setCopy(&cur, &in[x]);
    if (age)
      memcpy(age, c->age_in + (size_t)x * na, (size_t)na * sizeof(int16_t));
    blockTransfer(c, b, &cur, age, false);
    for (int s = 0; s < b->nsucc; ++s)
      if (setJoin(&in[b->succ[s]->id],
                  acrossEdge(c, &cur, b, b->succ[s], &edge)))
        queuePush(&q, b->succ[s]->id);
  }
  int bad = 0;
  for (int r = 0; r < c->norder; ++r) {
    const AmdsyncBlock *b = c->g->blocks[c->order[r]];
    setCopy(&cur, &in[b->id]);
    if (age)
      memcpy(age, c->age_in + (size_t)b->id * na, (size_t)na * sizeof(int16_t));
    bad += blockTransfer(c, b, &cur, age, true);
  }
  for (int i = 0; i < c->nb; ++i)
    free(in[i].items);
  free(in);
  free(cur.items);
  free(edge.items);
  free(age);
  queueFree(&q);
  return bad;
}

/*===--- Divergence --------------------------------------------------------------===*/

/* The checker's own post-dominators: the iterative intersection over the
   reversed graph, with one virtual exit (index nb) reached from every block
   without successors. A block that cannot reach any exit is treated as
   post-dominated by nothing (-2): everything it reaches is divergent. */
static int *postDominators(const Checker *c) {
  int nb = c->nb, exit = nb;
  int *ipd = malloc(((size_t)nb + 1) * sizeof(int));
  int *num = malloc(((size_t)nb + 1) * sizeof(int));
  int *seq = malloc(((size_t)nb + 1) * sizeof(int));
  int *stack = malloc(((size_t)nb + 1) * sizeof(int));
  int *pos = calloc((size_t)nb + 1, sizeof(int));
  for (int i = 0; i <= nb; ++i)
    ipd[i] = num[i] = -1;
  /* Post-order numbers of a DFS from the exit over reversed edges. */
  int n = 0, sp = 0;
  stack[sp++] = exit;
  num[exit] = -2; /* on the path */
  while (sp) {
    int x = stack[sp - 1];
    int y = -1;
    if (x == exit) {
      while (pos[x] < nb && y < 0) {
        int b = pos[x]++;
        if (c->rank[b] >= 0 && c->g->blocks[b]->nsucc == 0 && num[b] == -1)
          y = b;
      }
    } else {
      const AmdsyncBlock *bx = c->g->blocks[x];
      while (pos[x] < bx->npred && y < 0) {
        int b = bx->pred[pos[x]++]->id;
        if (c->rank[b] >= 0 && num[b] == -1)
          y = b;
      }
    }
    if (y >= 0) {
      num[y] = -2;
      stack[sp++] = y;
      continue;
    }
    num[x] = n;
    seq[n++] = x;
    sp--;
  }
  ipd[exit] = exit;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = n - 2; i >= 0; --i) { /* reverse post-order, exit first */
      int x = seq[i];
      const AmdsyncBlock *bx = c->g->blocks[x];
      int best = bx->nsucc == 0 ? exit : -1;
      for (int k = 0; k < bx->nsucc; ++k) {
        int y = bx->succ[k]->id;
        if (num[y] < 0 || ipd[y] < 0)
          continue;
        if (best < 0) {
          best = y;
          continue;
        }
        int u = y, v = best;
        while (u != v) {
          while (num[u] < num[v])
            u = ipd[u];
          while (num[v] < num[u])
            v = ipd[v];
        }
        best = u;
      }
      if (best != ipd[x]) {
        ipd[x] = best;
        changed = true;
      }
    }
  }
  for (int i = 0; i < nb; ++i)
    if (c->rank[i] >= 0 && num[i] < 0)
      ipd[i] = -2;
  free(num);
  free(seq);
  free(stack);
  free(pos);
  return ipd;
}

/* Lanes that left one divergent branch by different successors run the
   ops of blocks `x` and `y` at once unless both blocks are reached by one
   successor only, the same. Reports each conflicting couple there. */
static int reportConcurrent(const Checker *c, const AmdsyncBlock *x,
                            const AmdsyncBlock *y, const unsigned *label) {
  unsigned lx = label[x->id], ly = label[y->id];
  if (lx == ly && (lx & (lx - 1)) == 0)
    return 0;
  int bad = 0;
  for (int u = 0; u < x->nops; ++u)
    for (int v = x == y ? u + 1 : 0; v < y->nops; ++v) {
      const AmdsyncNode *a = x->ops[u], *b = y->ops[v];
      if (a->kind != AMDSYNC_NODE_ACCESS || b->kind != AMDSYNC_NODE_ACCESS)
        continue;
      AmdsyncHazardKind k = conflict(c, a, b, false, ~(uint64_t)0);
      if (k == AMDSYNC_HAZARD_NONE)
        k = conflict(c, b, a, false, ~(uint64_t)0);
      if (k == AMDSYNC_HAZARD_NONE)
        continue;
      bad++;
      char da[256], db[256], msg[900];
      describeOp(c->diag, a, da, sizeof da);
      describeOp(c->diag, b, db, sizeof db);
      snprintf(msg, sizeof msg,
               "amdsync-verify: %s hazard between %s and %s, which lanes that "
               "took different ways of a divergent branch run at once: no "
               "barrier can separate them",
               amdsyncHazardName(k), da, db);
      const char *notes[1] = {"amdsync-verify: the other access of this "
                              "hazard, in the other way of the branch"};
      void *others[1] = {b->origin};
      amdsyncReportWithNotes(c->diag, a->origin, msg, 1, others, notes);
    }
  return bad;
}

/* Marks every block a lane may reach from a divergent branch before the
   lanes meet again (its post-dominator), and for each such branch labels
   the blocks with the successors they are reached from (bit per successor,
   the first 31). Reports conflicting accesses that lanes of one branch run
   in different ways at once: no barrier can separate them. */
static int checkDivergence(Checker *c, char *divergent) {
  int nb = c->nb;
  int *ipd = postDominators(c);
  /* Per block, the first divergent branch found to reach it (for the
     front end's note), or -1. */
  int *cause = malloc(((size_t)nb + 1) * sizeof(int));
  if (!cause)
    abort(); /* as the other arrays of this walk would */
  for (int i = 0; i <= nb; ++i)
    cause[i] = -1;
  int *stack = malloc(((size_t)nb + 1) * sizeof(int));
  unsigned *label = calloc((size_t)nb + 1, sizeof(unsigned));
  int *touched = malloc(((size_t)nb + 1) * sizeof(int));
  int bad = 0;
  for (int r = 0; r < c->norder; ++r) {
    const AmdsyncBlock *x = c->g->blocks[c->order[r]];
    if (x->nsucc < 2 || x->branch_uniform)
      continue;
    int join = ipd[x->id], ntouched = 0;
    for (int k = 0; k < x->nsucc; ++k) {
      unsigned bit = k < 31 ? 1u << k : 1u << 31;
      int sp = 0;
      if (x->succ[k]->id != join)
        stack[sp++] = x->succ[k]->id;
      while (sp) {
        int y = stack[--sp];
        if (label[y] & bit)
          continue;
        if (!label[y])
          touched[ntouched++] = y;
        label[y] |= bit;
        divergent[y] = 1;
        if (cause[y] < 0)
          cause[y] = x->id;
        const AmdsyncBlock *by = c->g->blocks[y];
        for (int s = 0; s < by->nsucc; ++s)
          if (by->succ[s]->id != join && !(label[by->succ[s]->id] & bit))
            stack[sp++] = by->succ[s]->id;
      }
    }
    /* Accesses that lanes which went different ways may run at once. */
    for (int i = 0; i < ntouched; ++i)
      for (int j = i; j < ntouched; ++j)
        bad += reportConcurrent(c, c->g->blocks[touched[i]],
                                c->g->blocks[touched[j]], label);
    for (int i = 0; i < ntouched; ++i)
      label[touched[i]] = 0;
  }
  /* Blocks that reach no exit (endless loops) after a divergent split are
     covered above; one that never meets the others again has join -2. */
  free(ipd);
  free(stack);
  free(label);
  free(touched);
  for (int r = 0; r < c->norder; ++r) {
    const AmdsyncBlock *b = c->g->blocks[c->order[r]];
    if (!divergent[b->id])
      continue;
    for (int k = 0; k < b->nops; ++k) {
      const AmdsyncNode *n = b->ops[k];
      void *branch = cause[b->id] >= 0
                         ? c->g->blocks[cause[b->id]]->branch_origin
                         : NULL;
      if (n->kind == AMDSYNC_NODE_ACCESS &&
          (n->u.access.flags & AMDSYNC_ACCESS_BARRIER_CALL)) {
        bad++;
        divergentAt(c->diag, n,
                    "amdsync-verify: call of a function that executes a "
                    "workgroup barrier, in control flow that may diverge "
                    "within the workgroup (waves that skip it never arrive: "
                    "hang)",
                    branch);
        continue;
      }
      if (n->kind != AMDSYNC_NODE_BARRIER || n->u.barrier.op == AMDSYNC_BARRIER_WAVE)
        continue; /* a wave barrier only orders code motion */
      bad++;
      divergentAt(c->diag, n,
                  "amdsync-verify: barrier in control flow that may diverge "
                  "within the workgroup (waves that skip it never arrive: "
                  "hang)",
                  branch);
    }
  }
  free(cause);
  return bad;
}

/*===--- Split-barrier phase --------------------------------------------------===*/

enum { kNone = 1, kOutstanding = 2 };

static int checkPhases(Checker *c) {
  AmdsyncProgram *p = c->p;
  bool any = false;
  for (int i = 0; i < p->barriers.count && !any; ++i) {
    AmdsyncBarrierOp op = ((AmdsyncNode *)p->barriers.items[i])->u.barrier.op;
    any = op == AMDSYNC_BARRIER_SIGNAL || op == AMDSYNC_BARRIER_WAIT;
  }
  if (!any)
    return 0;
  int nb = c->nb;
  unsigned char *in = calloc((size_t)nb + 1, 1);
  char *reported = calloc((size_t)p->barriers.count + 1, 1);
  in[c->g->entry->id] = kNone;
  int bad = 0;
  Queue q = queueAll(c);
  int x;
  bool exit_outstanding = false;
  while (queuePop(&q, &x)) {
    const AmdsyncBlock *b = c->g->blocks[x];
    unsigned char ph = in[x];
    if (!ph)
      continue;
    for (int k = 0; k < b->nops; ++k) {
      const AmdsyncNode *n = b->ops[k];
      if (n->kind != AMDSYNC_NODE_BARRIER)
        continue;
      AmdsyncBarrierOp op = n->u.barrier.op;
      const char *msg = NULL;
      if (op == AMDSYNC_BARRIER_SIGNAL) {
        if (ph & kOutstanding)
          msg = "amdsync-verify: split barrier signal while a signal is "
                "still outstanding on some path (two signals in a row)";
        ph = kOutstanding;
      } else if (op == AMDSYNC_BARRIER_WAIT) {
        if (ph & kNone)
          msg = "amdsync-verify: split barrier wait with no signal before it "
                "on some path";
        ph = kNone;
      } else if (op == AMDSYNC_BARRIER_FULL && (ph & kOutstanding)) {
        msg = "amdsync-verify: barrier while a split signal is outstanding";
      }
      if (msg && !reported[n->id]) {
        reported[n->id] = 1;
        bad++;
        errorAt(c->diag, n, msg);
      }
    }
    if (b->nsucc == 0 && (ph & kOutstanding))
      exit_outstanding = true;
    for (int s = 0; s < b->nsucc; ++s) {
      int y = b->succ[s]->id;
      if ((in[y] | ph) != in[y]) {
        in[y] |= ph;
        queuePush(&q, y);
      }
    }
  }
  queueFree(&q);
  if (exit_outstanding) {
    /* Blame the signals from which an exit is reachable without a wait:
       per block, whether its entry reaches an exit wait-free (backward,
       to a fixpoint). */
    char *free_in = calloc((size_t)nb + 1, 1);
    for (bool changed = true; changed;) {
      changed = false;
      for (int r = c->norder - 1; r >= 0; --r) {
        const AmdsyncBlock *b = c->g->blocks[c->order[r]];
        bool out = b->nsucc == 0;
        for (int s = 0; s < b->nsucc && !out; ++s)
          out = free_in[b->succ[s]->id];
        bool reach = out;
        for (int k = b->nops - 1; k >= 0; --k) {
          const AmdsyncNode *n = b->ops[k];
          if (n->kind == AMDSYNC_NODE_BARRIER &&
              n->u.barrier.op == AMDSYNC_BARRIER_WAIT)
            reach = false;
          if (n->kind == AMDSYNC_NODE_BARRIER &&
              n->u.barrier.op == AMDSYNC_BARRIER_SIGNAL && reach &&
              in[b->id] && !reported[n->id]) {
            reported[n->id] = 1;
            bad++;
            errorAt(c->diag, n,
                    "amdsync-verify: split barrier signal may reach the end "
                    "of the function without its wait (orphan signal)");
          }
        }
        if (reach && !free_in[b->id]) {
          free_in[b->id] = 1;
          changed = true;
        }
      }
    }
    free(free_in);
  }
  free(in);
  free(reported);
  return bad;
}

/* Barriers written without the fences that make them order memory. */
static int checkFences(Checker *c) {
  int bad = 0;
  for (int i = 0; i < c->p->barriers.count; ++i) {
    const AmdsyncNode *n = c->p->barriers.items[i];
    if (!n->u.barrier.unfenced)
      continue;
    bad++;
    AmdsyncBarrierOp op = n->u.barrier.op;
    unsigned m = n->u.barrier.unfenced;
    const char *what = op == AMDSYNC_BARRIER_WAVE     ? "wave barrier"
                       : op == AMDSYNC_BARRIER_SIGNAL ? "split barrier signal"
                       : op == AMDSYNC_BARRIER_WAIT   ? "split barrier wait"
                                                      : "barrier";
    const char *scope = op == AMDSYNC_BARRIER_WAVE ? "wavefront" : "workgroup";
    char msg[400];
    if (n->u.barrier.waits_after_release &&
        m == AMDSYNC_MISSING_RELEASE) {
      snprintf(msg, sizeof msg,
               "amdsync-verify: %s after a counter wait that follows its "
               "release fence: the asynchronous transfers the wait completes "
               "finish after the release, so the %s publishes none of them "
               "to other waves (the wait must come before the fence)",
               what, what);
      errorAt(c->diag, n, msg);
      continue;
    }
    snprintf(msg, sizeof msg,
             "amdsync-verify: %s without %s-scope fences: no %s%s%s; it orders "
             "no LDS access (the compiler and the hardware may move accesses "
             "across it)",
             what, scope,
             (m & AMDSYNC_MISSING_RELEASE) ? "release fence before it" : "",
             (m & AMDSYNC_MISSING_RELEASE) && (m & AMDSYNC_MISSING_ACQUIRE)
                 ? " and "
                 : "",
             (m & AMDSYNC_MISSING_ACQUIRE) ? "acquire fence after it" : "");
    errorAt(c->diag, n, msg);
  }
  return bad;
}

/* Each access's wave by the checker's own enumeration (a workgroup of
   several waves); NULL when no access has one. */
static int *accessWaves(Checker *c) {
  const AmdsyncProgram *p = c->p;
  if (!c->footprints || p->wave_size <= 0)
    return NULL;
  int n = p->accesses.count;
  int *wave = malloc(((size_t)n + 1) * sizeof(int));
  if (!wave)
    abort();
  bool any = false;
  for (int i = 0; i < n; ++i) {
    wave[i] = amdsyncFootprintsWave(c->footprints, p->accesses.items[i],
                                    p->wave_size);
    any |= wave[i] >= 0;
  }
  if (!any) {
    free(wave);
    return NULL;
  }
  return wave;
}

AmdsyncCheckResult amdsyncCheck(AmdsyncProgram *p,
                                const AmdsyncDiagnostics *diag) {
  AmdsyncCheckResult r;
  memset(&r, 0, sizeof r);
  amdsyncProgramFinalize(p);
  assert(p->cfg);
  Checker c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.g = p->cfg;
  c.diag = diag;
  c.nb = c.g->nblocks;
  c.nasync = p->async_ops.count;
  dfsOrder(&c);
  bool forms = false;
  for (int i = 0; i < p->accesses.count && !forms; ++i)
    forms = ((const AmdsyncNode *)p->accesses.items[i])->u.access.index;
  /* Its own dominators, once: for the footprints' guards, and for ordering
     points across blocks (pointOrders). */
  if (forms || p->single_wave)
    c.doms = amdsyncCheckDominators(c.g, c.order, c.norder, c.rank);
  if (forms) {
    c.footprints =
        amdsyncFootprintsCreate(p, c.order, c.norder, c.rank, c.doms);
    c.defines = calloc((size_t)c.nb + 1, sizeof(uint64_t));
    if (!c.defines)
      abort();
    c.within = calloc((size_t)c.nb + 1, sizeof(uint64_t));
    /* Per loop, the symbols with first rows whose loop holds it. */
    uint64_t *held = calloc((size_t)c.g->nloops + 1, sizeof(uint64_t));
    if (!c.within || !held)
      abort();
    for (int s = 0; s < p->nsymbols; ++s) {
      const AmdsyncBlock *d = p->symbol_def[s];
      if (!d)
        continue;
      uint64_t bit = amdsyncSymbolBit(AMDSYNC_VAR_SYMBOL + s);
      c.defines[d->id] |= bit;
      /* The head of the model's loop around the block too: a counted
         loop's edits may enter its body from the preheader directly,
         never through the block (a review's break out of such a loop,
         through an outer one, back into its first row). */
      if (d->loop >= 0)
        c.defines[c.g->loops[d->loop].header] |= bit;
      if (d->loop >= 0 && p->symbol_first[s])
        held[d->loop] |= bit;
    }
    /* A loop's parent comes before it (cfg.c), so one pass hands each
       loop the symbols of the loops around it. */
    for (int l = 0; l < c.g->nloops; ++l) {
      int up = c.g->loops[l].parent;
      assert(up < l);
      if (up >= 0)
        held[l] |= held[up];
    }
    for (int b = 0; b < c.nb; ++b)
      if (c.g->blocks[b]->loop >= 0)
        c.within[b] = held[c.g->blocks[b]->loop];
    free(held);
    c.keys = checkerKeys(&c);
  }
  if (!p->single_wave)
    c.wave = accessWaves(&c);
  char *divergent = calloc((size_t)c.nb + 1, 1);
  char *quiet = NULL;
  if (p->single_wave || c.wave) {
    /* The divergence first, for the pairs; its reports come after them. */
    quiet = calloc((size_t)c.nb + 1, 1);
    c.diag = NULL;
    checkDivergence(&c, quiet);
    c.diag = diag;
  }
  r.async_errors = checkAsync(&c);
  if (p->single_wave) {
    c.divergent = quiet;
    c.wave_rules = true;
    r.unordered_pairs = checkPairs(&c);
  } else if (c.wave) {
    c.scope = kAcrossWaves;
    r.unordered_pairs = checkPairs(&c);
    c.scope = kWithinWave;
    c.divergent = quiet;
    c.wave_rules = true;
    r.unordered_pairs += checkPairs(&c);
  } else {
    r.unordered_pairs = checkPairs(&c);
  }
  c.scope = kAllPairs; /* the rest asks about every pair */
  c.divergent = NULL;
  c.wave_rules = false;
  r.divergent_barriers = checkDivergence(&c, divergent);
  free(quiet);
  r.split_errors = checkPhases(&c);
  r.unfenced_barriers = checkFences(&c);
  free(divergent);
  free(c.order);
  free(c.rank);
  free(c.age_in);
  free(c.wave);
  amdsyncCheckDominatorsFree(c.doms);
  free(c.defines);
  free(c.within);
  free(c.keys);
  amdsyncFootprintsDestroy(c.footprints);
  return r;
}
