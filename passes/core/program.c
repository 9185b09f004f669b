/*===- program.c - Building and querying the program model -----------------===*
 *
 * Owns the model's constructors, pre-order numbering, and the facts every
 * later stage asks of it: aliasing, hazard kinds (brief §1), divergence and
 * execution weight of a position.
 *===----------------------------------------------------------------------===*/
#include "amdsync/program.h"

#include <assert.h>
#include "amdsync/cfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>


AmdsyncProgram *amdsyncProgramCreate(AmdsyncArena *arena) {
  AmdsyncProgram *p = amdsyncArenaAlloc(arena, sizeof(AmdsyncProgram));
  p->arena = arena;
  return p;
}

int amdsyncProgramAddResource(AmdsyncProgram *p, AmdsyncResourceKind kind,
                              const char *name) {
  if (p->nresources == p->resources_capacity) {
    int cap = p->resources_capacity ? 2 * p->resources_capacity : 8;
    AmdsyncResource *r =
        amdsyncArenaAlloc(p->arena, (size_t)cap * sizeof(AmdsyncResource));
    if (p->nresources)
      memcpy(r, p->resources, (size_t)p->nresources * sizeof(AmdsyncResource));
    p->resources = r;
    p->resources_capacity = cap;
  }
  p->resources[p->nresources].kind = kind;
  p->resources[p->nresources].name =
      name ? amdsyncArenaStrndup(p->arena, name, strlen(name)) : "?";
  return p->nresources++;
}

static AmdsyncNode *newNode(AmdsyncProgram *p, AmdsyncNodeKind kind,
                            void *origin) {
  AmdsyncNode *n = amdsyncArenaAlloc(p->arena, sizeof(AmdsyncNode));
  n->kind = kind;
  n->origin = origin;
  return n;
}

AmdsyncNode *amdsyncAccessCreate(AmdsyncProgram *p, void *origin,
                                 unsigned flags, int resource, int64_t lo,
                                 int64_t hi) {
  AmdsyncNode *n = newNode(p, AMDSYNC_NODE_ACCESS, origin);
  /* Atomics and DMA writes are READ_WRITE (placement spec, glossary). */
  if (flags & AMDSYNC_ACCESS_ATOMIC)
    flags |= AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE;
  n->u.access.flags = flags;
  n->u.access.resource = resource;
  n->u.access.lo = lo;
  n->u.access.hi = hi;
  n->u.access.async_id = -1;
  return n;
}

void amdsyncAccessSetAddress(AmdsyncProgram *p, AmdsyncNode *n,
                             const AmdsyncLinear *addr, int64_t width) {
  assert(!p->finalized && n->kind == AMDSYNC_NODE_ACCESS && width >= 1);
  AmdsyncAccessIndex *ia = amdsyncArenaAlloc(p->arena, sizeof *ia);
  ia->addr = *addr;
  ia->width = width;
  ia->wave = -1;
  ia->case_var = -1;
  n->u.access.index = ia;
}

static int linearOrder(const AmdsyncLinear *a, const AmdsyncLinear *b);

void amdsyncAccessSetCases(AmdsyncProgram *p, AmdsyncNode *n, int case_var,
                           const AmdsyncLinear *cases, int ncases,
                           int64_t width) {
  assert(ncases >= 1 && case_var >= AMDSYNC_VAR_SYMBOL &&
         case_var < AMDSYNC_VAR_SYMBOL + p->nsymbols);
  assert(p->symbol_range[case_var - AMDSYNC_VAR_SYMBOL].has_lo &&
         p->symbol_range[case_var - AMDSYNC_VAR_SYMBOL].lo == 0 &&
         p->symbol_range[case_var - AMDSYNC_VAR_SYMBOL].has_hi &&
         p->symbol_range[case_var - AMDSYNC_VAR_SYMBOL].hi == ncases - 1);
  amdsyncAccessSetAddress(p, n, &cases[0], width);
  AmdsyncAccessIndex *ia = n->u.access.index;
  ia->case_var = case_var;
  ia->ncases = ncases;
  ia->cases = NULL; /* one form in every case: not copied */
  for (int k = 1; k < ncases; ++k)
    if (linearOrder(&cases[k], &cases[0]) != 0) {
      AmdsyncLinear *copy =
          amdsyncArenaAlloc(p->arena, (size_t)ncases * sizeof *copy);
      memcpy(copy, cases, (size_t)ncases * sizeof *copy);
      ia->cases = copy;
      break;
    }
}

/* How many cases `ia` has (1 when not split). */
static int caseCount(const AmdsyncAccessIndex *ia) {
  return ia->case_var < 0 ? 1 : ia->ncases;
}

int amdsyncProgramAddSymbol(AmdsyncProgram *p, AmdsyncBlock *def,
                            AmdsyncRange range) {
  assert(!p->finalized && def);
  if (p->nsymbols == p->symbols_capacity) {
    int cap = p->symbols_capacity ? 2 * p->symbols_capacity : 8;
    AmdsyncRange *r = amdsyncArenaAlloc(p->arena, (size_t)cap * sizeof *r);
    AmdsyncBlock **d = amdsyncArenaAlloc(p->arena, (size_t)cap * sizeof *d);
    uint64_t *f = amdsyncArenaAlloc(p->arena, (size_t)cap * sizeof *f);
    uint64_t *st = amdsyncArenaAlloc(p->arena, (size_t)cap * sizeof *st);
    if (p->nsymbols) {
      memcpy(r, p->symbol_range, (size_t)p->nsymbols * sizeof *r);
      memcpy(d, p->symbol_def, (size_t)p->nsymbols * sizeof *d);
      memcpy(f, p->symbol_final, (size_t)p->nsymbols * sizeof *f);
      memcpy(st, p->symbol_first, (size_t)p->nsymbols * sizeof *st);
    }
    p->symbol_range = r;
    p->symbol_def = d;
    p->symbol_final = f;
    p->symbol_first = st;
    p->symbols_capacity = cap;
  }
  p->symbol_range[p->nsymbols] = range;
  p->symbol_def[p->nsymbols] = def;
  p->symbol_final[p->nsymbols] = 0;
  p->symbol_first[p->nsymbols] = 0;
  return AMDSYNC_VAR_SYMBOL + p->nsymbols++;
}

void amdsyncProgramSetSymbolRows(AmdsyncProgram *p, int var, uint64_t first,
                                 uint64_t final) {
  int s = var - AMDSYNC_VAR_SYMBOL;
  assert(!p->finalized && s >= 0 && s < p->nsymbols);
  assert(p->symbol_range[s].has_lo && p->symbol_range[s].lo == 0);
  p->symbol_first[s] = first;
  p->symbol_final[s] = final;
}

bool amdsyncProgramFormRange(const AmdsyncProgram *p, const AmdsyncLinear *f,
                             int64_t *lo, int64_t *hi) {
  AmdsyncSymbols syms = {p ? p->nsymbols : 0, p ? p->symbol_range : NULL};
  return amdsyncLinearRange(f, AMDSYNC_TID_MAX, &syms, lo, hi);
}

void amdsyncProgramSetWorkgroup(AmdsyncProgram *p, const int64_t size[3],
                                int64_t lanes, bool exact) {
  assert(!p->finalized);
  for (int d = 0; d < 3; ++d)
    p->wg_size[d] = size[d] > 0 && size[d] <= AMDSYNC_TID_MAX + 1 ? size[d] : 0;
  p->wg_lanes = lanes > 0 && lanes <= AMDSYNC_TID_MAX + 1 ? lanes : 0;
  p->wg_exact = exact;
}

void amdsyncWorkgroupDimsApply(int64_t size[3], int dims) {
  for (int d = dims >= 1 && dims <= 2 ? dims : 3; d < 3; ++d)
    if (size[d] <= 0)
      size[d] = 1;
}

void amdsyncAccessSetAsync(AmdsyncNode *access, AmdsyncCounter counter) {
  access->u.access.counter = counter;
}

AmdsyncNode *amdsyncMarkCreate(AmdsyncProgram *p, void *origin) {
  return newNode(p, AMDSYNC_NODE_MARK, origin);
}

AmdsyncNode *amdsyncWaitCreate(AmdsyncProgram *p, void *origin,
                               AmdsyncCounter counter, int count) {
  AmdsyncNode *n = newNode(p, AMDSYNC_NODE_WAIT, origin);
  n->u.wait.counter = counter;
  n->u.wait.count = count;
  return n;
}

AmdsyncNode *amdsyncBarrierCreate(AmdsyncProgram *p, void *origin,
                                  AmdsyncBarrierOp op) {
  AmdsyncNode *n = newNode(p, AMDSYNC_NODE_BARRIER, origin);
  n->u.barrier.op = op;
  return n;
}

/*===--- Finalize ------------------------------------------------------------===*/

/* Gives an op its dense id among the ops of its kind. */
static void registerNode(AmdsyncProgram *p, AmdsyncNode *n) {
  switch (n->kind) {
  case AMDSYNC_NODE_ACCESS:
    n->id = p->accesses.count;
    amdsyncPtrVecPush(p->arena, &p->accesses, n);
    if (n->u.access.counter != AMDSYNC_COUNTER_NONE) {
      n->u.access.async_id = p->async_ops.count;
      amdsyncPtrVecPush(p->arena, &p->async_ops, n);
    }
    break;
  case AMDSYNC_NODE_MARK:
  case AMDSYNC_NODE_WAIT:
    n->id = p->waits.count;
    amdsyncPtrVecPush(p->arena, &p->waits, n);
    break;
  case AMDSYNC_NODE_BARRIER:
    n->id = p->barriers.count;
    amdsyncPtrVecPush(p->arena, &p->barriers, n);
    break;
  }
}

static int linearOrder(const AmdsyncLinear *a, const AmdsyncLinear *b) {
  if (a->c != b->c)
    return a->c < b->c ? -1 : 1;
  if (a->nterms != b->nterms)
    return a->nterms < b->nterms ? -1 : 1;
  for (int i = 0; i < a->nterms; ++i) {
    if (a->var[i] != b->var[i])
      return a->var[i] < b->var[i] ? -1 : 1;
    if (a->coef[i] != b->coef[i])
      return a->coef[i] < b->coef[i] ? -1 : 1;
  }
  return 0;
}

static int int64Order(int64_t a, int64_t b) { return (a > b) - (a < b); }

/* Threads in a key: bounds and residues. */
static int threadsOrder(const AmdsyncThreads *ta, const AmdsyncThreads *tb) {
  int c = 0;
  for (int d = 0; d < 3 && c == 0 && ta != tb; ++d) {
    if (ta->has_hi[d] != tb->has_hi[d])
      return ta->has_hi[d] - tb->has_hi[d];
    c = linearOrder(&ta->lo[d], &tb->lo[d]);
    if (c == 0 && ta->has_hi[d])
      c = linearOrder(&ta->hi[d], &tb->hi[d]);
    if (c == 0)
      c = int64Order(ta->mod[d], tb->mod[d]);
    if (c == 0 && ta->mod[d] > 1)
      c = int64Order(ta->rlo[d], tb->rlo[d]) ? int64Order(ta->rlo[d], tb->rlo[d])
                                            : int64Order(ta->rhi[d], tb->rhi[d]);
  }
  return c;
}

/* Index forms in a key: accesses the proofs may treat differently never
   share one (a merged producer, or one standing for another, must conflict
   with whatever the accesses it stands for conflict with). */
static int indexOrderBy(const AmdsyncAccessIndex *a,
                        const AmdsyncAccessIndex *b, bool case_var) {
  if (!a || !b)
    return (a != NULL) - (b != NULL);
  if (a->width != b->width)
    return a->width < b->width ? -1 : 1;
  int c = linearOrder(&a->addr, &b->addr);
  if (c == 0 && case_var && a->case_var != b->case_var)
    c = a->case_var < b->case_var ? -1 : 1;
  if (c == 0 && (a->case_var < 0) != (b->case_var < 0))
    c = a->case_var < 0 ? -1 : 1;
  if (c == 0 && caseCount(a) != caseCount(b))
    c = caseCount(a) < caseCount(b) ? -1 : 1;
  for (int k = 1; c == 0 && k < caseCount(a); ++k)
    c = linearOrder(amdsyncIndexCaseAddr(a, k), amdsyncIndexCaseAddr(b, k));
  if (c == 0)
    c = threadsOrder(a->threads, b->threads);
  if (c == 0 && (a->case_threads == NULL) != (b->case_threads == NULL))
    c = a->case_threads == NULL ? -1 : 1;
  for (int k = 0; c == 0 && a->case_threads && k < a->ncases; ++k)
    c = threadsOrder(a->case_threads[k], b->case_threads[k]);
  return c;
}

static int indexOrder(const AmdsyncAccessIndex *a,
                      const AmdsyncAccessIndex *b) {
  return indexOrderBy(a, b, true);
}

static int accessOrder(const void *x, const void *y) {
  const AmdsyncNode *a = *(AmdsyncNode *const *)x, *b = *(AmdsyncNode *const *)y;
  const int64_t ka[] = {a->u.access.resource, a->u.access.flags,
                        a->u.access.lo, a->u.access.hi, a->u.access.counter};
  const int64_t kb[] = {b->u.access.resource, b->u.access.flags,
                        b->u.access.lo, b->u.access.hi, b->u.access.counter};
  for (int i = 0; i < 5; ++i)
    if (ka[i] != kb[i])
      return ka[i] < kb[i] ? -1 : 1;
  return indexOrder(a->u.access.index, b->u.access.index);
}

/*===--- Threads of an access ------------------------------------------------===*/

/* True when every variable of `a` is a thread id or a symbol of `p`. */
static bool knownVariables(const AmdsyncProgram *p, const AmdsyncLinear *a) {
  for (int i = 0; i < a->nterms; ++i)
    if (a->var[i] >= AMDSYNC_VAR_SYMBOL + p->nsymbols)
      return false;
  return true;
}

/* Whether the index form of access `n` may stand: a plain load, store or
   atomic of an allocation, a global or a pointer argument the same in
   every lane (the form counts from its start; the front end gives an
   argument's form only then),
   whose bytes the thread's own program order orders with its other
   accesses. An asynchronous transfer or a DMA completes on a counter, not
   in program order; a call touches what its callee does. */
static bool indexMayStand(const AmdsyncProgram *p, const AmdsyncNode *n) {
  const AmdsyncAccessIndex *ia = n->u.access.index;
  AmdsyncResourceKind kind = p->resources[n->u.access.resource].kind;
  if (!ia)
    return false;
  for (int k = 0; k < caseCount(ia); ++k)
    if (!knownVariables(p, amdsyncIndexCaseAddr(ia, k)))
      return false;
  return (ia->case_var < 0 ||
          ia->case_var < AMDSYNC_VAR_SYMBOL + p->nsymbols) &&
         kind != AMDSYNC_RES_UNKNOWN &&
         n->u.access.counter == AMDSYNC_COUNTER_NONE &&
         !(n->u.access.flags & (AMDSYNC_ACCESS_DMA | AMDSYNC_ACCESS_CALL |
                                AMDSYNC_ACCESS_BARRIER_CALL));
}

/* The thread ids of the workgroup: 0 <= tid[d] < its size and below the
   lanes in all (no dimension is wider than the workgroup: a flat size of
   512 bounds tid.x by 512 where a `range` on it says 1,024), or 1,024. */
static AmdsyncThreads workgroupThreads(const AmdsyncProgram *p) {
  int64_t size[3];
  for (int d = 0; d < 3; ++d) {
    size[d] = p->wg_size[d] > 0 ? p->wg_size[d] : AMDSYNC_TID_MAX + 1;
    if (p->wg_lanes > 0 && p->wg_lanes < size[d])
      size[d] = p->wg_lanes;
  }
  return amdsyncThreadsOfSize(size);
}

/* Narrows `t`, the threads of a block, by guard `gd` of an edge into a
   block it dominates. A bound over symbols and a constant cannot be
   compared: the inner guard's bound wins; two constants give the tighter. */
static void narrowByGuard(const AmdsyncProgram *p, AmdsyncThreads *t,
                          const AmdsyncGuard *gd) {
  int d = gd->dim;
  assert(d >= 0 && d < 3);
  if (gd->mod > 1) {
    /* A residue: kept where none is yet, or narrowed where the modulus is
       the same; another modulus keeps the first (either is implied). */
    assert((gd->mod & (gd->mod - 1)) == 0 && !gd->lo.nterms && !gd->hi.nterms);
    if (t->mod[d] <= 1) {
      t->mod[d] = gd->mod;
      t->rlo[d] = gd->lo.c;
      t->rhi[d] = gd->hi.c;
    } else if (t->mod[d] == gd->mod) {
      t->rlo[d] = gd->lo.c > t->rlo[d] ? gd->lo.c : t->rlo[d];
      t->rhi[d] = gd->hi.c < t->rhi[d] ? gd->hi.c : t->rhi[d];
    }
    return;
  }
  if (gd->has_lo && knownVariables(p, &gd->lo) &&
      (gd->lo.nterms || t->lo[d].nterms || gd->lo.c > t->lo[d].c))
    t->lo[d] = gd->lo;
  if (gd->has_hi && knownVariables(p, &gd->hi) &&
      (!t->has_hi[d] || gd->hi.nterms || t->hi[d].nterms ||
       gd->hi.c < t->hi[d].c)) {
    t->hi[d] = gd->hi;
    t->has_hi[d] = true;
  }
}

/* The guards on the edge into `b` when every lane that reaches `b` takes
   it: `b`'s reachable predecessors are its immediate dominator, with one
   edge to it, and blocks `b` dominates (back edges: a loop whose header
   only the guarded edge enters, `if (tid == 255) for (q ...)`; lanes come
   round only from inside). Returns that block, or NULL. */
static const AmdsyncBlock *guardingBlock(const AmdsyncCfg *g,
                                         const AmdsyncBlock *b) {
  if (b->idom < 0)
    return NULL;
  const AmdsyncBlock *from = g->blocks[b->idom];
  int edges = 0;
  for (int k = 0; k < b->npred; ++k) {
    const AmdsyncBlock *q = b->pred[k];
    if (q->rpo >= 0 && q != from && !amdsyncCfgDominates(g, b->id, q->id))
      return NULL;
  }
  for (int k = 0; k < from->nsucc; ++k)
    edges += from->succ[k] == b;
  return edges == 1 && from->nguards ? from : NULL;
}

/* The threads that may run each reachable block (`at`, by block id): the
   workgroup's, narrowed by the guard of every edge that dominates the block
   (an edge P -> X where P is X's only predecessor but for back edges, and X
   dominates the block: every lane that reaches it took the edge). A guard's symbols hold at the block
   the values the guard saw: a path that defines one again after the edge
   reaches the block only through the edge again (X dominates it). Computed
   down the dominator tree in reverse post-order; a block without a guard
   of its own shares its dominator's (the threads of guarded blocks only
   are allocated). */
static void blockThreads(const AmdsyncProgram *p, const AmdsyncThreads *all,
                         const AmdsyncThreads **at) {
  const AmdsyncCfg *g = p->cfg;
  for (int r = 0; r < g->nreachable; ++r) {
    const AmdsyncBlock *b = g->blocks[g->rpo_order[r]];
    if (b->idom < 0) {
      at[b->id] = all;
      continue;
    }
    const AmdsyncThreads *parent = at[b->idom];
    assert(parent);
    at[b->id] = parent;
    const AmdsyncBlock *from = guardingBlock(g, b);
    for (int k = 0; from && k < from->nguards; ++k) {
      if (from->guards[k].to != b ||
          from->guards[k].case_var >= AMDSYNC_VAR_SYMBOL)
        continue; /* not this edge's, or one iteration's (caseThreads) */
      if (at[b->id] == parent) {
        AmdsyncThreads *t = amdsyncArenaAlloc(p->arena, sizeof *t);
        *t = *parent;
        at[b->id] = t;
      }
      narrowByGuard(p, (AmdsyncThreads *)at[b->id], &from->guards[k]);
    }
  }
}

/* narrowByGuard for a guard of one iteration: a residue as there, a range
   only where it is tighter than a constant bound (a bound over symbols
   stays: the case's range of a counter's `lid < s` is constant, the
   symbol s in the address is not, and only the symbolic bound relates
   the two). Either bound holds; this keeps the one the proofs can use. */
static void narrowByCaseGuard(const AmdsyncProgram *p, AmdsyncThreads *t,
                              const AmdsyncGuard *gd) {
  int d = gd->dim;
  if (gd->mod > 1) {
    narrowByGuard(p, t, gd);
    return;
  }
  if (gd->has_lo && !gd->lo.nterms && !t->lo[d].nterms &&
      gd->lo.c > t->lo[d].c)
    t->lo[d] = gd->lo;
  if (gd->has_hi && !gd->hi.nterms &&
      (!t->has_hi[d] || (!t->hi[d].nterms && gd->hi.c < t->hi[d].c))) {
    t->hi[d] = gd->hi;
    t->has_hi[d] = true;
  }
}

/* The guards of one iteration on the edge into `b` that every lane
   reaching `b` takes (guardingBlock), from `*i` on: the next one, or
   NULL. */
static const AmdsyncGuard *nextCaseGuard(const AmdsyncCfg *g,
                                         const AmdsyncBlock *b, int *i) {
  const AmdsyncBlock *from = guardingBlock(g, b);
  for (; from && *i < from->nguards; ++*i)
    if (from->guards[*i].to == b &&
        from->guards[*i].case_var >= AMDSYNC_VAR_SYMBOL)
      return &from->guards[(*i)++];
  return NULL;
}

/* Per block, the nearest block at or above it in the dominator tree whose
   entering edge carries a guard of one iteration, or -1 (NULL when no
   block has one: most functions). */
static int *caseGuardedAbove(const AmdsyncProgram *p) {
  const AmdsyncCfg *g = p->cfg;
  int *up = NULL;
  for (int r = 0; r < g->nreachable; ++r) {
    const AmdsyncBlock *b = g->blocks[g->rpo_order[r]];
    int i = 0;
    bool here = nextCaseGuard(g, b, &i) != NULL;
    if (!up && !here)
      continue;
    if (!up) {
      up = amdsyncArenaAlloc(p->arena, ((size_t)g->nblocks + 1) * sizeof(int));
      for (int k = 0; k <= g->nblocks; ++k)
        up[k] = -1;
    }
    up[b->id] = here ? b->id : b->idom >= 0 ? up[b->idom] : -1;
  }
  return up;
}

/* Threads of cases, one object per value (threadsSame): a tree
   reduction's cases (tid < 128, tid < 64, ...) repeat in every reduction
   of the function. Open addressing, at most half full; malloc'd for one
   boundThreads. */
typedef struct {
  const AmdsyncThreads **slots;
  size_t cap, count;
} ThreadsSet;

static uint64_t threadsHash(uint64_t h, const AmdsyncThreads *t);

/* Every field of `a` and `b` alike (not only those threadsOrder reads). */
static bool threadsSame(const AmdsyncThreads *a, const AmdsyncThreads *b) {
  for (int d = 0; d < 3; ++d)
    if (linearOrder(&a->lo[d], &b->lo[d]) || linearOrder(&a->hi[d], &b->hi[d]) ||
        a->has_hi[d] != b->has_hi[d] || a->mod[d] != b->mod[d] ||
        a->rlo[d] != b->rlo[d] || a->rhi[d] != b->rhi[d])
      return false;
  return true;
}

/* The set's object equal to `t`, made (in the arena) when there is none. */
static const AmdsyncThreads *internThreads(AmdsyncProgram *p, ThreadsSet *set,
                                           const AmdsyncThreads *t) {
  if (2 * (set->count + 1) > set->cap) {
    size_t cap = set->cap ? 2 * set->cap : 64;
    const AmdsyncThreads **slots = calloc(cap, sizeof *slots);
    if (!slots)
      abort();
    for (size_t i = 0; i < set->cap; ++i) {
      if (!set->slots[i])
        continue;
      size_t j = (size_t)threadsHash(0, set->slots[i]) & (cap - 1);
      while (slots[j])
        j = (j + 1) & (cap - 1);
      slots[j] = set->slots[i];
    }
    free(set->slots);
    set->slots = slots;
    set->cap = cap;
  }
  size_t j = (size_t)threadsHash(0, t) & (set->cap - 1);
  for (; set->slots[j]; j = (j + 1) & (set->cap - 1))
    if (threadsSame(set->slots[j], t))
      return set->slots[j];
  AmdsyncThreads *copy = amdsyncArenaAlloc(p->arena, sizeof *copy);
  *copy = *t;
  set->slots[j] = copy;
  set->count++;
  return copy;
}

/* The threads of case `k` of a split on `case_var` in block `b`: `base`
   (the block's) narrowed by the guards of that iteration on the edges
   that dominate it (`up`: caseGuardedAbove), one object per value
   (`set`). */
static const AmdsyncThreads *caseThreads(AmdsyncProgram *p, ThreadsSet *set,
                                         const int *up, const AmdsyncBlock *b,
                                         const AmdsyncThreads *base,
                                         int case_var, int k) {
  const AmdsyncCfg *g = p->cfg;
  AmdsyncThreads t;
  bool narrowed = false;
  for (int x = up ? up[b->id] : -1; x >= 0;) {
    const AmdsyncBlock *xb = g->blocks[x];
    int i = 0;
    for (const AmdsyncGuard *gd; (gd = nextCaseGuard(g, xb, &i));) {
      if (gd->case_var != case_var || gd->case_k != k)
        continue;
      if (!narrowed)
        t = *base;
      narrowed = true;
      narrowByCaseGuard(p, &t, gd);
    }
    x = xb->idom >= 0 ? up[xb->idom] : -1;
  }
  return narrowed ? internThreads(p, set, &t) : base;
}

/* An access without a split whose block a guard of one iteration
   dominates (`if (tid % (2 * s) == 0)` in a loop with an iteration
   table): split on the nearest such guard's symbol, the same form in every
   case, so that each case has its own threads (caseThreads). */
static void splitByGuards(AmdsyncProgram *p, const int *up,
                          const AmdsyncBlock *b, AmdsyncAccessIndex *ia) {
  if (!up || up[b->id] < 0)
    return;
  int i = 0;
  const AmdsyncGuard *gd = nextCaseGuard(p->cfg, p->cfg->blocks[up[b->id]], &i);
  assert(gd);
  int var = gd->case_var;
  const AmdsyncRange *r = &p->symbol_range[var - AMDSYNC_VAR_SYMBOL];
  assert(r->has_lo && r->lo == 0 && r->has_hi && r->hi >= 0);
  ia->case_var = var;
  ia->ncases = (int)r->hi + 1;
  ia->cases = NULL; /* the same form in every case */
}

/* The workgroup's extents where they are exact (`wg_exact`), else all
   unknown: only exact extents place a lane in a wave. */
static const int64_t *exactExtents(const AmdsyncProgram *p) {
  static const int64_t kUnknown[3] = {0, 0, 0};
  return p->wg_exact ? p->wg_size : kUnknown;
}

/* The case threads boundThreads last computed for a block. */
typedef struct {
  const AmdsyncThreads **threads;
  int case_var, ncases;
} CaseThreadsMemo;

/* Gives every access with an index form the threads that may run it, and
   drops the forms that may not stand (indexMayStand). */
static void boundThreads(AmdsyncProgram *p) {
  AmdsyncCfg *g = p->cfg;
  bool any = false;
  for (int i = 0; i < p->accesses.count; ++i) {
    AmdsyncNode *n = p->accesses.items[i];
    /* Unreachable blocks: no thread runs them; their forms go. */
    if (n->u.access.index && (!indexMayStand(p, n) || n->block->rpo < 0))
      n->u.access.index = NULL;
    any |= n->u.access.index != NULL;
  }
  if (!any)
    return;
  const AmdsyncThreads **at = calloc((size_t)g->nblocks + 1, sizeof *at);
  if (!at)
    abort();
  AmdsyncThreads *all = amdsyncArenaAlloc(p->arena, sizeof *all);
  *all = workgroupThreads(p);
  blockThreads(p, all, at);
  /* The wave of each access's threads, where a workgroup of several
     waves has one (a one-wave workgroup orders every pair at a wave-level
     ordering point already). */
  AmdsyncSymbols syms = {p->nsymbols, p->symbol_range};
  int wave_size = p->single_wave ? 0 : p->wave_size;
  const int64_t *exact = exactExtents(p);
  const int *case_up = caseGuardedAbove(p);
  /* The case threads depend on the block, its threads, the case symbol and
     the case: the accesses of one block split alike share one array (a
     tree reduction's step has three accesses and one case per level). */
  CaseThreadsMemo *memo = calloc((size_t)g->nblocks + 1, sizeof *memo);
  if (!memo)
    abort();
  ThreadsSet set = {NULL, 0, 0};
  for (int i = 0; i < p->accesses.count; ++i) {
    AmdsyncNode *n = p->accesses.items[i];
    AmdsyncAccessIndex *ia = n->u.access.index;
    if (!ia)
      continue;
    ia->threads = at[n->block->id];
    ia->wave = amdsyncThreadsWave(ia->threads, &syms, exact, wave_size);
    if (ia->case_var < 0)
      splitByGuards(p, case_up, n->block, ia);
    if (ia->case_var >= 0) {
      CaseThreadsMemo *m = &memo[n->block->id];
      if (!m->threads || m->case_var != ia->case_var ||
          m->ncases != ia->ncases) {
        const AmdsyncThreads **ct = amdsyncArenaAlloc(
            p->arena, (size_t)ia->ncases * sizeof *ct);
        for (int k = 0; k < ia->ncases; ++k)
          ct[k] = caseThreads(p, &set, case_up, n->block, ia->threads,
                              ia->case_var, k);
        m->threads = ct;
        m->case_var = ia->case_var;
        m->ncases = ia->ncases;
      }
      ia->case_threads = m->threads;
    }
  }
  free(set.slots);
  free(memo);
  free(at);
}

/* Numbers the keys of the accesses (sorted by what makes a key). */
/* A hash that agrees with accessOrder: accesses it calls equal hash alike
   (the threads by their bounds, as indexOrder compares them). */
static uint64_t hashMix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

static uint64_t hashLinear(uint64_t h, const AmdsyncLinear *a) {
  h = hashMix(h, (uint64_t)a->c);
  h = hashMix(h, (uint64_t)a->nterms);
  for (int i = 0; i < a->nterms; ++i)
    h = hashMix(hashMix(h, (uint64_t)a->var[i]), (uint64_t)a->coef[i]);
  return h;
}

/* Folds index form `x` into `h` as indexOrderBy compares it (`case_var`:
   which symbol the cases are split on, else only whether they are). */
static uint64_t indexHash(uint64_t h, const AmdsyncAccessIndex *x,
                          bool case_var) {
  h = hashLinear(hashMix(h, (uint64_t)x->width), &x->addr);
  h = hashMix(h, case_var ? (uint64_t)x->case_var : (uint64_t)(x->case_var < 0));
  for (int k = 1; k < caseCount(x); ++k)
    h = hashLinear(h, amdsyncIndexCaseAddr(x, k));
  return threadsHash(h, x->threads);
}

/* Folds threads `t` into `h` as threadsOrder compares them. */
static uint64_t threadsHash(uint64_t h, const AmdsyncThreads *t) {
  for (int d = 0; d < 3; ++d)
    h = hashMix(h, (uint64_t)t->mod[d]);
  for (int d = 0; d < 3; ++d) {
    h = hashLinear(hashMix(h, t->has_hi[d]), &t->lo[d]);
    if (t->has_hi[d])
      h = hashLinear(h, &t->hi[d]);
  }
  return h;
}

static uint64_t accessHash(const AmdsyncNode *a) {
  uint64_t h = hashMix(0, (uint64_t)a->u.access.resource);
  h = hashMix(h, (uint64_t)a->u.access.flags);
  h = hashMix(h, (uint64_t)a->u.access.lo);
  h = hashMix(h, (uint64_t)a->u.access.hi);
  h = hashMix(h, (uint64_t)a->u.access.counter);
  return a->u.access.index ? indexHash(h, a->u.access.index, true) : h;
}

/* Keys: equal accesses (accessOrder) share one, numbered in accessOrder's
   order of their classes. The classes come from a hash table (linear in
   the accesses); only one access per class is sorted (a function of many
   accesses has few classes: the same buffer, flags, bytes and form). */
static void assignAccessKeys(AmdsyncProgram *p) {
  int n = p->accesses.count;
  if (n == 0)
    return;
  size_t cap = 16;
  while (cap < 2 * (size_t)n)
    cap *= 2;
  int *table = amdsyncArenaAlloc(p->arena, cap * sizeof(int));
  uint64_t *hash = amdsyncArenaAlloc(p->arena, (size_t)n * sizeof(uint64_t));
  int *cls = amdsyncArenaAlloc(p->arena, (size_t)n * sizeof(int));
  AmdsyncNode **reps = amdsyncArenaAlloc(p->arena, (size_t)n * sizeof(AmdsyncNode *));
  for (size_t i = 0; i < cap; ++i)
    table[i] = -1;
  int nreps = 0;
  for (int i = 0; i < n; ++i) {
    AmdsyncNode *a = p->accesses.items[i];
    uint64_t h = accessHash(a);
    size_t slot = (size_t)h & (cap - 1);
    for (;; slot = (slot + 1) & (cap - 1)) {
      int r = table[slot];
      if (r < 0) {
        table[slot] = nreps;
        hash[nreps] = h;
        reps[nreps] = a;
        cls[i] = nreps++;
        break;
      }
      if (hash[r] == h && accessOrder(&reps[r], &a) == 0) {
        cls[i] = r;
        break;
      }
    }
  }
  /* Number the classes in accessOrder's order: each representative's
     class becomes its rank. */
  for (int r = 0; r < nreps; ++r)
    reps[r]->u.access.key = r;
  AmdsyncNode **sorted = amdsyncArenaAlloc(p->arena, (size_t)nreps * sizeof(AmdsyncNode *));
  memcpy(sorted, reps, (size_t)nreps * sizeof(AmdsyncNode *));
  qsort(sorted, (size_t)nreps, sizeof(AmdsyncNode *), accessOrder);
  int *rank = amdsyncArenaAlloc(p->arena, (size_t)nreps * sizeof(int));
  for (int k = 0; k < nreps; ++k) {
    assert(k == 0 || accessOrder(&sorted[k - 1], &sorted[k]) < 0);
    rank[sorted[k]->u.access.key] = k;
  }
  for (int i = 0; i < n; ++i)
    ((AmdsyncNode *)p->accesses.items[i])->u.access.key = rank[cls[i]];
}

void amdsyncProgramSetOptions(AmdsyncProgram *p, bool waw_hazards,
                              unsigned trace) {
  assert(!p->finalized);
  p->waw_hazards = waw_hazards;
  p->trace = trace;
}

void amdsyncProgramSetExplain(AmdsyncProgram *p, bool explain) {
  p->explain = explain;
}

void amdsyncBarrierSetUnfenced(AmdsyncNode *n, unsigned missing) {
  assert(n->kind == AMDSYNC_NODE_BARRIER);
  n->u.barrier.unfenced = missing;
}

void amdsyncBarrierSetFences(AmdsyncNode *n, unsigned missing,
                             bool waits_after_release) {
  /* A wait after a release fence the barrier lacks is no such wait. */
  assert(!(waits_after_release && (missing & AMDSYNC_MISSING_RELEASE)));
  amdsyncBarrierSetUnfenced(n, missing);
  n->u.barrier.waits_after_release = waits_after_release;
}

void amdsyncProgramSetSingleWave(AmdsyncProgram *p, bool single_wave) {
  assert(!p->finalized); /* finalize numbers barriers as wave points or not */
  p->single_wave = single_wave;
}

void amdsyncProgramSetWaveSize(AmdsyncProgram *p, int wave_size) {
  assert(!p->finalized); /* finalize gives accesses their waves */
  assert(wave_size == 0 || wave_size == 32 || wave_size == 64);
  p->wave_size = wave_size;
}

bool amdsyncIndexInOneWave(const AmdsyncProgram *p, const AmdsyncNode *a,
                           const AmdsyncNode *b) {
  (void)p;
  const AmdsyncAccessIndex *x = a->u.access.index, *y = b->u.access.index;
  return x && y && x->wave >= 0 && x->wave == y->wave;
}

static struct AmdsyncIndexCache *indexCacheCreate(AmdsyncArena *arena);

static bool resourcesMayAlias(const AmdsyncResource *a,
                              const AmdsyncResource *b, int ia, int ib);

/* The most pairs of resources markIndexedWrites compares; past it every
   resource is taken to have a write without a form. */
enum { kMaxIndexedWritePairs = 1 << 20 };

/* AmdsyncProgram.writes_indexed: a resource is clear of writes without an
   index form unless one may alias it. */
static void markIndexedWrites(AmdsyncProgram *p) {
  int nres = p->nresources;
  p->writes_indexed = amdsyncArenaAlloc(p->arena, (size_t)nres + 1);
  bool *unindexed = amdsyncArenaAlloc(p->arena, (size_t)nres + 1);
  memset(unindexed, 0, (size_t)nres + 1);
  int nunindexed = 0;
  for (int i = 0; i < p->accesses.count; ++i) {
    const AmdsyncNode *x = p->accesses.items[i];
    int r = x->u.access.resource;
    if ((x->u.access.flags & AMDSYNC_ACCESS_WRITE) && !x->u.access.index &&
        !unindexed[r]) {
      unindexed[r] = true;
      nunindexed++;
    }
  }
  bool give_up = (long)nres * nunindexed > kMaxIndexedWritePairs;
  for (int r = 0; r < nres; ++r) {
    bool clear = !give_up;
    for (int u = 0; u < nres && clear && nunindexed; ++u)
      clear = !unindexed[u] ||
              !resourcesMayAlias(&p->resources[r], &p->resources[u], r, u);
    p->writes_indexed[r] = clear;
  }
}

void amdsyncProgramFinalize(AmdsyncProgram *p) {
  if (p->finalized)
    return;
  if (!p->cfg)
    amdsyncCfgAddBlock(amdsyncCfgCreate(p)); /* an empty function */
  for (int b = 0; b < p->cfg->nblocks; ++b)
    for (int k = 0; k < p->cfg->blocks[b]->nops; ++k)
      registerNode(p, p->cfg->blocks[b]->ops[k]);
  /* A wait between a barrier's release fence and the barrier completes
     async transfers after the release: the fence publishes none of them
     (spec/amdgpu-async-operations.txt), so with async transfers about the
     barrier lacks the release that would (the barrier pass completes it
     with a fence after the wait; the checker reports it). */
  if (p->async_ops.count > 0)
    for (int i = 0; i < p->barriers.count; ++i) {
      AmdsyncNode *n = p->barriers.items[i];
      if (n->u.barrier.waits_after_release)
        n->u.barrier.unfenced |= AMDSYNC_MISSING_RELEASE;
    }
  p->finalized = true;
  amdsyncCfgAnalyze(p->cfg);
  /* Keys hold the threads of an access, which come from dominators. */
  boundThreads(p);
  assignAccessKeys(p);
  p->index_cache = indexCacheCreate(p->arena);
  markIndexedWrites(p);
}

const AmdsyncNode *amdsyncProgramNextEveryLaneCall(const AmdsyncProgram *p,
                                                   int *i) {
  assert(p->finalized);
  for (; *i < p->accesses.count; ++*i) {
    const AmdsyncNode *n = p->accesses.items[*i];
    if ((n->u.access.flags & AMDSYNC_ACCESS_CALL) && !n->block->divergent) {
      ++*i;
      return n;
    }
  }
  return NULL;
}

bool amdsyncAnyRunByEveryLane(const AmdsyncPtrVec *nodes) {
  for (int i = 0; i < nodes->count; ++i)
    if (!((const AmdsyncNode *)nodes->items[i])->block->divergent)
      return true;
  return false;
}

struct AmdsyncCallMemoEntry {
  uint64_t mask;
  int depth, next;
  AmdsyncCallAnswer answer;
};

static struct AmdsyncCallMemoEntry *memoFind(const AmdsyncCallMemo *m,
                                             const void *f, uint64_t mask) {
  long head;
  if (!amdsyncPtrMapGet(&m->head, f, &head))
    return NULL;
  for (int e = (int)head - 1; e >= 0; e = m->entries[e].next)
    if (m->entries[e].mask == mask)
      return &m->entries[e];
  return NULL;
}

AmdsyncCallAnswer amdsyncCallMemoGet(const AmdsyncCallMemo *m, const void *f,
                                     uint64_t mask, int depth) {
  const struct AmdsyncCallMemoEntry *e = memoFind(m, f, mask);
  if (!e)
    return AMDSYNC_CALL_UNKNOWN;
  if (e->answer == AMDSYNC_CALL_NO && e->depth > depth)
    return AMDSYNC_CALL_UNKNOWN; /* asked with more of the chain to follow */
  return e->answer;
}

void amdsyncCallMemoPut(AmdsyncArena *arena, AmdsyncCallMemo *m,
                        const void *f, uint64_t mask, int depth,
                        AmdsyncCallAnswer answer) {
  struct AmdsyncCallMemoEntry *e = memoFind(m, f, mask);
  if (!e) {
    m->entries = amdsyncArenaGrow(arena, m->entries, m->count, &m->capacity,
                                  sizeof *m->entries);
    long head = 0;
    amdsyncPtrMapGet(&m->head, f, &head);
    e = &m->entries[m->count];
    e->mask = mask;
    e->next = (int)head - 1;
    amdsyncPtrMapPut(arena, &m->head, f, ++m->count);
  }
  e->depth = depth;
  e->answer = answer;
}

int amdsyncCallMemoLookup(const AmdsyncCallMemo *m, const void *f,
                          uint64_t mask, int depth, bool *unsure) {
  switch (amdsyncCallMemoGet(m, f, mask, depth)) {
  case AMDSYNC_CALL_YES:
    return 1;
  case AMDSYNC_CALL_NO:
    return 0;
  case AMDSYNC_CALL_ASKING:
    *unsure = true;
    return 0;
  case AMDSYNC_CALL_UNKNOWN:
    break;
  }
  return depth > AMDSYNC_CALL_DEPTH ? 0 : -1;
}

void amdsyncCallMemoSettle(AmdsyncArena *arena, AmdsyncCallMemo *m,
                           const void *f, uint64_t mask, int depth, bool yes,
                           bool below_unsure, bool *unsure) {
  amdsyncCallMemoPut(arena, m, f, mask, depth,
                     yes            ? AMDSYNC_CALL_YES
                     : below_unsure ? AMDSYNC_CALL_UNKNOWN
                                    : AMDSYNC_CALL_NO);
  *unsure |= !yes && below_unsure;
}

int amdsyncProgramBarrierCalls(const AmdsyncProgram *p) {
  assert(p->finalized);
  int n = 0;
  for (int i = 0; i < p->accesses.count; ++i) {
    const AmdsyncNode *a = p->accesses.items[i];
    n += (a->u.access.flags & AMDSYNC_ACCESS_BARRIER_CALL) != 0;
  }
  return n;
}

/*===--- Aliasing and hazard kinds (brief §1) -------------------------------===*/

static bool resourcesMayAlias(const AmdsyncResource *a,
                              const AmdsyncResource *b, int ia, int ib) {
  if (a->kind == AMDSYNC_RES_UNKNOWN || b->kind == AMDSYNC_RES_UNKNOWN)
    return true;
  if (ia == ib)
    return true;
  /* Distinct allocations (the function's, or the runtime's for one
     argument) and globals never alias. Other arguments may point to each
     other and to globals, never to an allocation. */
  bool argA = a->kind == AMDSYNC_RES_ARGUMENT;
  bool argB = b->kind == AMDSYNC_RES_ARGUMENT;
  if (argA && argB)
    return true;
  if (argA && b->kind == AMDSYNC_RES_GLOBAL)
    return true;
  if (argB && a->kind == AMDSYNC_RES_GLOBAL)
    return true;
  return false;
}

bool amdsyncMayAlias(const AmdsyncProgram *p, const AmdsyncNode *a,
                     const AmdsyncNode *b) {
  int ia = a->u.access.resource, ib = b->u.access.resource;
  if (!resourcesMayAlias(&p->resources[ia], &p->resources[ib], ia, ib))
    return false;
  if (ia != ib || p->resources[ia].kind == AMDSYNC_RES_UNKNOWN)
    return true;
  /* Same resource: constant, provably disjoint byte ranges do not alias. */
  if (a->u.access.hi < 0 || b->u.access.hi < 0)
    return true;
  return a->u.access.lo < b->u.access.hi && b->u.access.lo < a->u.access.hi;
}

/* The carrier no path information gives: share only what no path defines
   again. */
enum { kAnyPath = -2 };

/* Whether symbol `s` holds one value at `a` and at `b` on a path of class
   `carrier` (amdsyncHazardOn). */
static bool symbolShared(const AmdsyncProgram *p, int s, const AmdsyncNode *a,
                         const AmdsyncNode *b, int carrier) {
  const AmdsyncCfg *g = p->cfg;
  int L = p->symbol_def[s]->loop;
  if (L < 0)
    return true; /* defined once: a path back to its block is a cycle */
  if (carrier == kAnyPath)
    return false;
  return amdsyncCfgLoopWithin(g, a->block->loop, L) &&
         amdsyncCfgLoopWithin(g, b->block->loop, L) &&
         !(carrier >= 0 && amdsyncCfgLoopWithin(g, L, carrier));
}

/* The proofs' answers, by (producer key, consumer key) and the symbols
   the pair shares: a key holds the form and the threads, so equal keys get
   equal answers. A map from the pair of keys to its first answer; the
   answers of one pair (one per sharing seen) chain through `next`. */
typedef struct {
  uint64_t mask; /* the symbols shared */
  uint64_t rows; /* the producer's rows (amdsyncHazardProven), 0: any */
  AmdsyncProof proof; /* NONE: not apart */
  int next; /* index + 1 of the pair's next answer, 0: none */
} IndexAnswer;

struct AmdsyncIndexCache {
  AmdsyncArena *arena;
  AmdsyncPtrMap by_keys; /* pair of keys -> index + 1 of its first answer */
  IndexAnswer *answers;
  int count, capacity;
  /* The symbols of each key (keySymbols): by key, index + 1 in `syms` of
     its count (0: not yet listed), its proof class and the symbols
     following. */
  int *key_at;
  int nkeys;
  int *syms;
  int nsyms_used, syms_cap;
  /* The proofs' view of a pair (sharedSymbols): per symbol of the
     function, false except while a pair is asked. */
  bool *shared;
  int shared_size;
  /* Proof classes (proofClass): content hash -> index + 1 in `classes`
     of the first class of that hash; each class names one access. */
  AmdsyncPtrMap by_hash;
  struct ProofClass *classes;
  int nclasses, classes_cap;
};

typedef struct ProofClass {
  const AmdsyncNode *access;
  int next; /* index + 1 of the next class of the same hash, 0: none */
} ProofClass;

_Static_assert(sizeof(uintptr_t) >= sizeof(uint64_t),
               "a pair of keys is a pointer-sized map key");

static struct AmdsyncIndexCache *indexCacheCreate(AmdsyncArena *arena) {
  struct AmdsyncIndexCache *c = amdsyncArenaAlloc(arena, sizeof *c);
  memset(c, 0, sizeof *c);
  c->arena = arena;
  return c;
}

/* The map key of a pair of access keys (never NULL). */
static const void *pairKey(int ka, int kb) {
  assert(ka != -1 || kb != -1);
  return (const void *)(uintptr_t)(((uint64_t)(uint32_t)ka << 32 |
                                    (uint32_t)kb) + 1);
}

/* The remembered answer for the pair under `mask`, if any. */
static bool indexCacheFind(const struct AmdsyncIndexCache *c, int ka, int kb,
                           uint64_t mask, uint64_t rows, AmdsyncProof *proof) {
  long at;
  if (!amdsyncPtrMapGet(&c->by_keys, pairKey(ka, kb), &at))
    return false;
  for (; at; at = c->answers[at - 1].next)
    if (c->answers[at - 1].mask == mask && c->answers[at - 1].rows == rows) {
      *proof = c->answers[at - 1].proof;
      return true;
    }
  return false;
}

static void indexCacheAdd(struct AmdsyncIndexCache *c, int ka, int kb,
                          uint64_t mask, uint64_t rows, AmdsyncProof proof) {
  long head = 0;
  amdsyncPtrMapGet(&c->by_keys, pairKey(ka, kb), &head);
  c->answers = amdsyncArenaGrow(c->arena, c->answers, c->count, &c->capacity,
                                sizeof(IndexAnswer));
  c->answers[c->count++] = (IndexAnswer){mask, rows, proof, (int)head};
  amdsyncPtrMapPut(c->arena, &c->by_keys, pairKey(ka, kb), c->count);
}

/* `ai` as the proofs see it (amdsync/index.h). */
static AmdsyncIndexedAccess indexedAccess(const AmdsyncAccessIndex *ai,
                                          int k) {
  AmdsyncIndexedAccess x;
  x.addr = *amdsyncIndexCaseAddr(ai, k);
  x.width = ai->width;
  x.threads = ai->case_threads ? *ai->case_threads[k] : *ai->threads;
  return x;
}

/* The most symbols one pair's proofs may read (a mask of the cache). */
enum { kMaxShared = 64 };
/* keySymbols' class slot before proofClass has filled it. */
enum { kClassUnknown = -2 };

/* Adds the symbols form `f` reads to `out` (unsorted, may repeat). */
static void formSymbols(const AmdsyncLinear *f, int *out, int *n, int cap) {
  for (int i = 0; i < f->nterms && *n < cap; ++i)
    if (f->var[i] >= AMDSYNC_VAR_SYMBOL)
      out[(*n)++] = f->var[i] - AMDSYNC_VAR_SYMBOL;
}

static void threadsSymbols(const AmdsyncThreads *t, int *out, int *n,
                           int cap) {
  for (int d = 0; d < 3; ++d) {
    formSymbols(&t->lo[d], out, n, cap);
    if (t->has_hi[d])
      formSymbols(&t->hi[d], out, n, cap);
  }
}

static int intCompare(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

/* The symbols the proofs may read for access `a` (by index, ascending):
   those of its addresses, of its threads' bounds, its case symbol, and
   the symbols that bound their ranges (AmdsyncRange.rel), remembered per
   key (equal keys have equal forms and threads). `*n` -1: more than the
   list holds. */
static const int *keySymbols(const AmdsyncProgram *p, const AmdsyncNode *a,
                             int *n) {
  struct AmdsyncIndexCache *c = p->index_cache;
  int key = a->u.access.key;
  assert(key >= 0 && key < p->accesses.count);
  if (c->nkeys < p->accesses.count) {
    c->key_at = amdsyncArenaAlloc(c->arena, (size_t)p->accesses.count *
                                                sizeof(int));
    memset(c->key_at, 0, (size_t)p->accesses.count * sizeof(int));
    c->nkeys = p->accesses.count;
  }
  int at = c->key_at[key];
  if (at) {
    *n = c->syms[at - 1];
    return &c->syms[at + 1];
  }
  enum { kCap = 4 * kMaxShared };
  int list[kCap], k = 0;
  const AmdsyncAccessIndex *x = a->u.access.index;
  for (int i = 0; i < caseCount(x); ++i) {
    formSymbols(amdsyncIndexCaseAddr(x, i), list, &k, kCap);
    if (x->case_threads)
      threadsSymbols(x->case_threads[i], list, &k, kCap);
  }
  threadsSymbols(x->threads, list, &k, kCap);
  if (x->case_var >= 0 && k < kCap)
    list[k++] = x->case_var - AMDSYNC_VAR_SYMBOL;
  /* The bounds of their ranges, and theirs (a chain of outer counters). */
  for (int i = 0; i < k && k < kCap; ++i) {
    assert(list[i] >= 0 && list[i] < p->nsymbols);
    int rel = p->symbol_range[list[i]].rel;
    if (rel > 0)
      list[k++] = rel - 1;
  }
  int count = -1;
  if (k < kCap) {
    qsort(list, (size_t)k, sizeof(int), intCompare);
    count = 0;
    for (int i = 0; i < k; ++i)
      if (count == 0 || list[count - 1] != list[i])
        list[count++] = list[i];
  }
  int need = 2 + (count > 0 ? count : 0);
  for (int i = 0; i < need; ++i) /* doubles: one copy in all */
    c->syms = amdsyncArenaGrow(c->arena, c->syms, c->nsyms_used + i,
                               &c->syms_cap, sizeof(int));
  at = c->nsyms_used;
  c->syms[at] = count;
  c->syms[at + 1] = kClassUnknown;
  for (int i = 0; i < count; ++i)
    c->syms[at + 2 + i] = list[i];
  c->nsyms_used += need;
  c->key_at[key] = at + 1;
  *n = count;
  return &c->syms[at + 2];
}

/* The proof class of access `a`, or -1. Accesses whose forms and threads
   read no symbol but their case symbol, and are equal but for which
   symbol that is, get the same answers from the proofs given whether the
   pair runs in lockstep (proofApart: the cases' forms are all it reads),
   so the answers are remembered per pair of classes (the loops of a
   generated kernel, one after the other, ask the same pairs again with
   new symbols). */
static int proofClass(const AmdsyncProgram *p, const AmdsyncNode *a) {
  struct AmdsyncIndexCache *c = p->index_cache;
  int n;
  const int *syms = keySymbols(p, a, &n);
  int *slot = (int *)syms - 1;
  if (*slot != kClassUnknown)
    return *slot;
  const AmdsyncAccessIndex *x = a->u.access.index;
  bool only_case = n == 0 || (n == 1 && x->case_var >= 0 &&
                              syms[0] == x->case_var - AMDSYNC_VAR_SYMBOL);
  if (!only_case) {
    *slot = -1;
    return -1;
  }
  const void *key = (const void *)(uintptr_t)(indexHash(0, x, false) | 1);
  long at = 0;
  amdsyncPtrMapGet(&c->by_hash, key, &at);
  for (long i = at; i; i = c->classes[i - 1].next)
    if (indexOrderBy(c->classes[i - 1].access->u.access.index, x, false) == 0) {
      *slot = (int)(i - 1);
      return *slot;
    }
  c->classes = amdsyncArenaGrow(c->arena, c->classes, c->nclasses,
                                &c->classes_cap, sizeof(ProofClass));
  c->classes[c->nclasses] = (ProofClass){a, (int)at};
  amdsyncPtrMapPut(c->arena, &c->by_hash, key, ++c->nclasses);
  *slot = c->nclasses - 1;
  return *slot;
}

/* The symbols `a` and `b` see with one value on a path of class `carrier`
   (symbolShared): set in `shared` (the cache's, by symbol; the caller
   clears them with unshare), and as a mask over the pair's symbols in
   order (the union of keySymbols, which the pair of keys decides); false
   when the pair reads more than kMaxShared. */
static bool sharedSymbols(const AmdsyncProgram *p, const AmdsyncNode *a,
                          const AmdsyncNode *b, int carrier, int *pair,
                          int *npair, uint64_t *mask) {
  int na, nb;
  /* Both made before either is read: making b's may move a's (the array
     grows; the second call for a finds it made). */
  keySymbols(p, a, &na);
  const int *sb = keySymbols(p, b, &nb);
  const int *sa = keySymbols(p, a, &na);
  if (na < 0 || nb < 0)
    return false;
  int k = 0;
  for (int i = 0, j = 0; i < na || j < nb;) {
    int v = j == nb || (i < na && sa[i] <= sb[j]) ? sa[i] : sb[j];
    i += i < na && sa[i] == v;
    j += j < nb && sb[j] == v;
    if (k == kMaxShared)
      return false;
    pair[k++] = v;
  }
  struct AmdsyncIndexCache *c = p->index_cache;
  if (c->shared_size < p->nsymbols) {
    c->shared = amdsyncArenaAlloc(c->arena, (size_t)p->nsymbols + 1);
    memset(c->shared, 0, (size_t)p->nsymbols + 1);
    c->shared_size = p->nsymbols;
  }
  *mask = 0;
  for (int i = 0; i < k; ++i) {
    bool sh = symbolShared(p, pair[i], a, b, carrier);
    c->shared[pair[i]] = sh;
    *mask |= (uint64_t)sh << i;
  }
  *npair = k;
  return true;
}

/* Clears what sharedSymbols set. */
static void unshare(const AmdsyncProgram *p, const int *pair, int npair) {
  for (int i = 0; i < npair; ++i)
    p->index_cache->shared[pair[i]] = false;
}

/* The first proof that keeps one case of each apart. */
static AmdsyncProof proofApartIn(const AmdsyncIndexedAccess *x,
                                 const AmdsyncIndexedAccess *y,
                                 const AmdsyncPairContext *ctx) {
  if (amdsyncIndexThreadPrivate(x, y, ctx))
    return AMDSYNC_PROOF_THREAD_PRIVATE;
  if (amdsyncIndexDisjoint(x, y, ctx))
    return AMDSYNC_PROOF_DISJOINT;
  if (amdsyncIndexApartByCount(x, y, ctx))
    return AMDSYNC_PROOF_LISTED;
  return AMDSYNC_PROOF_NONE;
}

/* Whether case `i` (a value of the case symbol) is among `rows` (bit i;
   0: every case; a table has at most 64 rows). */
static bool rowHeld(uint64_t rows, int i) {
  return rows == 0 || (i < 64 && (rows >> i & 1));
}

/* The first proof that keeps `a` and `b` apart, in the order keepsApart
   tries them; with case splits (amdsyncAccessSetCases), in every case the
   pair can meet in: the same case where both split on one symbol that the
   pair shares (one iteration), else every case of one against every case
   of the other; `a_rows` non-zero: only a's cases (values of its case
   symbol) it holds. The proof named is the last kind any case needed. */
static AmdsyncProof proofApart(const AmdsyncProgram *p, const AmdsyncNode *a,
                               const AmdsyncNode *b, const bool *shared,
                               uint64_t a_rows) {
  AmdsyncSymbols syms = {p->nsymbols, p->symbol_range};
  AmdsyncPairContext ctx = {&syms, shared};
  const AmdsyncAccessIndex *ia = a->u.access.index, *ib = b->u.access.index;
  bool lockstep = ia->case_var >= 0 && ia->case_var == ib->case_var &&
                  shared[ia->case_var - AMDSYNC_VAR_SYMBOL];
  AmdsyncProof worst = AMDSYNC_PROOF_NONE;
  for (int i = 0; i < caseCount(ia); ++i)
    for (int j = 0; j < caseCount(ib); ++j) {
      if ((lockstep && i != j) || !rowHeld(a_rows, i))
        continue;
      AmdsyncIndexedAccess x = indexedAccess(ia, i), y = indexedAccess(ib, j);
      AmdsyncProof proof = proofApartIn(&x, &y, &ctx);
      if (proof == AMDSYNC_PROOF_NONE)
        return AMDSYNC_PROOF_NONE;
      worst = proof > worst ? proof : worst;
    }
  return worst;
}

static bool indexedPair(const AmdsyncNode *a, const AmdsyncNode *b) {
  return a->u.access.index && b->u.access.index &&
         a->u.access.resource == b->u.access.resource;
}

/* The proof that keeps `a` and `b` apart on a path of class `carrier`,
   `a` in its rows `a_rows` (0: any), remembered per pair of keys, shared
   symbols and rows. */
static AmdsyncProof apartBy(const AmdsyncProgram *p, const AmdsyncNode *a,
                            const AmdsyncNode *b, int carrier,
                            uint64_t a_rows) {
  int pair[kMaxShared], npair = 0;
  uint64_t mask;
  if (!indexedPair(a, b) ||
      !sharedSymbols(p, a, b, carrier, pair, &npair, &mask))
    return AMDSYNC_PROOF_NONE;
  int ka = a->u.access.key, kb = b->u.access.key;
  AmdsyncProof proof;
  if (a->u.access.index->case_var < 0)
    a_rows = 0;
  int ca = proofClass(p, a), cb = proofClass(p, b);
  if (ca >= 0 && cb >= 0) {
    /* Keys below -1: classes. What the answer depends on: lockstep. */
    int va = a->u.access.index->case_var, vb = b->u.access.index->case_var;
    ka = -2 - ca; /* never -1: pairKey(-1, -1) would be NULL */
    kb = -2 - cb;
    mask = va >= 0 && va == vb &&
           p->index_cache->shared[va - AMDSYNC_VAR_SYMBOL];
  }
  if (!indexCacheFind(p->index_cache, ka, kb, mask, a_rows, &proof)) {
    proof = proofApart(p, a, b, p->index_cache->shared, a_rows);
    indexCacheAdd(p->index_cache, ka, kb, mask, a_rows, proof);
  }
  unshare(p, pair, npair);
  return proof;
}

static bool keepsApart(const AmdsyncProgram *p, const AmdsyncNode *a,
                       const AmdsyncNode *b, int carrier) {
  return apartBy(p, a, b, carrier, 0) != AMDSYNC_PROOF_NONE;
}

/* Two plain stores whose byte addresses both have index forms: the proofs
   can tell whether two lanes write one byte, and where they may, the byte
   is left holding one of the two values, a write/write hazard whatever
   `waw-hazards` says (issue 21 item 3; design.md 1). */
static bool bothIndexed(const AmdsyncNode *a, const AmdsyncNode *b) {
  return a->u.access.index && b->u.access.index;
}

AmdsyncHazardKind amdsyncHazardBetween(const AmdsyncProgram *p,
                                       const AmdsyncNode *first,
                                       const AmdsyncNode *second) {
  return amdsyncHazardOn(p, first, second, kAnyPath);
}

/* The hazard of the pair by its accesses' kinds and aliasing alone. */
static AmdsyncHazardKind conflictOf(const AmdsyncProgram *p,
                                    const AmdsyncNode *first,
                                    const AmdsyncNode *second) {
  /* `first == second` is one op in two iterations of a loop, run by
     different waves: a read-modify-write conflicts with itself. */
  unsigned f = first->u.access.flags, s = second->u.access.flags;
  if ((f & AMDSYNC_ACCESS_ATOMIC) && (s & AMDSYNC_ACCESS_ATOMIC))
    return AMDSYNC_HAZARD_NONE;
  if ((f & AMDSYNC_ACCESS_DMA) && (s & AMDSYNC_ACCESS_DMA))
    return AMDSYNC_HAZARD_NONE;
  bool fw = f & AMDSYNC_ACCESS_WRITE, fr = f & AMDSYNC_ACCESS_READ;
  bool sw = s & AMDSYNC_ACCESS_WRITE, sr = s & AMDSYNC_ACCESS_READ;
  AmdsyncHazardKind kind = AMDSYNC_HAZARD_NONE;
  if (fw && sr)
    kind = AMDSYNC_HAZARD_RAW;
  else if (fr && sw)
    kind = AMDSYNC_HAZARD_WAR;
  else if (fw && sw && (p->waw_hazards || bothIndexed(first, second)))
    kind = AMDSYNC_HAZARD_WAW;
  if (kind == AMDSYNC_HAZARD_NONE || !amdsyncMayAlias(p, first, second))
    return AMDSYNC_HAZARD_NONE;
  return kind;
}

AmdsyncHazardKind amdsyncHazardProven(const AmdsyncProgram *p,
                                      const AmdsyncNode *first,
                                      const AmdsyncNode *second, int carrier,
                                      uint64_t first_rows,
                                      AmdsyncHazardKind *conflict,
                                      AmdsyncProof *proof) {
  *conflict = conflictOf(p, first, second);
  *proof = *conflict == AMDSYNC_HAZARD_NONE
               ? AMDSYNC_PROOF_NONE
               : apartBy(p, first, second, carrier, first_rows);
  return *proof != AMDSYNC_PROOF_NONE ? AMDSYNC_HAZARD_NONE : *conflict;
}

AmdsyncHazardKind amdsyncHazardOn(const AmdsyncProgram *p,
                                  const AmdsyncNode *first,
                                  const AmdsyncNode *second, int carrier) {
  AmdsyncHazardKind conflict;
  AmdsyncProof proof;
  return amdsyncHazardProven(p, first, second, carrier, 0, &conflict, &proof);
}

static const struct {
  const char *name, *text;
} kProofs[] = {
    [AMDSYNC_PROOF_NONE] = {"none", "no proof"},
    [AMDSYNC_PROOF_THREAD_PRIVATE] =
        {"thread-private", "every thread touches only bytes no other thread "
                           "touches at either access (its own slot)"},
    [AMDSYNC_PROOF_DISJOINT] =
        {"disjoint", "the bytes the two touch, over every thread that runs "
                     "them, never meet (disjoint ranges)"},
    [AMDSYNC_PROOF_LISTED] =
        {"listed", "listing every thread's bytes shows that no two threads "
                   "meet"},
};

const char *amdsyncProofName(AmdsyncProof proof) {
  assert(proof >= 0 && proof < (int)(sizeof kProofs / sizeof kProofs[0]));
  return kProofs[proof].name;
}

const char *amdsyncProofText(AmdsyncProof proof) {
  assert(proof >= 0 && proof < (int)(sizeof kProofs / sizeof kProofs[0]));
  return kProofs[proof].text;
}

bool amdsyncIndexKeepsThreadsApart(const AmdsyncProgram *p,
                                   const AmdsyncNode *a, const AmdsyncNode *b) {
  return keepsApart(p, a, b, kAnyPath);
}

static bool readsLoopSymbolIn(const AmdsyncProgram *p, const AmdsyncLinear *f) {
  for (int i = 0; i < f->nterms; ++i)
    if (f->var[i] >= AMDSYNC_VAR_SYMBOL &&
        p->symbol_def[f->var[i] - AMDSYNC_VAR_SYMBOL]->loop >= 0)
      return true;
  return false;
}

bool amdsyncIndexReadsLoopSymbol(const AmdsyncProgram *p, const AmdsyncNode *a) {
  const AmdsyncAccessIndex *x = a->u.access.index;
  if (!x || p->nsymbols == 0)
    return false;
  for (int k = 0; k < caseCount(x); ++k)
    if (readsLoopSymbolIn(p, amdsyncIndexCaseAddr(x, k)))
      return true;
  if (x->case_var >= 0 &&
      p->symbol_def[x->case_var - AMDSYNC_VAR_SYMBOL]->loop >= 0)
    return true;
  for (int d = 0; d < 3; ++d)
    if (readsLoopSymbolIn(p, &x->threads->lo[d]) ||
        (x->threads->has_hi[d] && readsLoopSymbolIn(p, &x->threads->hi[d])))
      return true;
  return false;
}

bool amdsyncAccessCovers(const AmdsyncProgram *p, const AmdsyncNode *later,
                         const AmdsyncNode *earlier) {
  assert(later->kind == AMDSYNC_NODE_ACCESS &&
         earlier->kind == AMDSYNC_NODE_ACCESS);
  if (later->u.access.key == earlier->u.access.key)
    return true;
  /* A later access with an index form may be exempt where the earlier one
     is not (amdsyncIndexKeepsThreadsApart): only its own key stands for it. */
  if (later->u.access.index)
    return false;
  unsigned l = later->u.access.flags, e = earlier->u.access.flags;
  const unsigned rw = AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE;
  if ((e & rw) & ~(l & rw))
    return false; /* `earlier` reads or writes where `later` does not */
  if ((l & AMDSYNC_ACCESS_ATOMIC) && !(e & AMDSYNC_ACCESS_ATOMIC))
    return false; /* an atomic consumer would race `earlier` only */
  if ((l & AMDSYNC_ACCESS_DMA) && !(e & AMDSYNC_ACCESS_DMA))
    return false;
  /* Two indexed stores may be a write/write hazard where the option is
     off; a store without a form then is none with a later store, so it
     cannot stand for an indexed one (amdsyncHazardOn). */
  if (!p->waw_hazards && earlier->u.access.index &&
      (e & AMDSYNC_ACCESS_WRITE))
    return false;
  int rl = later->u.access.resource, re = earlier->u.access.resource;
  if (p->resources[rl].kind == AMDSYNC_RES_UNKNOWN)
    return true; /* it may touch any byte */
  if (rl != re)
    return false;
  if (later->u.access.hi < 0)
    return true; /* the whole resource */
  return earlier->u.access.hi >= 0 &&
         later->u.access.lo <= earlier->u.access.lo &&
         earlier->u.access.hi <= later->u.access.hi;
}

/* Whether form `f` names thread ids and constants only. */
static bool namesNoSymbol(const AmdsyncLinear *f) {
  for (int i = 0; i < f->nterms; ++i)
    if (f->var[i] >= AMDSYNC_VAR_SYMBOL)
      return false;
  return true;
}

bool amdsyncAccessCoversPerThread(const AmdsyncProgram *p,
                                  const AmdsyncNode *later,
                                  const AmdsyncNode *earlier) {
  assert(p->finalized && later->kind == AMDSYNC_NODE_ACCESS &&
         earlier->kind == AMDSYNC_NODE_ACCESS);
  const AmdsyncAccessIndex *il = later->u.access.index;
  const AmdsyncAccessIndex *ie = earlier->u.access.index;
  const unsigned rw = AMDSYNC_ACCESS_READ | AMDSYNC_ACCESS_WRITE;
  unsigned l = later->u.access.flags, e = earlier->u.access.flags;
  int r = later->u.access.resource;
  if (!il || !ie || r != earlier->u.access.resource ||
      p->resources[r].kind == AMDSYNC_RES_UNKNOWN || (l & ~rw) ||
      (e & ~rw) || later->u.access.counter != AMDSYNC_COUNTER_NONE ||
      earlier->u.access.counter != AMDSYNC_COUNTER_NONE)
    return false;
  /* Kinds: at least what `earlier` does, or a write for a read where the
     proofs decide every write/write pair with the later write. */
  if ((e & ~l) &&
      !(e == AMDSYNC_ACCESS_READ && (l & AMDSYNC_ACCESS_WRITE) &&
        (p->waw_hazards || p->writes_indexed[r])))
    return false;
  /* Every thread runs `later` (its threads are the workgroup's: no guard
     narrowed them, as a key compares threads; a guard on the thread id
     makes a block divergent in the front ends' graphs, and the threads are
     checked all the same), at one address that no symbol moves. */
  if (later->block->divergent || il->case_var >= 0 ||
      !namesNoSymbol(&il->addr) || il->width < ie->width)
    return false;
  AmdsyncThreads all = workgroupThreads(p);
  if (threadsOrder(il->threads, &all) != 0)
    return false;
  /* The same byte range of the resource where both state one. */
  if (later->u.access.hi >= 0 &&
      (earlier->u.access.hi < 0 ||
       earlier->u.access.lo < later->u.access.lo ||
       earlier->u.access.hi > later->u.access.hi))
    return false;
  for (int k = 0; k < caseCount(ie); ++k)
    if (linearOrder(amdsyncIndexCaseAddr(ie, k), &il->addr) != 0)
      return false;
  return true;
}

const char *amdsyncHazardName(AmdsyncHazardKind kind) {
  switch (kind) {
  case AMDSYNC_HAZARD_RAW:
    return "RAW";
  case AMDSYNC_HAZARD_WAR:
    return "WAR";
  case AMDSYNC_HAZARD_WAW:
    return "WAW";
  case AMDSYNC_HAZARD_NONE:
    break;
  }
  return "none";
}

/*===--- Explaining a meeting ------------------------------------------------===*/

/* The lanes of `t` (constant bounds only), at most 1,024 of them: false
   when a bound holds a symbol or there are more. */
static bool constantLanes(const AmdsyncThreads *t, int64_t lanes[][3], int *n) {
  int k = 0;
  for (int d = 0; d < 3; ++d)
    if (!t->has_hi[d] || t->lo[d].nterms || t->hi[d].nterms)
      return false;
  for (int64_t z = t->lo[2].c; z <= t->hi[2].c; ++z)
    for (int64_t y = t->lo[1].c; y <= t->hi[1].c; ++y)
      for (int64_t x = t->lo[0].c; x <= t->hi[0].c; ++x) {
        if (k == AMDSYNC_TID_MAX + 1)
          return false;
        lanes[k][0] = x;
        lanes[k][1] = y;
        lanes[k][2] = z;
        k += amdsyncThreadsAdmit(t, lanes[k]); /* residues */
      }
  *n = k;
  return true;
}

/* The wave of lane `t` in a workgroup of several waves, or -1 when the
   extents or the wave size do not say. */
static int64_t laneWave(const AmdsyncProgram *p, const int64_t t[3]) {
  int64_t flat = amdsyncFlatLane(t, exactExtents(p));
  if (p->single_wave || p->wave_size <= 0 || flat < 0)
    return -1;
  return flat / p->wave_size;
}

void amdsyncIndexDescribeMeeting(const AmdsyncProgram *p, const AmdsyncNode *a,
                                 const AmdsyncNode *b, char *buf, int size) {
  const AmdsyncAccessIndex *x = a->u.access.index, *y = b->u.access.index;
  if (size <= 0)
    return;
  buf[0] = '\0';
  if (!x || !y || a->u.access.resource != b->u.access.resource)
    return;
  char fa[120], fb[120];
  amdsyncLinearPrint(&x->addr, fa, sizeof fa);
  amdsyncLinearPrint(&y->addr, fb, sizeof fb);
  const char *res = p->resources[a->u.access.resource].name;
  if (x->case_var >= 0 || y->case_var >= 0) {
    /* Forms by iteration: the first iteration's, no witness. */
    snprintf(buf, (size_t)size,
             "; their offsets, by iteration (the first: %s + %s and %s + %s), "
             "may meet across lanes in some iteration (no proof keeps them "
             "apart in every one)",
             res, fa, res, fb);
    return;
  }
  int n = snprintf(buf, (size_t)size, "; their offsets %s + %s and %s + %s",
                   res, fa, res, fb);
  if (n < 0 || n >= size)
    return;
  int64_t(*la)[3] = malloc((AMDSYNC_TID_MAX + 1) * sizeof *la);
  int64_t(*lb)[3] = malloc((AMDSYNC_TID_MAX + 1) * sizeof *lb);
  int na, nb;
  bool found = false;
  /* A witness: the first pair of lanes that meet, or, in a workgroup of
     several waves, the first that meet from two waves (a pair within one
     wave a wave-level ordering point could order). */
  int wi = -1, wj = -1;
  int64_t wbyte = 0, wave_a = -1, wave_b = -1;
  if (la && lb && constantLanes(x->threads, la, &na) &&
      constantLanes(y->threads, lb, &nb))
    for (int i = 0; i < na && !found; ++i)
      for (int j = 0; j < nb && !found; ++j) {
        int64_t u, v;
        if (la[i][0] == lb[j][0] && la[i][1] == lb[j][1] && la[i][2] == lb[j][2])
          continue;
        if (!amdsyncLinearEvalAt(&x->addr, la[i], &u) ||
            !amdsyncLinearEvalAt(&y->addr, lb[j], &v)) {
          i = na; /* a symbol: no witness */
          wi = -1;
          break;
        }
        if (!(u < v + y->width && v < u + x->width))
          continue;
        int64_t ka = laneWave(p, la[i]), kb = laneWave(p, lb[j]);
        bool across = ka >= 0 && kb >= 0 && ka != kb;
        if (wi < 0 || across) {
          wi = i;
          wj = j;
          wbyte = u > v ? u : v;
          wave_a = across ? ka : -1;
          wave_b = across ? kb : -1;
        }
        found = across || p->single_wave || p->wave_size <= 0;
      }
  if (wi >= 0) {
    n += snprintf(buf + n, (size_t)(size - n),
                  " meet: lane (%lld, %lld, %lld) at the first and lane "
                  "(%lld, %lld, %lld) at the second both touch byte %lld",
                  (long long)la[wi][0], (long long)la[wi][1],
                  (long long)la[wi][2], (long long)lb[wj][0],
                  (long long)lb[wj][1], (long long)lb[wj][2],
                  (long long)wbyte);
    if (wave_a >= 0 && n < size)
      snprintf(buf + n, (size_t)(size - n),
               ", from waves %lld and %lld of %d lanes", (long long)wave_a,
               (long long)wave_b, p->wave_size);
    found = true;
  }
  free(la);
  free(lb);
  if (found)
    return;
  /* A thread id neither offset reads, in which lanes may differ: two lanes
     that differ only there touch the same bytes. */
  static const char kDim[] = "xyz";
  for (int d = 0; d < 3; ++d) {
    const AmdsyncThreads *t = x->threads;
    if (amdsyncLinearCoef(&x->addr, d) || amdsyncLinearCoef(&y->addr, d) ||
        !t->has_hi[d] || t->lo[d].nterms || t->hi[d].nterms ||
        t->hi[d].c <= t->lo[d].c)
      continue;
    snprintf(buf + n, (size_t)(size - n),
             " may meet across lanes: lanes that differ only in tid.%c touch "
             "the same bytes (is the workgroup one-dimensional? state its "
             "size: reqd_work_group_size, known_block_size, or the "
             "workgroup-dims option)",
             kDim[d]);
    return;
  }
  snprintf(buf + n, (size_t)(size - n),
           " may meet across lanes (no proof keeps them apart)");
}
