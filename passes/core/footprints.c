/*===- footprints.c - The checker's own index proof -------------------------===*
 *
 * The checker (check.c) decides with its own code whether two accesses
 * with index forms can touch a common byte from two different threads. It
 * shares with the placement only the forms and the guards the front end
 * wrote into the model; the threads that may run an access, and the
 * answer, it works out itself:
 *
 *  - threads: its own dominators (the iterative intersection over its own
 *    reverse post-order), then the guards of the edges that dominate the
 *    access's block, each taken only where its block is the edge's only
 *    predecessor;
 *  - symbols: every value of each symbol the pair reads, within its range;
 *    one value for both accesses where the caller says the path between
 *    them defines none of them again, two independent values otherwise;
 *  - answer: for each assignment, every thread of the workgroup that may
 *    run each access is enumerated (at most 1,024 lanes: every (x, y, z)
 *    with (x+1)(y+1)(z+1) no more than the lanes the workgroup may have),
 *    each access's bytes are computed for each, and two footprints are
 *    searched for a byte shared by two different threads (sort one side,
 *    look up the other).
 *
 * Where it cannot evaluate (a symbol without a bounded range, too many
 * points or assignments), the answer is "may meet": the buffer-level
 * verdict stands. The placement's
 * proofs (index.c) reason symbolically instead; the two meet only in the
 * forms.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The most thread points the checker enumerates per access, and the most
   point evaluations per pair over all symbol assignments. */
enum { kMaxPoints = 1 << 16 };
static const int64_t kMaxWork = (int64_t)1 << 24;

/* The most symbols one pair reads. */
enum { kMaxPairSymbols = 8 };

typedef struct {
  int64_t addr;
  int thread; /* x + 1024 * (y + 1024 * z) */
} Point;


/* The guards the checker applies to a block's threads: a chain shared
   with the block's dominator (`next`), which holds the outer ones. */
typedef struct GuardNode {
  const AmdsyncGuard *guard;
  const struct GuardNode *next;
} GuardNode;

struct AmdsyncFootprints {
  const AmdsyncProgram *p;
  int nb;
  const GuardNode **guards; /* per block: its chain, NULL when none */
  GuardNode *nodes;         /* the chains' storage */
  bool *reached;     /* per block: reached from the entry */
  int64_t lanes;     /* the most lanes the workgroup may have */
  /* Answers by pair: (id_a * 2^31 + id_b) * 2 + shared, + 1 -> apart,
     in the program's arena. */
  AmdsyncPtrMap cache;
  /* Waves by guard chain (amdsyncFootprintsWave), in the program's arena. */
  AmdsyncPtrMap waves;
  Point *pa, *pb; /* scratch, kMaxPoints each */
};

/*===--- Dominators of its own ----------------------------------------------===*/

/* Immediate dominators (-1: the entry, or unreached): Cooper, Harvey and
   Kennedy's iteration over the checker's reverse post-order (`order`, `n`
   blocks; `rank`: a block's index there, -1 when unreached). */
/* Pre/post numbers of the tree `idom` gives over `nb` blocks (children
   after their parent), iteratively. */
static void numberDoms(AmdsyncCheckDoms *d, int nb) {
  int *first = malloc(((size_t)nb + 1) * sizeof(int));
  int *next = malloc(((size_t)nb + 1) * sizeof(int));
  int *stack = malloc(((size_t)nb + 1) * sizeof(int));
  if (!first || !next || !stack)
    abort();
  for (int x = 0; x < nb; ++x)
    first[x] = next[x] = d->pre[x] = d->post[x] = -1;
  for (int x = nb - 1; x >= 0; --x)
    if (d->idom[x] >= 0) {
      next[x] = first[d->idom[x]];
      first[d->idom[x]] = x;
    }
  int clock = 0;
  for (int root = 0; root < nb; ++root) {
    if (d->idom[root] >= 0)
      continue;
    int sp = 0;
    stack[sp++] = root;
    d->pre[root] = clock++;
    while (sp) {
      int x = stack[sp - 1];
      int child = first[x];
      if (child >= 0) {
        first[x] = next[child];
        d->pre[child] = clock++;
        stack[sp++] = child;
        continue;
      }
      d->post[x] = clock++;
      sp--;
    }
  }
  free(first);
  free(next);
  free(stack);
}

AmdsyncCheckDoms *amdsyncCheckDominators(const AmdsyncCfg *g,
                                         const int *order, int n,
                                         const int *rank) {
  int nb = g->nblocks;
  AmdsyncCheckDoms *d = malloc(sizeof *d);
  int *idom = malloc(((size_t)nb + 1) * sizeof(int));
  if (!d || !idom)
    abort();
  d->idom = idom;
  for (int i = 0; i < nb; ++i)
    idom[i] = -1;
  int entry = g->entry->id;
  assert(n == 0 || order[0] == entry);
  idom[entry] = entry;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 1; i < n; ++i) {
      const AmdsyncBlock *b = g->blocks[order[i]];
      int best = -1;
      for (int k = 0; k < b->npred; ++k) {
        int q = b->pred[k]->id;
        if (rank[q] < 0 || idom[q] < 0)
          continue;
        if (best < 0) {
          best = q;
          continue;
        }
        int u = q, v = best;
        while (u != v) {
          while (rank[u] > rank[v])
            u = idom[u];
          while (rank[v] > rank[u])
            v = idom[v];
        }
        best = u;
      }
      if (best >= 0 && idom[b->id] != best) {
        idom[b->id] = best;
        changed = true;
      }
    }
  }
  idom[entry] = -1;
  d->pre = malloc(((size_t)nb + 1) * sizeof(int));
  d->post = malloc(((size_t)nb + 1) * sizeof(int));
  if (!d->pre || !d->post)
    abort();
  /* Unreached blocks are roots of their own: they dominate nothing
     reached, and nothing dominates them but themselves. */
  numberDoms(d, nb);
  return d;
}

void amdsyncCheckDominatorsFree(AmdsyncCheckDoms *d) {
  if (!d)
    return;
  free(d->idom);
  free(d->pre);
  free(d->post);
  free(d);
}

bool amdsyncCheckDominates(const AmdsyncCheckDoms *d, int x, int y) {
  assert(d->pre[x] >= 0 && d->pre[y] >= 0);
  return d->pre[x] <= d->pre[y] && d->post[y] <= d->post[x];
}

/*===--- Threads of a block -------------------------------------------------===*/

/* The guards that bound the threads of each reached block: those of the
   edges into the blocks on its dominator chain that have one predecessor
   but for back edges from blocks they dominate (every lane that reaches
   the block took that edge; a path that defines
   a guard's symbol again reaches it only through the edge again). Down the
   dominator tree in the checker's reverse post-order, each block's chain
   its dominator's plus the guards of its own edge. */
static void blockGuards(AmdsyncFootprints *f, const int *order, int norder,
                        const int *rank, const AmdsyncCheckDoms *doms) {
  const AmdsyncCfg *g = f->p->cfg;
  const int *idom = doms->idom;
  int total = 0, used = 0;
  for (int x = 0; x < f->nb; ++x)
    total += g->blocks[x]->nguards;
  f->nodes = malloc(((size_t)total + 1) * sizeof(GuardNode));
  if (!f->nodes)
    abort();
  for (int r = 0; r < norder; ++r) {
    const AmdsyncBlock *b = g->blocks[order[r]];
    if (idom[b->id] < 0)
      continue;
    f->guards[b->id] = f->guards[idom[b->id]];
    int only = -1, preds = 0;
    for (int k = 0; k < b->npred; ++k) {
      int q = b->pred[k]->id;
      /* A block comes before those it dominates in the order: only an edge
         back from later in it may come from inside b's loop. */
      if (f->reached[q] &&
          (rank[q] < rank[b->id] || !amdsyncCheckDominates(doms, b->id, q))) {
        preds++;
        only = q;
      }
    }
    if (preds != 1)
      continue;
    const AmdsyncBlock *from = g->blocks[only];
    int edges = 0;
    for (int k = 0; k < from->nsucc; ++k)
      edges += from->succ[k] == b;
    if (edges != 1)
      continue;
    for (int k = 0; k < from->nguards; ++k) {
      if (from->guards[k].to != b)
        continue;
      assert(used < total);
      f->nodes[used] = (GuardNode){&from->guards[k], f->guards[b->id]};
      f->guards[b->id] = &f->nodes[used++];
    }
  }
}

AmdsyncFootprints *amdsyncFootprintsCreate(const AmdsyncProgram *p,
                                           const int *order, int norder,
                                           const int *rank,
                                           const AmdsyncCheckDoms *doms) {
  AmdsyncFootprints *f = calloc(1, sizeof *f);
  if (!f)
    abort();
  const AmdsyncCfg *g = p->cfg;
  f->p = p;
  f->nb = g->nblocks;
  f->lanes = p->wg_lanes > 0 ? p->wg_lanes : 1024;
  if (p->wg_size[0] > 0 && p->wg_size[1] > 0 && p->wg_size[2] > 0 &&
      p->wg_size[0] * p->wg_size[1] * p->wg_size[2] < f->lanes)
    f->lanes = p->wg_size[0] * p->wg_size[1] * p->wg_size[2];
  f->reached = calloc((size_t)f->nb + 1, sizeof(bool));
  f->guards = calloc((size_t)f->nb + 1, sizeof(const GuardNode *));
  if (!f->reached || !f->guards)
    abort();
  for (int x = 0; x < f->nb; ++x)
    f->reached[x] = rank[x] >= 0;
  blockGuards(f, order, norder, rank, doms);
  return f;
}

void amdsyncFootprintsDestroy(AmdsyncFootprints *f) {
  if (!f)
    return;
  free(f->guards);
  free(f->nodes);
  free(f->reached);
  free(f->pa);
  free(f->pb);
  free(f);
}

/*===--- Enumeration ---------------------------------------------------------===*/

/* The values of the symbols one side reads: value[s] for symbol s. */
typedef struct {
  int vars[kMaxPairSymbols];
  int64_t value[kMaxPairSymbols];
  int count;
} Assignment;

static bool evaluate(const AmdsyncLinear *a, const Assignment *as,
                     const int64_t t[3], int64_t *out) {
  int64_t v = a->c;
  for (int i = 0; i < a->nterms; ++i) {
    int64_t x = 0;
    if (a->var[i] <= AMDSYNC_VAR_TID_Z) {
      x = t ? t[a->var[i]] : 0;
    } else {
      int k = 0;
      while (k < as->count && as->vars[k] != a->var[i])
        k++;
      if (k == as->count)
        return false;
      x = as->value[k];
    }
    int64_t term;
    if (__builtin_mul_overflow(a->coef[i], x, &term) ||
        __builtin_add_overflow(v, term, &v))
      return false;
  }
  *out = v;
  return true;
}

/* The points of access `n` under `as`: its first byte for each thread that
   may run it. False when a form cannot be evaluated or there are too many. */
/* The box of thread ids a guard chain admits under `as`: the workgroup's
   extents narrowed by each guard it can evaluate. */
/* Whether guard `gd` holds under `as`: always, or, a guard of one
   iteration (AmdsyncGuard.case_var), where `as` gives its case symbol that
   iteration's value. */
static bool guardApplies(const AmdsyncGuard *gd, const Assignment *as) {
  if (gd->case_var < AMDSYNC_VAR_SYMBOL)
    return true;
  AmdsyncLinear cv = amdsyncLinearVar(gd->case_var, 1);
  int64_t k;
  return evaluate(&cv, as, NULL, &k) && k == gd->case_k;
}

/* Whether thread `t` meets residue guard `gd` (mod > 1). */
static bool residueAdmits(const AmdsyncGuard *gd, const int64_t t[3]) {
  int64_t r = t[gd->dim] & (gd->mod - 1);
  return r >= gd->lo.c && r <= gd->hi.c;
}

/* Whether thread `t` meets the residue guards of `chain` that hold under
   `as` (threadBox has the ranges). */
static bool residuesAdmit(const GuardNode *chain, const Assignment *as,
                          const int64_t t[3]) {
  for (const GuardNode *gn = chain; gn; gn = gn->next) {
    const AmdsyncGuard *gd = gn->guard;
    if (gd->mod > 1 && guardApplies(gd, as) && !residueAdmits(gd, t))
      return false;
  }
  return true;
}

static void threadBox(const AmdsyncFootprints *f, const GuardNode *chain,
                      const Assignment *as, int64_t lo[3], int64_t hi[3]) {
  for (int d = 0; d < 3; ++d) {
    lo[d] = 0;
    hi[d] = (f->p->wg_size[d] > 0 ? f->p->wg_size[d] : f->lanes) - 1;
  }
  for (const GuardNode *gn = chain; gn; gn = gn->next) {
    const AmdsyncGuard *gd = gn->guard;
    if (gd->mod > 1 || !guardApplies(gd, as))
      continue; /* a residue (residuesAdmit), or another iteration's */
    int64_t v;
    if (gd->has_lo && evaluate(&gd->lo, as, NULL, &v) &&
        v > lo[gd->dim])
      lo[gd->dim] = v;
    if (gd->has_hi && evaluate(&gd->hi, as, NULL, &v) && v < hi[gd->dim])
      hi[gd->dim] = v;
  }
}

static bool points(const AmdsyncFootprints *f, const AmdsyncNode *n,
                   const Assignment *as, Point *out, int *count) {
  const AmdsyncAccessIndex *ia = n->u.access.index;
  int64_t lo[3], hi[3], coef[3] = {0, 0, 0}, base;
  threadBox(f, f->guards[n->block->id], as, lo, hi);
  /* A case split: the form of the case the assignment's value of the case
     symbol names (the access's address there). */
  const AmdsyncLinear *addr = &ia->addr;
  if (ia->case_var >= 0) {
    AmdsyncLinear cv = amdsyncLinearVar(ia->case_var, 1);
    int64_t k;
    if (!evaluate(&cv, as, NULL, &k) || k < 0 || k >= ia->ncases)
      return false;
    addr = amdsyncIndexCaseAddr(ia, (int)k);
  }
  /* The address: its symbol part, then a coefficient per thread id. */
  AmdsyncLinear sym = amdsyncLinearConst(addr->c);
  for (int i = 0; i < addr->nterms; ++i) {
    if (addr->var[i] <= AMDSYNC_VAR_TID_Z) {
      coef[addr->var[i]] = addr->coef[i];
      continue;
    }
    AmdsyncLinear t = amdsyncLinearVar(addr->var[i], addr->coef[i]);
    if (!amdsyncLinearAddScaled(&sym, &t, 1, &sym))
      return false;
  }
  if (!evaluate(&sym, as, NULL, &base))
    return false;
  /* The residue guards that hold under `as`, found once for the access,
     not per thread (residuesAdmit walks the whole chain); more than
     kResidues: residuesAdmit per thread. */
  enum { kResidues = 8 };
  const AmdsyncGuard *res[kResidues];
  int nres = 0;
  bool per_thread = false;
  for (const GuardNode *gn = f->guards[n->block->id]; gn; gn = gn->next)
    if (gn->guard->mod > 1 && guardApplies(gn->guard, as)) {
      if (nres == kResidues)
        per_thread = true;
      else
        res[nres++] = gn->guard;
    }
  int k = 0;
  /* (x+1)(y+1)(z+1) grows with each id: each loop stops at the first
     point past the lanes. */
  for (int64_t z = lo[2]; z <= hi[2] && (lo[0] + 1) * (lo[1] + 1) * (z + 1) <= f->lanes;
       ++z)
    for (int64_t y = lo[1];
         y <= hi[1] && (lo[0] + 1) * (y + 1) * (z + 1) <= f->lanes; ++y)
      for (int64_t x = lo[0];
           x <= hi[0] && (x + 1) * (y + 1) * (z + 1) <= f->lanes; ++x) {
        if (k == kMaxPoints)
          return false;
        const int64_t t[3] = {x, y, z};
        bool admitted = true;
        for (int r = 0; r < nres && admitted; ++r)
          admitted = residueAdmits(res[r], t);
        if (!admitted ||
            (per_thread && !residuesAdmit(f->guards[n->block->id], as, t)))
          continue;
        out[k].addr = base + coef[0] * x + coef[1] * y + coef[2] * z;
        out[k].thread = (int)(x + 1024 * (y + 1024 * z));
        k++;
      }
  *count = k;
  return true;
}

/* Adds the symbols `a` reads to `as` (ranges from the program); false when
   there are too many or one has no bounded range. */
static bool addSymbols(const AmdsyncProgram *p, const AmdsyncLinear *a,
                       Assignment *as, int64_t lo[], int64_t hi[]) {
  for (int i = 0; i < a->nterms; ++i) {
    int v = a->var[i];
    if (v <= AMDSYNC_VAR_TID_Z)
      continue;
    int k = 0;
    while (k < as->count && as->vars[k] != v)
      k++;
    if (k < as->count)
      continue;
    int s = v - AMDSYNC_VAR_SYMBOL;
    if (s < 0 || s >= p->nsymbols || as->count == kMaxPairSymbols ||
        !p->symbol_range[s].has_lo || !p->symbol_range[s].has_hi)
      return false;
    lo[as->count] = p->symbol_range[s].lo;
    hi[as->count] = p->symbol_range[s].hi;
    as->vars[as->count++] = v;
  }
  return true;
}

/* The distance between two values symbol variable `v` takes. */
static int64_t stepOf(const AmdsyncProgram *p, int v) {
  return amdsyncRangeStep(&p->symbol_range[v - AMDSYNC_VAR_SYMBOL]);
}

/* The symbols a guard chain reads. */
static bool guardSymbols(const AmdsyncFootprints *f, const GuardNode *chain,
                         Assignment *as, int64_t lo[], int64_t hi[]) {
  for (const GuardNode *gn = chain; gn; gn = gn->next) {
    const AmdsyncGuard *gd = gn->guard;
    AmdsyncLinear cv = amdsyncLinearVar(gd->case_var, 1);
    if ((gd->has_lo && !addSymbols(f->p, &gd->lo, as, lo, hi)) ||
        (gd->has_hi && !addSymbols(f->p, &gd->hi, as, lo, hi)) ||
        (gd->case_var >= AMDSYNC_VAR_SYMBOL &&
         !addSymbols(f->p, &cv, as, lo, hi)))
      return false;
  }
  return true;
}

/* The symbols access `n` reads (its address and its block's guards; with
   a case split, the case symbol and every case's address). */
static bool symbolsOf(const AmdsyncFootprints *f, const AmdsyncNode *n,
                      Assignment *as, int64_t lo[], int64_t hi[]) {
  const AmdsyncAccessIndex *ia = n->u.access.index;
  if (ia->case_var >= 0) {
    AmdsyncLinear cv = amdsyncLinearVar(ia->case_var, 1);
    if (!addSymbols(f->p, &cv, as, lo, hi))
      return false;
    for (int k = 0; k < ia->ncases; ++k)
      if (!addSymbols(f->p, amdsyncIndexCaseAddr(ia, k), as, lo, hi))
        return false;
  }
  return addSymbols(f->p, &ia->addr, as, lo, hi) &&
         guardSymbols(f, f->guards[n->block->id], as, lo, hi);
}

static int pointOrder(const void *x, const void *y) {
  const Point *a = x, *b = y;
  if (a->addr != b->addr)
    return a->addr < b->addr ? -1 : 1;
  return (a->thread > b->thread) - (a->thread < b->thread);
}

/* True when no byte of [pa.addr, +wa) meets [pb.addr, +wb) for two
   different threads. */
static bool enumerateApart(const Point *pa, int na, int64_t wa, Point *pb,
                           int nb, int64_t wb) {
  /* points() lists them by thread, which is address order whenever the
     address grows with the thread id: then no sort. */
  bool sorted = true;
  for (int j = 1; j < nb && sorted; ++j)
    sorted = pointOrder(&pb[j - 1], &pb[j]) <= 0;
  if (!sorted)
    qsort(pb, (size_t)nb, sizeof(Point), pointOrder);
  for (int i = 0; i < na; ++i) {
    /* b's ranges that meet a's: b.addr in (a.addr - wb, a.addr + wa). */
    int64_t from = pa[i].addr - wb + 1;
    int lo = 0, hi = nb;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (pb[mid].addr < from)
        lo = mid + 1;
      else
        hi = mid;
    }
    for (int j = lo; j < nb && pb[j].addr < pa[i].addr + wa; ++j)
      if (pb[j].thread != pa[i].thread)
        return false;
  }
  return true;
}


const void *amdsyncFootprintsChain(const AmdsyncFootprints *f,
                                   const AmdsyncNode *n) {
  if (!n->u.access.index || !f->reached[n->block->id])
    return NULL;
  return f->guards[n->block->id];
}

bool amdsyncFootprintsReads(const AmdsyncFootprints *f, const AmdsyncNode *n,
                            const AmdsyncBlock *b) {
  const AmdsyncProgram *p = f->p;
  if (!n->u.access.index || !f->reached[n->block->id])
    return false;
  Assignment as = {{0}, {0}, 0};
  int64_t lo[kMaxPairSymbols], hi[kMaxPairSymbols];
  if (!symbolsOf(f, n, &as, lo, hi))
    return true; /* cannot tell: any block may define what it reads */
  for (int k = 0; k < as.count; ++k)
    if (p->symbol_def[as.vars[k] - AMDSYNC_VAR_SYMBOL] == b)
      return true;
  return false;
}

/* Whether the values `as` gives its symbols keep the bounds one symbol
   puts on another (AmdsyncRange.rel: j <= i + c), where `as` also holds
   the bounding symbol; a value with no bound in `as` is free. At the
   second access (`from_a` given, `shared` its mask) a value of a's is
   checked under a's bound, and a shared value under a bound not shared
   not at all (it was taken under the first access's). */
static bool relationsHold(const AmdsyncProgram *p, const Assignment *as,
                          const int *from_a, uint64_t shared) {
  for (int k = 0; k < as->count; ++k) {
    if (from_a && from_a[k] >= 0)
      continue; /* a's value: checked under a's bound */
    const AmdsyncRange *r = &p->symbol_range[as->vars[k] - AMDSYNC_VAR_SYMBOL];
    if (r->rel <= 0)
      continue;
    if (from_a && (shared & amdsyncSymbolBit(as->vars[k])) &&
        !(shared & amdsyncSymbolBit(AMDSYNC_VAR_SYMBOL + r->rel - 1)))
      continue;
    for (int j = 0; j < as->count; ++j)
      if (as->vars[j] == AMDSYNC_VAR_SYMBOL + r->rel - 1 &&
          as->value[k] > as->value[j] + r->rel_c)
        return false;
  }
  return true;
}

/* Every assignment of the pair's symbols in turn (odometer order); a's
   symbols first, then b's (the same symbols again when `shared`: then b
   takes a's values). True when no assignment lets two threads meet. */
static bool enumerateAssignments(AmdsyncFootprints *f, const AmdsyncNode *a,
                                 const AmdsyncNode *b, uint64_t shared,
                                 uint64_t a_final, uint64_t b_first) {
  Assignment sa = {{0}, {0}, 0}, sb = {{0}, {0}, 0};
  int64_t loa[kMaxPairSymbols], hia[kMaxPairSymbols];
  int64_t lob[kMaxPairSymbols], hib[kMaxPairSymbols];
  if (!symbolsOf(f, a, &sa, loa, hia) || !symbolsOf(f, b, &sb, lob, hib))
    return false;
  /* b's own symbols: those a does not read, or all when not shared. */
  int own[kMaxPairSymbols], nown = 0, from_a[kMaxPairSymbols];
  for (int k = 0; k < sb.count; ++k) {
    from_a[k] = -1;
    for (int j = 0; (shared & amdsyncSymbolBit(sb.vars[k])) && j < sa.count; ++j)
      if (sa.vars[j] == sb.vars[k])
        from_a[k] = j;
    if (from_a[k] < 0)
      own[nown++] = k;
  }
  /* A counter's values lie its step apart from lo (AmdsyncRange.step). */
  int64_t sta[kMaxPairSymbols], stb[kMaxPairSymbols];
  for (int k = 0; k < sa.count; ++k)
    sta[k] = stepOf(f->p, sa.vars[k]);
  for (int k = 0; k < sb.count; ++k)
    stb[k] = stepOf(f->p, sb.vars[k]);
  int64_t combos = 1;
  for (int k = 0; k < sa.count; ++k)
    if (__builtin_mul_overflow(combos, (hia[k] - loa[k]) / sta[k] + 1, &combos))
      return false;
  for (int k = 0; k < nown; ++k)
    if (__builtin_mul_overflow(combos,
                               (hib[own[k]] - lob[own[k]]) / stb[own[k]] + 1,
                               &combos))
      return false;
  if (combos <= 0 || combos > kMaxWork / (2 * f->lanes))
    return false;
  const int64_t wa = a->u.access.index->width, wb = b->u.access.index->width;
  for (int k = 0; k < sa.count; ++k)
    sa.value[k] = loa[k];
  for (int k = 0; k < nown; ++k)
    sb.value[own[k]] = lob[own[k]];
  /* a's case symbol, where only its final values are a's. */
  int fin = -1, first = -1;
  for (int k = 0; a_final && k < sa.count; ++k)
    if (sa.vars[k] == a->u.access.index->case_var)
      fin = k;
  for (int k = 0; b_first && k < sb.count; ++k)
    if (sb.vars[k] == b->u.access.index->case_var)
      first = k;
  for (;;) {
    for (int k = 0; k < sb.count; ++k)
      if (from_a[k] >= 0)
        sb.value[k] = sa.value[from_a[k]];
    int na, nb;
    bool final_row = fin < 0 || sa.value[fin] < 0 || sa.value[fin] >= 64 ||
                     (a_final >> sa.value[fin] & 1);
    bool first_row = first < 0 || sb.value[first] < 0 ||
                     sb.value[first] >= 64 || (b_first >> sb.value[first] & 1);
    if (final_row && first_row && relationsHold(f->p, &sa, NULL, 0) &&
        relationsHold(f->p, &sb, from_a, shared) &&
        (!points(f, a, &sa, f->pa, &na) || !points(f, b, &sb, f->pb, &nb) ||
         !enumerateApart(f->pa, na, wa, f->pb, nb, wb)))
      return false;
    /* Next assignment: b's own symbols fastest, then a's. */
    int k = 0;
    for (; k < nown; ++k) {
      if (sb.value[own[k]] <= hib[own[k]] - stb[own[k]]) {
        sb.value[own[k]] += stb[own[k]];
        break;
      }
      sb.value[own[k]] = lob[own[k]];
    }
    if (k < nown)
      continue;
    for (k = 0; k < sa.count; ++k) {
      if (sa.value[k] <= hia[k] - sta[k]) {
        sa.value[k] += sta[k];
        break;
      }
      sa.value[k] = loa[k];
    }
    if (k == sa.count)
      return true;
  }
}

bool amdsyncFootprintsApart(AmdsyncFootprints *f, const AmdsyncNode *a,
                            const AmdsyncNode *b, uint64_t shared,
                            uint64_t a_final, uint64_t b_first) {
  const AmdsyncAccessIndex *x = a->u.access.index, *y = b->u.access.index;
  if (!x || !y || a->u.access.resource != b->u.access.resource ||
      !f->reached[a->block->id] || !f->reached[b->block->id])
    return false;
  if (!f->pa) {
    f->pa = malloc(kMaxPoints * sizeof(Point));
    f->pb = malloc(kMaxPoints * sizeof(Point));
    if (!f->pa || !f->pb)
      abort();
  }
  /* Sharing as the pair sees it: every symbol it reads, or none, or some
     (a stale entry whose path defined one of them again). */
  if (shared != 0 && shared != ~(uint64_t)0) {
    Assignment sa = {{0}, {0}, 0};
    int64_t lo[kMaxPairSymbols], hi[kMaxPairSymbols];
    if (!symbolsOf(f, a, &sa, lo, hi) || !symbolsOf(f, b, &sa, lo, hi))
      return false;
    uint64_t reads = 0;
    for (int k = 0; k < sa.count; ++k)
      reads |= amdsyncSymbolBit(sa.vars[k]);
    if ((shared & reads) == reads)
      shared = ~(uint64_t)0;
    else if ((shared & reads) == 0)
      shared = 0;
    else
      return enumerateAssignments(f, a, b, shared, a_final,
                                  b_first); /* not kept */
  }
  if (a_final || b_first)
    return enumerateAssignments(f, a, b, shared, a_final,
                                b_first); /* not kept */
  /* The pair's answer depends on the forms, the blocks' guards and the
     sharing: the accesses' ids and the flag key it. */
  const void *key =
      (const void *)(uintptr_t)(((((uint64_t)a->id << 31) | (uint64_t)b->id)
                                 << 1 | (shared != 0)) + 1);
  long known;
  if (amdsyncPtrMapGet(&f->cache, key, &known))
    return known != 0;
  bool apart = enumerateAssignments(f, a, b, shared, 0, 0);
  amdsyncPtrMapPut(f->p->arena, &f->cache, key, apart);
  return apart;
}

/*===--- Waves ---------------------------------------------------------------===*/

/* The wave of lane (x, y, z), or -1 when the workgroup's extents do not
   say (y or z non-zero with the extent below it unknown). Lanes fill waves
   in order of x + X * (y + Y * z). */
static int64_t waveOfLane(const AmdsyncProgram *p, int64_t x, int64_t y,
                          int64_t z, int wave_size) {
  if ((y || z) && (!p->wg_exact || p->wg_size[0] <= 0))
    return -1; /* a bound on the extent places no lane in a wave */
  if (z && p->wg_size[1] <= 0)
    return -1;
  return (x + p->wg_size[0] * (y + p->wg_size[1] * z)) / wave_size;
}

/* The wave holding every lane a guard chain admits, for every value of
   the symbols its guards read; -1 when two (or none). Every lane is
   enumerated, as for footprints; the first lane of a second wave ends it. */
static int64_t chainWave(const AmdsyncFootprints *f, const GuardNode *chain,
                         int wave_size) {
  Assignment as = {{0}, {0}, 0};
  int64_t slo[kMaxPairSymbols], shi[kMaxPairSymbols];
  if (!guardSymbols(f, chain, &as, slo, shi))
    return -1;
  int64_t combos = 1;
  for (int k = 0; k < as.count; ++k)
    if (__builtin_mul_overflow(combos, shi[k] - slo[k] + 1, &combos))
      return -1;
  if (combos <= 0 || combos > kMaxWork / f->lanes)
    return -1;
  for (int k = 0; k < as.count; ++k)
    as.value[k] = slo[k];
  int64_t wave = -1;
  for (;;) {
    int64_t lo[3], hi[3];
    threadBox(f, chain, &as, lo, hi);
    for (int64_t z = lo[2];
         z <= hi[2] && (lo[0] + 1) * (lo[1] + 1) * (z + 1) <= f->lanes; ++z)
      for (int64_t y = lo[1];
           y <= hi[1] && (lo[0] + 1) * (y + 1) * (z + 1) <= f->lanes; ++y)
        for (int64_t x = lo[0];
             x <= hi[0] && (x + 1) * (y + 1) * (z + 1) <= f->lanes; ++x) {
          int64_t w = waveOfLane(f->p, x, y, z, wave_size);
          if (w < 0 || (wave >= 0 && w != wave))
            return -1;
          wave = w;
        }
    int k = 0;
    for (; k < as.count; ++k) {
      if (as.value[k] < shi[k]) {
        as.value[k]++;
        break;
      }
      as.value[k] = slo[k];
    }
    if (k == as.count)
      return wave;
  }
}

int amdsyncFootprintsWave(AmdsyncFootprints *f, const AmdsyncNode *n,
                          int wave_size) {
  if (wave_size <= 0 || !n->u.access.index || !f->reached[n->block->id])
    return -1;
  /* The lanes depend on the block's guard chain only (shared down the
     dominator tree): one answer per chain and wave size. */
  const GuardNode *chain = f->guards[n->block->id];
  const void *key =
      (const void *)(((uintptr_t)chain ^ (uintptr_t)(wave_size == 64)) + 2);
  long known;
  if (amdsyncPtrMapGet(&f->waves, key, &known))
    return (int)known;
  int64_t wave = chainWave(f, chain, wave_size);
  amdsyncPtrMapPut(f->p->arena, &f->waves, key, wave);
  return (int)wave;
}
