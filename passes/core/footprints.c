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
 *  - answer: every thread of the workgroup that may run each access is
 *    enumerated (at most 1,024 lanes: every (x, y, z) with
 *    (x+1)(y+1)(z+1) no more than the lanes the workgroup may have), each
 *    access's bytes are computed for each, and two footprints are searched
 *    for a byte shared by two different threads (sort one side, look up
 *    the other).
 *
 * Where it cannot evaluate (a symbol in a form, too many points), the
 * answer is "may meet": the buffer-level verdict stands. The placement's
 * proofs (index.c) reason symbolically instead; the two meet only in the
 * forms.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The most thread points the checker enumerates per access. */
enum { kMaxPoints = 1 << 16 };

typedef struct {
  int64_t lo[3], hi[3]; /* thread ids lo[d] <= tid[d] <= hi[d] */
} Box;

typedef struct {
  int64_t addr;
  int thread; /* x + 1024 * (y + 1024 * z) */
} Point;

typedef struct {
  int64_t key; /* key_a * 2^31 + key_b, + 1; 0: empty */
  bool apart;
} CacheSlot;

struct AmdsyncFootprints {
  const AmdsyncProgram *p;
  int nb;
  Box *box;       /* per block: the threads that may run it */
  bool *reached;  /* per block: reached from the entry */
  int64_t lanes;  /* the most lanes the workgroup may have */
  CacheSlot *cache;
  int cache_cap, cache_count;
  Point *pa, *pb; /* scratch, kMaxPoints each */
};

/*===--- Dominators of its own ----------------------------------------------===*/

/* Reverse post-order from the entry (iterative DFS); returns the count. */
static int reversePostOrder(const AmdsyncCfg *g, int *order, bool *reached) {
  int nb = g->nblocks, n = 0, sp = 0;
  int *stack = malloc(((size_t)nb + 1) * sizeof(int));
  int *next = calloc((size_t)nb + 1, sizeof(int));
  int *post = malloc(((size_t)nb + 1) * sizeof(int));
  if (!stack || !next || !post)
    abort();
  stack[sp++] = g->entry->id;
  reached[g->entry->id] = true;
  while (sp) {
    int x = stack[sp - 1];
    const AmdsyncBlock *b = g->blocks[x];
    if (next[x] < b->nsucc) {
      int y = b->succ[next[x]++]->id;
      if (!reached[y]) {
        reached[y] = true;
        stack[sp++] = y;
      }
      continue;
    }
    post[n++] = x;
    sp--;
  }
  for (int i = 0; i < n; ++i)
    order[i] = post[n - 1 - i];
  free(stack);
  free(next);
  free(post);
  return n;
}

/* Immediate dominators (-1: the entry, or unreached): Cooper, Harvey and
   Kennedy's iteration over the reverse post-order. */
static int *dominators(const AmdsyncCfg *g, bool *reached) {
  int nb = g->nblocks;
  int *order = malloc(((size_t)nb + 1) * sizeof(int));
  int *rank = malloc(((size_t)nb + 1) * sizeof(int));
  int *idom = malloc(((size_t)nb + 1) * sizeof(int));
  if (!order || !rank || !idom)
    abort();
  int n = reversePostOrder(g, order, reached);
  for (int i = 0; i < nb; ++i) {
    rank[i] = -1;
    idom[i] = -1;
  }
  for (int i = 0; i < n; ++i)
    rank[order[i]] = i;
  int entry = g->entry->id;
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
  free(order);
  free(rank);
  return idom;
}

/*===--- Threads of a block -------------------------------------------------===*/

static void narrow(Box *t, const AmdsyncGuard *gd) {
  int d = gd->dim;
  if (gd->has_lo && gd->lo.nterms == 0 && gd->lo.c > t->lo[d])
    t->lo[d] = gd->lo.c;
  if (gd->has_hi && gd->hi.nterms == 0 && gd->hi.c < t->hi[d])
    t->hi[d] = gd->hi.c;
}

/* The threads that may run block `x`: the workgroup's, narrowed by the
   guards of the edges into the blocks on its dominator chain that have
   one predecessor (every lane that reaches `x` took that edge). */
static Box blockBox(const AmdsyncFootprints *f, const int *idom, int x) {
  const AmdsyncCfg *g = f->p->cfg;
  Box t;
  for (int d = 0; d < 3; ++d) {
    int64_t size = f->p->wg_size[d] > 0 ? f->p->wg_size[d] : f->lanes;
    t.lo[d] = 0;
    t.hi[d] = size - 1;
  }
  for (int y = x; idom[y] >= 0; y = idom[y]) {
    const AmdsyncBlock *b = g->blocks[y];
    int only = -1, preds = 0;
    for (int k = 0; k < b->npred; ++k)
      if (f->reached[b->pred[k]->id]) {
        preds++;
        only = b->pred[k]->id;
      }
    if (preds != 1)
      continue;
    const AmdsyncBlock *from = g->blocks[only];
    int edges = 0;
    for (int k = 0; k < from->nsucc; ++k)
      edges += from->succ[k] == b;
    if (edges != 1)
      continue;
    for (int k = 0; k < from->nguards; ++k)
      if (from->guards[k].to == b)
        narrow(&t, &from->guards[k]);
  }
  return t;
}

AmdsyncFootprints *amdsyncFootprintsCreate(const AmdsyncProgram *p) {
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
  f->box = calloc((size_t)f->nb + 1, sizeof(Box));
  if (!f->reached || !f->box)
    abort();
  int *idom = dominators(g, f->reached);
  for (int x = 0; x < f->nb; ++x)
    if (f->reached[x])
      f->box[x] = blockBox(f, idom, x);
  free(idom);
  return f;
}

void amdsyncFootprintsDestroy(AmdsyncFootprints *f) {
  if (!f)
    return;
  free(f->box);
  free(f->reached);
  free(f->cache);
  free(f->pa);
  free(f->pb);
  free(f);
}

/*===--- Enumeration ---------------------------------------------------------===*/

/* The points of access `n`: its first byte for each thread that may run
   it. False when a form holds a symbol or there are too many. */
static bool points(const AmdsyncFootprints *f, const AmdsyncNode *n, Point *out,
                   int *count) {
  const AmdsyncIndexedAccess *ia = n->u.access.index;
  int64_t coef[3] = {0, 0, 0};
  for (int i = 0; i < ia->addr.nterms; ++i) {
    if (ia->addr.var[i] > AMDSYNC_VAR_TID_Z)
      return false;
    coef[ia->addr.var[i]] = ia->addr.coef[i];
  }
  const Box *t = &f->box[n->block->id];
  int k = 0;
  /* (x+1)(y+1)(z+1) grows with each id: each loop stops at the first
     point past the lanes. */
  for (int64_t z = t->lo[2];
       z <= t->hi[2] && (t->lo[0] + 1) * (t->lo[1] + 1) * (z + 1) <= f->lanes;
       ++z)
    for (int64_t y = t->lo[1];
         y <= t->hi[1] && (t->lo[0] + 1) * (y + 1) * (z + 1) <= f->lanes; ++y)
      for (int64_t x = t->lo[0];
           x <= t->hi[0] && (x + 1) * (y + 1) * (z + 1) <= f->lanes; ++x) {
        if (k == kMaxPoints)
          return false;
        out[k].addr = ia->addr.c + coef[0] * x + coef[1] * y + coef[2] * z;
        out[k].thread = (int)(x + 1024 * (y + 1024 * z));
        k++;
      }
  *count = k;
  return true;
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

static bool *cacheSlot(AmdsyncFootprints *f, int64_t key, bool *found) {
  if (2 * (f->cache_count + 1) > f->cache_cap) {
    int cap = f->cache_cap ? 2 * f->cache_cap : 64;
    CacheSlot *c = calloc((size_t)cap, sizeof(CacheSlot));
    if (!c)
      abort();
    for (int i = 0; i < f->cache_cap; ++i) {
      if (!f->cache[i].key)
        continue;
      int h = (int)((uint64_t)f->cache[i].key * 0x9E3779B97F4A7C15ull >> 33) &
              (cap - 1);
      while (c[h].key)
        h = (h + 1) & (cap - 1);
      c[h] = f->cache[i];
    }
    free(f->cache);
    f->cache = c;
    f->cache_cap = cap;
  }
  int h = (int)((uint64_t)key * 0x9E3779B97F4A7C15ull >> 33) & (f->cache_cap - 1);
  while (f->cache[h].key && f->cache[h].key != key)
    h = (h + 1) & (f->cache_cap - 1);
  *found = f->cache[h].key == key;
  if (!*found) {
    f->cache[h].key = key;
    f->cache_count++;
  }
  return &f->cache[h].apart;
}

bool amdsyncFootprintsApart(AmdsyncFootprints *f, const AmdsyncNode *a,
                            const AmdsyncNode *b) {
  const AmdsyncIndexedAccess *x = a->u.access.index, *y = b->u.access.index;
  if (!x || !y || a->u.access.resource != b->u.access.resource ||
      !f->reached[a->block->id] || !f->reached[b->block->id])
    return false;
  /* The pair's answer depends on the forms and the blocks' threads; the
     accesses' ids key it (a key of the model also holds the threads the
     placement found, which the checker does not use). */
  int64_t key = ((int64_t)a->id << 31 | b->id) + 1;
  bool found, *slot = cacheSlot(f, key, &found);
  if (found)
    return *slot;
  if (!f->pa) {
    f->pa = malloc(kMaxPoints * sizeof(Point));
    f->pb = malloc(kMaxPoints * sizeof(Point));
    if (!f->pa || !f->pb)
      abort();
  }
  int na, nb;
  bool apart = points(f, a, f->pa, &na) && points(f, b, f->pb, &nb) &&
               enumerateApart(f->pa, na, x->width, f->pb, nb, y->width);
  *slot = apart;
  return apart;
}
