/* Index proofs (passes/core/index.c) judged by enumeration: random
   addresses, guards and symbol ranges on small workgroups, every symbol
   value and every pair of threads; a proof that says "no shared byte"
   where enumeration finds one is unsound. Hand-written cases pin the
   shapes experts write (a tree reduction's step, a 2-D tile) and the
   off-by-one edges on either side of each proof. */
#include "amdsync/index.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

enum { kSyms = 2 };

typedef struct {
  int64_t size[3];
  AmdsyncRange range[kSyms];
  bool shared[kSyms];
  AmdsyncSymbols symbols;
  AmdsyncPairContext ctx;
} World;

static void worldInit(World *w) {
  w->symbols.nsyms = kSyms;
  w->symbols.range = w->range;
  w->ctx.symbols = &w->symbols;
  w->ctx.shared = w->shared;
}

static int64_t eval(const AmdsyncLinear *f, const int64_t tid[3],
                    const int64_t sym[kSyms]) {
  int64_t v = f->c;
  for (int i = 0; i < f->nterms; ++i)
    v += f->coef[i] * (f->var[i] < AMDSYNC_VAR_SYMBOL
                           ? tid[f->var[i]]
                           : sym[f->var[i] - AMDSYNC_VAR_SYMBOL]);
  return v;
}

static bool runs(const AmdsyncThreads *t, const int64_t tid[3],
                 const int64_t sym[kSyms]) {
  for (int d = 0; d < 3; ++d) {
    if (tid[d] < eval(&t->lo[d], tid, sym))
      return false;
    if (t->has_hi[d] && tid[d] > eval(&t->hi[d], tid, sym))
      return false;
  }
  return true;
}

/* Whether access `x` reads symbol `k` (its address or its bounds): only
   then has the symbol a value there to bound. */
static bool readsSymbol(const AmdsyncIndexedAccess *x, int k) {
  int v = AMDSYNC_VAR_SYMBOL + k;
  bool r = amdsyncLinearCoef(&x->addr, v) != 0;
  for (int d = 0; d < 3; ++d)
    r = r || amdsyncLinearCoef(&x->threads.lo[d], v) != 0 ||
        (x->threads.has_hi[d] && amdsyncLinearCoef(&x->threads.hi[d], v) != 0);
  return r;
}

/* Whether some thread at `a` and another (or any, with `same_ok`) at `b`
   touch a common byte, over every symbol value. */
static bool collide(const World *w, const AmdsyncIndexedAccess *a,
                    const AmdsyncIndexedAccess *b, bool same_ok) {
  int64_t sa[kSyms], sb[kSyms];
  /* Each symbol's values: lo + step * m up to hi (AmdsyncRange.step). */
  int64_t st0 = amdsyncRangeStep(&w->range[0]), st1 = amdsyncRangeStep(&w->range[1]);
  int64_t n0 = (w->range[0].hi - w->range[0].lo) / st0 + 1;
  int64_t n1 = (w->range[1].hi - w->range[1].lo) / st1 + 1;
  int64_t threads = w->size[0] * w->size[1] * w->size[2];
  for (int64_t i = 0; i < n0 * n1 * n0 * n1; ++i) {
    int64_t r = i;
    sa[0] = w->range[0].lo + st0 * (r % n0), r /= n0;
    sa[1] = w->range[1].lo + st1 * (r % n1), r /= n1;
    sb[0] = w->shared[0] ? sa[0] : w->range[0].lo + st0 * (r % n0);
    r /= n0;
    sb[1] = w->shared[1] ? sa[1] : w->range[1].lo + st1 * (r % n1);
    /* A symbol bounded by another (AmdsyncRange.rel) takes only the values
       under it, where an access reads it, each side under its own bound;
       a shared value under a shared bound is under it at both, but under
       a bound not shared only at a (it was taken there). */
    bool holds = true;
    for (int k = 0; k < kSyms; ++k) {
      int by = w->range[k].rel - 1;
      if (by < 0)
        continue;
      if (readsSymbol(a, k))
        holds = holds && sa[k] <= sa[by] + w->range[k].rel_c;
      if (readsSymbol(b, k) && !(w->shared[k] && !w->shared[by]))
        holds = holds && sb[k] <= sb[by] + w->range[k].rel_c;
    }
    if (!holds)
      continue;
    for (int64_t x = 0; x < threads; ++x) {
      int64_t t[3] = {x % w->size[0], x / w->size[0] % w->size[1],
                      x / (w->size[0] * w->size[1])};
      if (!runs(&a->threads, t, sa))
        continue;
      int64_t lo_a = eval(&a->addr, t, sa);
      for (int64_t y = 0; y < threads; ++y) {
        if (y == x && !same_ok)
          continue;
        int64_t u[3] = {y % w->size[0], y / w->size[0] % w->size[1],
                        y / (w->size[0] * w->size[1])};
        if (!runs(&b->threads, u, sb))
          continue;
        int64_t lo_b = eval(&b->addr, u, sb);
        if (lo_b < lo_a + a->width && lo_a < lo_b + b->width)
          return true;
      }
    }
  }
  return false;
}

/*===--- Random cases ----------------------------------------------------------===*/

static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static int64_t pick(int64_t n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int64_t)(rng % (unsigned long long)n);
}

static int64_t randomCoef(void) {
  static const int64_t k[] = {0, 0, 1, -1, 2, 4, -4, 8, 16, 32, 64, 3, 5};
  return k[pick(sizeof k / sizeof k[0])];
}

static AmdsyncLinear randomAddr(void) {
  AmdsyncLinear f = amdsyncLinearConst(pick(33) - 16);
  for (int v = 0; v < AMDSYNC_VAR_SYMBOL + kSyms; ++v) {
    int64_t c = v < AMDSYNC_VAR_SYMBOL ? randomCoef() : pick(4) == 0 ? 4 : 0;
    AmdsyncLinear t = amdsyncLinearVar(v, c);
    amdsyncLinearAddScaled(&f, &t, 1, &f);
  }
  return f;
}

static AmdsyncThreads randomThreads(const World *w) {
  AmdsyncThreads t = amdsyncThreadsOfSize(w->size);
  switch (pick(5)) {
  case 0: /* x < s0 (a reduction's guard) */
    t.hi[0] = amdsyncLinearVar(AMDSYNC_VAR_SYMBOL, 1);
    t.hi[0].c = -1;
    break;
  case 1: /* x <= constant */
    t.hi[0] = amdsyncLinearConst(pick(w->size[0]));
    break;
  case 2: /* x >= s1 */
    t.lo[0] = amdsyncLinearVar(AMDSYNC_VAR_SYMBOL + 1, 1);
    break;
  case 3: /* x == constant */
    t.lo[0] = t.hi[0] = amdsyncLinearConst(pick(w->size[0]));
    break;
  default:
    break;
  }
  return t;
}

/* Whether amdsyncIndexApartByCount must answer for `x`: no symbol in its
   address or its bounds. */
static bool countable(const AmdsyncIndexedAccess *x) {
  for (int k = 0; k < kSyms; ++k)
    if (readsSymbol(x, k))
      return false;
  return true;
}

static void randomCases(int n, int *proved_private, int *proved_disjoint,
                        int *proved_counted) {
  static const int64_t sx[] = {1, 2, 3, 4, 8, 16}, sy[] = {1, 2, 4},
                       sz[] = {1, 2};
  static const int64_t widths[] = {1, 2, 4, 8};
  for (int i = 0; i < n; ++i) {
    World w;
    worldInit(&w);
    w.size[0] = sx[pick(6)];
    w.size[1] = sy[pick(3)];
    w.size[2] = sz[pick(2)];
    for (int s = 0; s < kSyms; ++s) {
      w.range[s] = (AmdsyncRange){true, true, pick(2), 0, 0, 0, 0};
      w.range[s].hi = w.range[s].lo + pick(6);
      if (pick(3) == 0) { /* a counter stepping by 2, 3 or 8 */
        static const int64_t steps[] = {2, 3, 8};
        w.range[s].step = steps[pick(3)];
        w.range[s].hi = w.range[s].lo + w.range[s].step * pick(4);
      }
      w.shared[s] = pick(3) != 0;
    }
    if (pick(3) == 0) { /* s1 counts up to s0 (j < i + c) */
      w.range[1].rel = 1;
      w.range[1].rel_c = pick(5) - 2;
    }
    AmdsyncIndexedAccess a, b;
    a.addr = randomAddr();
    a.width = widths[pick(4)];
    a.threads = randomThreads(&w);
    b.addr = a.addr; /* often the same function, offset */
    b.addr.c += pick(17) - 8;
    switch (pick(3)) {
    case 0:
      b.addr = randomAddr();
      break;
    case 1: /* the same thread function, other symbol terms (`a[16*t + i]`
               against `a[16*t + j]`) */
      for (int v = AMDSYNC_VAR_SYMBOL; v < AMDSYNC_VAR_SYMBOL + kSyms; ++v) {
        static const int64_t kc[] = {0, 1, 4, -4, 8, 64};
        AmdsyncLinear t = amdsyncLinearVar(
            v, kc[pick(sizeof kc / sizeof kc[0])] - amdsyncLinearCoef(&b.addr, v));
        amdsyncLinearAddScaled(&b.addr, &t, 1, &b.addr);
      }
      break;
    default:
      break;
    }
    b.width = widths[pick(4)];
    b.threads = pick(2) ? a.threads : randomThreads(&w);
    bool priv = amdsyncIndexThreadPrivate(&a, &b, &w.ctx);
    bool disj = amdsyncIndexDisjoint(&a, &b, &w.ctx);
    if (priv) {
      ++*proved_private;
      CHECK(!collide(&w, &a, &b, false));
    }
    if (disj) {
      ++*proved_disjoint;
      CHECK(!collide(&w, &a, &b, true));
    }
    /* Counting decides exactly where it answers: with no symbol it must
       agree with enumeration both ways. */
    bool counted = amdsyncIndexApartByCount(&a, &b, &w.ctx);
    if (counted)
      ++*proved_counted;
    if (counted || countable(&a) & countable(&b))
      CHECK(counted == !collide(&w, &a, &b, false));
  }
}

/*===--- Hand-written cases ------------------------------------------------------===*/

/* x < s - `off`, the guard of a tree reduction's step. */
static AmdsyncThreads belowS(const World *w, int64_t off) {
  AmdsyncThreads t = amdsyncThreadsOfSize(w->size);
  t.hi[0] = amdsyncLinearVar(AMDSYNC_VAR_SYMBOL, 1);
  t.hi[0].c = -1 - off;
  return t;
}

static AmdsyncLinear plus(AmdsyncLinear f, int var, int64_t coef) {
  AmdsyncLinear t = amdsyncLinearVar(var, coef);
  amdsyncLinearAddScaled(&f, &t, 1, &f);
  return f;
}

static void testReduction(void) {
  World w;
  worldInit(&w);
  w.size[0] = 16, w.size[1] = w.size[2] = 1;
  w.range[0] = (AmdsyncRange){true, true, 1, 8, 0, 0, 0};
  w.range[1] = (AmdsyncRange){true, true, 0, 0, 0, 0, 0};
  w.shared[0] = w.shared[1] = true;
  /* if (lid < s) buf[lid] += buf[lid + s]: the write against the far read,
     disjoint within one step... */
  AmdsyncIndexedAccess wr = {amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4), 4,
                             belowS(&w, 0)};
  AmdsyncIndexedAccess far = {plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4),
                                   AMDSYNC_VAR_SYMBOL, 4),
                              4, belowS(&w, 0)};
  CHECK(amdsyncIndexDisjoint(&wr, &far, &w.ctx));
  CHECK(amdsyncIndexDisjoint(&far, &wr, &w.ctx));
  CHECK(!collide(&w, &wr, &far, true));
  /* ... the write against the near read, one thread's own slot. */
  AmdsyncIndexedAccess near = {amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4), 4,
                               belowS(&w, 0)};
  CHECK(amdsyncIndexThreadPrivate(&wr, &near, &w.ctx));
  CHECK(!amdsyncIndexDisjoint(&wr, &near, &w.ctx));
  /* Across a step (s differs): neither proof holds, and lanes do meet. */
  w.shared[0] = false;
  CHECK(!amdsyncIndexDisjoint(&wr, &far, &w.ctx));
  CHECK(collide(&w, &wr, &far, true));
  CHECK(amdsyncIndexThreadPrivate(&wr, &near, &w.ctx)); /* no symbol in it */
  w.shared[0] = true;
  /* One step too generous: the read at lid + s - 1 meets the write. */
  AmdsyncIndexedAccess close = far;
  close.addr.c = -4;
  CHECK(!amdsyncIndexDisjoint(&wr, &close, &w.ctx));
  CHECK(collide(&w, &wr, &close, true));
  /* A guard one looser (lid <= s) lets the last writer meet the first
     reader. */
  AmdsyncIndexedAccess loose = wr;
  loose.threads = belowS(&w, -1);
  CHECK(!amdsyncIndexDisjoint(&loose, &far, &w.ctx));
  CHECK(collide(&w, &loose, &far, true));
}

/* 16 x 4 lanes, two shared symbols in [0, 3]. */
static void tileWorld(World *w) {
  worldInit(w);
  w->size[0] = 16, w->size[1] = 4, w->size[2] = 1;
  w->range[0] = w->range[1] = (AmdsyncRange){true, true, 0, 3, 0, 0, 0};
  w->shared[0] = w->shared[1] = true;
}

static void testPrivate(void) {
  World w;
  tileWorld(&w);
  AmdsyncThreads all = amdsyncThreadsOfSize(w.size);
  /* tile[ty][tx] of floats, 16 wide: private at width 4, not at 5. */
  AmdsyncLinear tile = plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4),
                            AMDSYNC_VAR_TID_Y, 64);
  AmdsyncIndexedAccess a = {tile, 4, all}, b = {tile, 4, all};
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  b.width = 5;
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
  /* Rows one float too short (15 floats for 16 lanes): rows overlap. */
  b.width = 4;
  b.addr = a.addr = plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4),
                         AMDSYNC_VAR_TID_Y, 60);
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
  /* The same slot plus a shared symbol: still one thread's own. */
  a.addr = plus(tile, AMDSYNC_VAR_SYMBOL, 1024);
  b.addr = a.addr;
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  /* ... and when the symbol differs between them (another iteration,
     s0 in [0, 3]): tiles of 1,024 bytes hold the 256 of one, so another
     iteration's tile is another lane's only in another tile (iteration
     distance) ... */
  w.shared[0] = false;
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(!collide(&w, &a, &b, false));
  /* ... but not with tiles 128 bytes apart: lane (0, 2) of one iteration
     and lane (0, 0) of the next touch the same float. */
  a.addr = plus(tile, AMDSYNC_VAR_SYMBOL, 128);
  b.addr = a.addr;
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
  w.shared[0] = true;
  /* Every lane at one address: shared by all. */
  a.addr = b.addr = amdsyncLinearConst(0);
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
  /* ... unless one lane runs it (tx == 0 && ty == 0). */
  a.threads = b.threads = all;
  a.threads.hi[0] = b.threads.hi[0] = amdsyncLinearConst(0);
  a.threads.hi[1] = b.threads.hi[1] = amdsyncLinearConst(0);
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(!collide(&w, &a, &b, false));
  /* An unknown workgroup size in x: the y stride cannot be trusted. */
  a.threads = b.threads = all;
  a.threads.has_hi[0] = b.threads.has_hi[0] = false;
  a.addr = b.addr = tile;
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  /* ... but x alone, with y fixed, needs no bound on x. */
  a.threads.hi[1] = b.threads.hi[1] = amdsyncLinearConst(0);
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
}

/* Rodinia's LU perimeter: lane t updates its own row of 16 floats,
   `peri_col[16*t + i]` written against `peri_col[16*t + j]` read, i in
   [0, 15] and j in [0, 14] two loop counters: the counters' spread (60
   bytes) stays within a row (64), so only a thread meets itself. A row one
   float shorter, or a counter one step longer, and lanes t and t + 1 meet
   (each checked by enumeration). */
static void testOwnRowCounters(void) {
  World w;
  worldInit(&w);
  w.size[0] = 16, w.size[1] = w.size[2] = 1;
  w.range[0] = (AmdsyncRange){true, true, 0, 15, 0, 0, 0};
  w.range[1] = (AmdsyncRange){true, true, 0, 14, 0, 0, 0};
  w.shared[0] = w.shared[1] = true;
  AmdsyncThreads all = amdsyncThreadsOfSize(w.size);
  AmdsyncLinear row = amdsyncLinearVar(AMDSYNC_VAR_TID_X, 64);
  AmdsyncIndexedAccess a = {plus(row, AMDSYNC_VAR_SYMBOL, 4), 4, all},
                       b = {plus(row, AMDSYNC_VAR_SYMBOL + 1, 4), 4, all};
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(amdsyncIndexThreadPrivate(&b, &a, &w.ctx));
  CHECK(!collide(&w, &a, &b, false));
  w.range[1].hi = 16; /* j reaches the next row */
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
  w.range[1].hi = 14;
  a.addr = plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 60), AMDSYNC_VAR_SYMBOL, 4);
  b.addr = plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 60), AMDSYNC_VAR_SYMBOL + 1,
                4); /* rows of 15 floats */
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
  /* One counter read with two coefficients, in two iterations (4*i
     against 8*i'): a dimension of its own on each side. */
  a.addr = plus(row, AMDSYNC_VAR_SYMBOL, 4);
  b.addr = plus(row, AMDSYNC_VAR_SYMBOL, 8);
  w.shared[0] = false;
  w.range[0].hi = 7;
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx) ==
        !collide(&w, &a, &b, false));
  w.range[0].hi = 8; /* 8*8 - 4*0 = 64: lane t + 1's first float */
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
}

/* Rodinia's LU diagonal: lanes t > i write a[16*t + i]; the loop reads
   a[16*j + i] for j < i (j <= i - 1, a bound by the outer counter): rows
   below i against rows above it, disjoint only with the relation. Without
   it (j up to 14 whatever i), or with j <= i, rows meet (checked by
   enumeration). */
static void testRelation(void) {
  World w;
  worldInit(&w);
  w.size[0] = 16, w.size[1] = w.size[2] = 1;
  w.range[0] = (AmdsyncRange){true, true, 0, 14, 0, 0, 0}; /* i */
  w.range[1] = (AmdsyncRange){true, true, 0, 13, 1, -1, 0}; /* j <= i - 1 */
  w.shared[0] = true;  /* one iteration of the outer loop */
  w.shared[1] = false; /* two of the inner */
  AmdsyncThreads below = amdsyncThreadsOfSize(w.size);
  below.lo[0] = plus(amdsyncLinearConst(1), AMDSYNC_VAR_SYMBOL, 1); /* t > i */
  AmdsyncIndexedAccess a = {plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 64),
                                 AMDSYNC_VAR_SYMBOL, 4),
                            4, below},
                       b = {plus(amdsyncLinearVar(AMDSYNC_VAR_SYMBOL, 4),
                                 AMDSYNC_VAR_SYMBOL + 1, 64),
                            4, below};
  CHECK(amdsyncIndexDisjoint(&a, &b, &w.ctx));
  CHECK(amdsyncIndexDisjoint(&b, &a, &w.ctx));
  CHECK(!collide(&w, &a, &b, true));
  w.range[1].rel_c = 0; /* j <= i: row i is written by no lane either */
  CHECK(amdsyncIndexDisjoint(&a, &b, &w.ctx));
  CHECK(!collide(&w, &a, &b, true));
  w.range[1].rel_c = 1; /* j <= i + 1: lane i + 1's row */
  CHECK(!amdsyncIndexDisjoint(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, true));
  w.range[1].rel = 0; /* no relation: j up to 13 */
  w.range[1].rel_c = 0;
  CHECK(!amdsyncIndexDisjoint(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, true));
  /* The relation is taken on each side's own outer value: reading a
     row's first float, a[16*j], disjoint from the rows below i in one
     outer iteration; with i not shared (two outer iterations), j at b is
     below b's i, not a's, and rows meet. */
  w.range[1].rel = 1;
  w.range[1].rel_c = -1;
  b.addr = amdsyncLinearVar(AMDSYNC_VAR_SYMBOL + 1, 64);
  CHECK(amdsyncIndexDisjoint(&a, &b, &w.ctx));
  CHECK(!collide(&w, &a, &b, true));
  w.shared[0] = false;
  CHECK(!amdsyncIndexDisjoint(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, true));
}

static void testLinear(void) {
  AmdsyncLinear f = amdsyncLinearVar(5, 3), g = amdsyncLinearVar(4, 2), h;
  CHECK(amdsyncLinearAddScaled(&f, &g, 2, &h));
  CHECK_EQ(h.nterms, 2);
  CHECK_EQ(h.var[0], 4);
  CHECK_EQ(h.coef[0], 4);
  CHECK(amdsyncLinearAddScaled(&h, &h, -1, &h));
  CHECK_EQ(h.nterms, 0); /* terms cancel */
  AmdsyncLinear big = amdsyncLinearConst(INT64_MAX);
  CHECK(!amdsyncLinearAddScaled(&big, &big, 1, &h)); /* overflow */
  CHECK_EQ(amdsyncLinearCoef(&f, 5), 3);
  CHECK_EQ(amdsyncLinearCoef(&f, 4), 0);
}

/* amdsyncGuardOf against evaluation: for f = k*t + c*s0 + d and each
   relation, every t (and s0 in [0, 9]) where f REL 0 holds lies within the
   guard's bounds, and the bounds are tight for constants (t = bound
   satisfies it). */
static void testGuardOf(void) {
  static const AmdsyncRelation kRels[] = {AMDSYNC_REL_LT, AMDSYNC_REL_LE,
                                          AMDSYNC_REL_GT, AMDSYNC_REL_GE,
                                          AMDSYNC_REL_EQ};
  int guards = 0;
  for (int64_t k = -3; k <= 3; ++k)
    for (int64_t cs = 0; cs <= 1; ++cs)
      for (int64_t d = -7; d <= 7; ++d)
        for (int r = 0; r < 5; ++r) {
          if (k == 0)
            continue;
          AmdsyncLinear f = amdsyncLinearConst(d), t = amdsyncLinearVar(1, k);
          amdsyncLinearAddScaled(&f, &t, 1, &f);
          if (cs) {
            AmdsyncLinear sym = amdsyncLinearVar(AMDSYNC_VAR_SYMBOL, 2);
            amdsyncLinearAddScaled(&f, &sym, 1, &f);
          }
          AmdsyncGuard g;
          bool ok = amdsyncGuardOf(&f, kRels[r], &g);
          CHECK(ok == (!cs || k == 1 || k == -1));
          if (!ok)
            continue;
          guards++;
          CHECK_EQ(g.dim, 1);
          for (int64_t s0 = 0; s0 <= 9; ++s0)
            for (int64_t tv = -40; tv <= 40; ++tv) {
              int64_t v = k * tv + 2 * cs * s0 + d;
              bool holds = kRels[r] == AMDSYNC_REL_LT   ? v < 0
                           : kRels[r] == AMDSYNC_REL_LE ? v <= 0
                           : kRels[r] == AMDSYNC_REL_GT ? v > 0
                           : kRels[r] == AMDSYNC_REL_GE ? v >= 0
                                                        : v == 0;
              int64_t lo = g.lo.c + (g.lo.nterms ? g.lo.coef[0] * s0 : 0);
              int64_t hi = g.hi.c + (g.hi.nterms ? g.hi.coef[0] * s0 : 0);
              if (holds) {
                CHECK(!g.has_lo || tv >= lo);
                CHECK(!g.has_hi || tv <= hi);
              }
            }
        }
  CHECK(guards > 100);
  AmdsyncLinear f = amdsyncLinearVar(0, 1);
  AmdsyncGuard g;
  CHECK(!amdsyncGuardOf(&f, AMDSYNC_REL_NE, &g)); /* a hole: no bound */
  CHECK_EQ(amdsyncRelationNegate(AMDSYNC_REL_LT), AMDSYNC_REL_GE);
  CHECK_EQ(amdsyncRelationNegate(AMDSYNC_REL_EQ), AMDSYNC_REL_NE);
}

/* Two halves of rows: 16 lanes x 4 rows, rows of 32 floats, one access at
   the row's first half (4*x + 128*y), the other at its second (+ 64): no
   two lanes meet, though the spacing of 4 is below the 64 apart (the
   dimension-by-dimension search). Offsets one float too far (+ 60) or rows
   one float too short (124) meet, and enumeration agrees each time. */
static void testInterleaved(void) {
  World w;
  tileWorld(&w);
  AmdsyncThreads all = amdsyncThreadsOfSize(w.size);
  AmdsyncLinear row = plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4),
                           AMDSYNC_VAR_TID_Y, 128);
  AmdsyncLinear half = row;
  half.c = 64;
  AmdsyncIndexedAccess a = {row, 4, all}, b = {half, 4, all};
  CHECK(amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(amdsyncIndexThreadPrivate(&b, &a, &w.ctx));
  CHECK(!collide(&w, &a, &b, false));
  b.addr.c = 60; /* lane 15's float is lane 0's + 60: they meet */
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
  b.addr = plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4), AMDSYNC_VAR_TID_Y, 124);
  b.addr.c = 64; /* rows of 31 floats: row 1's first half meets row 0's second */
  a.addr = plus(amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4), AMDSYNC_VAR_TID_Y, 124);
  CHECK(!amdsyncIndexThreadPrivate(&a, &b, &w.ctx));
  CHECK(collide(&w, &a, &b, false));
}

/*===--- Waves ---------------------------------------------------------------===*/

/* amdsyncThreadsWave against enumeration: random workgroups (each extent
   sometimes unknown to the proof), random constant and symbolic bounds,
   wave sizes 32 and 64. A wave it names must hold every lane the threads
   admit for every symbol value (else unsound); returns how often it named
   one. */
static int randomWaves(int n) {
  int named = 0;
  static const int64_t kSizes[] = {1, 2, 4, 8, 16, 32, 64, 128, 256};
  for (int i = 0; i < n; ++i) {
    World w;
    worldInit(&w);
    for (int d = 0; d < 3; ++d)
      w.size[d] = d == 0 ? kSizes[3 + pick(6)] : kSizes[pick(d == 1 ? 5 : 3)];
    while (w.size[0] * w.size[1] * w.size[2] > 1024)
      w.size[0] /= 2;
    for (int k = 0; k < kSyms; ++k) {
      w.range[k].has_lo = w.range[k].has_hi = true;
      w.range[k].lo = pick(4);
      w.range[k].hi = w.range[k].lo + pick(40);
    }
    AmdsyncThreads t = amdsyncThreadsOfSize(w.size);
    for (int d = 0; d < 3; ++d) {
      switch (pick(5)) {
      case 0:
        t.hi[d] = amdsyncLinearConst(pick(w.size[d] + 2) - 1);
        break;
      case 1:
        t.lo[d] = amdsyncLinearConst(pick(w.size[d]));
        break;
      case 2: /* tid < s0 */
        t.hi[d] = amdsyncLinearVar(AMDSYNC_VAR_SYMBOL, 1);
        t.hi[d].c = -1;
        break;
      case 3:
        t.lo[d] = t.hi[d] = amdsyncLinearConst(pick(w.size[d]));
        break;
      default:
        break;
      }
    }
    int64_t known[3];
    for (int d = 0; d < 3; ++d)
      known[d] = pick(4) ? w.size[d] : 0;
    int wave_size = pick(2) ? 64 : 32;
    int got = amdsyncThreadsWave(&t, &w.symbols, known, wave_size);
    if (got < 0)
      continue;
    named++;
    int64_t threads = w.size[0] * w.size[1] * w.size[2];
    for (int64_t s0 = w.range[0].lo; s0 <= w.range[0].hi; ++s0)
      for (int64_t s1 = w.range[1].lo; s1 <= w.range[1].hi; ++s1)
        for (int64_t x = 0; x < threads; ++x) {
          int64_t tid[3] = {x % w.size[0], x / w.size[0] % w.size[1],
                            x / (w.size[0] * w.size[1])};
          int64_t sym[kSyms] = {s0, s1};
          if (runs(&t, tid, sym))
            CHECK(x / wave_size == got);
        }
  }
  return named;
}

/* The edges: lanes 0..63 are one wave of 64 and two of 32; 0..64 are two
   of 64; rows of 16 lanes, rows 0..3 are one wave of 64, with the row
   length known only. */
static void testWaveEdges(void) {
  int64_t size[3] = {256, 1, 1}, rows[3] = {16, 16, 1};
  AmdsyncThreads t = amdsyncThreadsOfSize(size);
  t.hi[0] = amdsyncLinearConst(63);
  CHECK(amdsyncThreadsWave(&t, NULL, size, 64) == 0);
  CHECK(amdsyncThreadsWave(&t, NULL, size, 32) < 0);
  t.hi[0] = amdsyncLinearConst(64);
  CHECK(amdsyncThreadsWave(&t, NULL, size, 64) < 0);
  t.lo[0] = amdsyncLinearConst(64);
  t.hi[0] = amdsyncLinearConst(127);
  CHECK(amdsyncThreadsWave(&t, NULL, size, 64) == 1);
  AmdsyncThreads r = amdsyncThreadsOfSize(rows);
  r.hi[1] = amdsyncLinearConst(3);
  int64_t row_only[3] = {16, 0, 0};
  CHECK(amdsyncThreadsWave(&r, NULL, row_only, 64) == 0);
  r.hi[1] = amdsyncLinearConst(4);
  CHECK(amdsyncThreadsWave(&r, NULL, row_only, 64) < 0);
  int64_t unknown[3] = {0, 0, 0};
  r.hi[1] = amdsyncLinearConst(1);
  CHECK(amdsyncThreadsWave(&r, NULL, unknown, 64) < 0); /* row length? */
  CHECK(amdsyncThreadsWave(&r, NULL, rows, 0) < 0);     /* wave size? */
}

/* A stencil's halo: the interior stores tile[y + 1][x + 1] of a 16 x 16
   workgroup (rows of 18 floats) against the right halo tile[y + 1][17]
   that lanes x == 15 store: no byte in common, though the ranges of bytes
   interleave and the thread terms differ. One column further in, x == 15
   stores tile[y + 1][16], lane (15, y)'s own interior element: still apart
   (one lane). At tile[y + 1][15], lane (14, y)'s element: they meet. */
static void testCounted(void) {
  World w;
  worldInit(&w);
  w.size[0] = 16, w.size[1] = 16, w.size[2] = 1;
  memset(w.shared, 0, sizeof w.shared);
  AmdsyncIndexedAccess in, halo;
  in.addr = amdsyncLinearConst(76);
  in.addr = plus(in.addr, AMDSYNC_VAR_TID_X, 4);
  in.addr = plus(in.addr, AMDSYNC_VAR_TID_Y, 72);
  in.width = halo.width = 4;
  in.threads = amdsyncThreadsOfSize(w.size);
  halo.threads = in.threads;
  halo.threads.lo[0] = halo.threads.hi[0] = amdsyncLinearConst(15);
  halo.addr = plus(amdsyncLinearConst(72 + 68), AMDSYNC_VAR_TID_Y, 72);
  CHECK(amdsyncIndexApartByCount(&in, &halo, &w.ctx));
  CHECK(amdsyncIndexApartByCount(&halo, &in, &w.ctx));
  CHECK(amdsyncIndexDisjoint(&in, &halo, &w.ctx)); /* on the lattice */
  halo.addr.c = 72 + 64; /* its own element */
  CHECK(amdsyncIndexApartByCount(&in, &halo, &w.ctx));
  halo.addr.c = 72 + 60; /* lane 14's */
  CHECK(!amdsyncIndexApartByCount(&in, &halo, &w.ctx));
  halo.addr.c = 72 + 68;
  halo.width = 5; /* one byte into the next row's first element */
  CHECK(amdsyncIndexApartByCount(&in, &halo, &w.ctx)); /* column 0: none */
  in.addr.c = 72; /* tile[y + 1][x]: lane (0, y + 1)... */
  halo.width = 4 + 1;
  CHECK(!amdsyncIndexApartByCount(&in, &halo, &w.ctx));
  /* A shared symbol in both addresses cancels; one side's alone does not. */
  w.range[0] = (AmdsyncRange){true, true, 0, 3, 0, 0, 0};
  w.shared[0] = true;
  in.addr.c = 76;
  halo.width = 4;
  in.addr = plus(in.addr, AMDSYNC_VAR_SYMBOL, 1152);
  halo.addr = plus(halo.addr, AMDSYNC_VAR_SYMBOL, 1152);
  CHECK(amdsyncIndexApartByCount(&in, &halo, &w.ctx));
  w.shared[0] = false;
  CHECK(!amdsyncIndexApartByCount(&in, &halo, &w.ctx));
  w.shared[0] = true;
  halo.addr = plus(halo.addr, AMDSYNC_VAR_SYMBOL, 4);
  CHECK(!amdsyncIndexApartByCount(&in, &halo, &w.ctx));
}

int main(void) {
  testLinear();
  testGuardOf();
  testReduction();
  testPrivate();
  int priv = 0, disj = 0, counted = 0;
  randomCases(3000, &priv, &disj, &counted);
  testCounted();
  testOwnRowCounters();
  testRelation();
  testWaveEdges();
  testInterleaved();
  int waves = randomWaves(3000);
  printf("core_index: 3000 random thread sets, %d in one wave\n", waves);
  CHECK(waves >= 300);
  /* Not vacuous: the random cases prove something often enough. */
  printf("core_index: 3000 random cases, %d proved thread-private, %d "
         "proved disjoint, %d apart by counting\n",
         priv, disj, counted);
  CHECK(priv >= 100);
  CHECK(disj >= 300);
  CHECK(counted >= 200);
  return unitReport("core_index");
}
