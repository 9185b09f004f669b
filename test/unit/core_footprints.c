/* The index proofs as the passes use them, judged by brute force: random
   pairs of accesses with symbol-free index forms, each in a block reached
   through guarded edges, in workgroups up to 16x4x2. For each pair,
   every thread that passes the guards and every other such thread are
   enumerated here; a byte two different threads share is a collision.
   - the placement's predicate (amdsyncIndexKeepsThreadsApart, through
     finalize's threads) must never say "apart" where there is one, and
     on these symbol-free pairs, where its counting proof decides, must
     say exactly what enumeration says;
   - the checker's own evaluation (amdsyncFootprintsApart) must say exactly
     what enumeration says, as it enumerates the same lanes its own way. */
#include "unit.h"

#include "amdsync/analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t seed = 0x2545F4914F6CDD1Dull;

static int64_t pick(int64_t n) {
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return (int64_t)(seed % (uint64_t)n);
}

typedef struct {
  int dim;
  /* 0: tid < c, 1: tid >= c, 2: tid == c, 3: tid mod m in [c, c2] (a
     residue guard, AmdsyncGuard.mod) */
  int kind;
  int64_t c, c2, m;
} Cond;

static bool holds(const Cond *c, const int64_t t[3]) {
  int64_t v = t[c->dim];
  if (c->kind == 3)
    return v % c->m >= c->c && v % c->m <= c->c2;
  return c->kind == 0 ? v < c->c : c->kind == 1 ? v >= c->c : v == c->c;
}

static AmdsyncGuard guardOf(const Cond *c, AmdsyncBlock *to) {
  AmdsyncGuard g;
  memset(&g, 0, sizeof g);
  g.to = to;
  g.dim = c->dim;
  if (c->kind == 0) {
    g.has_hi = true;
    g.hi = amdsyncLinearConst(c->c - 1);
  } else if (c->kind == 1) {
    g.has_lo = true;
    g.lo = amdsyncLinearConst(c->c);
  } else if (c->kind == 2) {
    g.has_lo = g.has_hi = true;
    g.lo = g.hi = amdsyncLinearConst(c->c);
  } else {
    g.mod = c->m;
    g.has_lo = g.has_hi = true;
    g.lo = amdsyncLinearConst(c->c);
    g.hi = amdsyncLinearConst(c->c2);
  }
  return g;
}

static AmdsyncLinear randomForm(const int64_t size[3]) {
  static const int64_t coef[] = {1, 2, 4, 4, 8, 16, -4, 64, 0, 0};
  AmdsyncLinear f = amdsyncLinearConst(pick(65));
  for (int d = 0; d < 3; ++d) {
    if (size[d] == 1 && pick(2))
      continue;
    int64_t c = coef[pick(10)];
    if (c == 0)
      continue;
    AmdsyncLinear t = amdsyncLinearVar(d, c);
    amdsyncLinearAddScaled(&f, &t, 1, &f);
  }
  return f;
}

static int64_t evalForm(const AmdsyncLinear *f, const int64_t t[3]) {
  int64_t v = f->c;
  for (int i = 0; i < f->nterms; ++i)
    v += f->coef[i] * t[f->var[i]];
  return v;
}

typedef struct {
  AmdsyncLinear addr;
  int64_t width;
  Cond cond[4];
  int nconds;
} Side;

/* Whether two different threads of `size`, one passing a's conditions, the
   other b's, touch a common byte. */
static bool collide(const Side *a, const Side *b, const int64_t size[3]) {
  int64_t t[3], u[3];
  for (t[2] = 0; t[2] < size[2]; ++t[2])
    for (t[1] = 0; t[1] < size[1]; ++t[1])
      for (t[0] = 0; t[0] < size[0]; ++t[0]) {
        bool in = true;
        for (int k = 0; k < a->nconds; ++k)
          in = in && holds(&a->cond[k], t);
        if (!in)
          continue;
        int64_t x = evalForm(&a->addr, t);
        for (u[2] = 0; u[2] < size[2]; ++u[2])
          for (u[1] = 0; u[1] < size[1]; ++u[1])
            for (u[0] = 0; u[0] < size[0]; ++u[0]) {
              if (t[0] == u[0] && t[1] == u[1] && t[2] == u[2])
                continue;
              bool in2 = true;
              for (int k = 0; k < b->nconds; ++k)
                in2 = in2 && holds(&b->cond[k], u);
              if (!in2)
                continue;
              int64_t y = evalForm(&b->addr, u);
              if (x < y + b->width && y < x + a->width)
                return true;
            }
      }
  return false;
}

/* The wave of 32 lanes (flat id x + X * (y + Y * z)) holding every thread
   that passes `s`'s conditions, -1 when two waves do, -2 when no thread
   does (any wave is then right). */
static int truthWave(const Side *s, const int64_t size[3]) {
  int wave = -2;
  int64_t t[3];
  for (t[2] = 0; t[2] < size[2]; ++t[2])
    for (t[1] = 0; t[1] < size[1]; ++t[1])
      for (t[0] = 0; t[0] < size[0]; ++t[0]) {
        bool in = true;
        for (int k = 0; k < s->nconds; ++k)
          in = in && holds(&s->cond[k], t);
        if (!in)
          continue;
        int w = (int)((t[0] + size[0] * (t[1] + size[1] * t[2])) / 32);
        if (wave >= 0 && w != wave)
          return -1;
        wave = w;
      }
  return wave;
}

static bool hasResidue(const Side *s) {
  for (int k = 0; k < s->nconds; ++k)
    if (s->cond[k].kind == 3)
      return true;
  return false;
}

static Side randomSide(const int64_t size[3]) {
  static const int64_t widths[] = {1, 2, 4, 4, 8};
  Side s;
  s.addr = randomForm(size);
  s.width = widths[pick(5)];
  s.nconds = (int)pick(3);
  if (pick(4) == 0) { /* one thread only: `tid == c` in each wide dimension */
    s.nconds = 0;
    for (int d = 0; d < 3; ++d)
      if (size[d] > 1)
        s.cond[s.nconds++] = (Cond){d, 2, pick(size[d]), 0, 0};
    return s;
  }
  bool residue = false; /* one residue guard a side: the placement keeps
                           only the first of two moduli (exact with one) */
  for (int k = 0; k < s.nconds; ++k) {
    s.cond[k].dim = (int)pick(3);
    s.cond[k].kind = (int)pick(residue ? 3 : 4);
    residue |= s.cond[k].kind == 3;
    s.cond[k].c = pick(size[s.cond[k].dim] + 1);
    if (s.cond[k].kind == 3) { /* residues mod 2, 4 or 8 */
      s.cond[k].m = (int64_t)2 << pick(3);
      s.cond[k].c = pick(s.cond[k].m);
      s.cond[k].c2 = s.cond[k].c + pick(s.cond[k].m - s.cond[k].c);
    }
  }
  return s;
}

/* entry -> (guards of a) -> ... -> A (a) -> J -> ... -> B (b) -> exit, each
   guard on an edge of its own branch, the other successor skipping ahead. */
static AmdsyncBlock *guardedChain(AmdsyncProgram *p, AmdsyncBlock *from,
                                  const Side *s, AmdsyncBlock **join) {
  AmdsyncCfg *g = p->cfg;
  AmdsyncBlock *out = amdsyncCfgAddBlock(g);
  AmdsyncBlock *cur = from;
  for (int k = 0; k < s->nconds; ++k) {
    AmdsyncBlock *next = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, cur, next);
    amdsyncCfgAddEdge(g, cur, out);
    amdsyncBlockSetBranch(g, cur, NULL, false);
    AmdsyncGuard gd = guardOf(&s->cond[k], next);
    amdsyncBlockAddGuards(g, cur, &gd, 1);
    cur = next;
  }
  AmdsyncBlock *body = cur;
  if (body == from) { /* no guard: a block of its own all the same */
    body = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, from, body);
  }
  amdsyncCfgAddEdge(g, body, out);
  *join = out;
  return body;
}

static void randomPairs(int n, int *said_apart, int *truly_apart,
                        int *checker_apart, int *one_wave) {
  for (int i = 0; i < n; ++i) {
    int64_t size[3] = {1 + pick(16), 1 + pick(4), 1 + pick(2)};
    Side sa = randomSide(size), sb = randomSide(size);
    AmdsyncArena *arena = amdsyncArenaCreate();
    AmdsyncProgram *p = amdsyncProgramCreate(arena);
    int r = amdsyncProgramAddResource(p, AMDSYNC_RES_GLOBAL, "g");
    AmdsyncBlock *entry = unitEntry(p), *j1, *j2;
    AmdsyncBlock *ba = guardedChain(p, entry, &sa, &j1);
    AmdsyncBlock *bb = guardedChain(p, j1, &sb, &j2);
    AmdsyncNode *a = unitAccess(p, ba, W, r);
    AmdsyncNode *b = unitAccess(p, bb, R, r);
    amdsyncAccessSetAddress(p, a, &sa.addr, sa.width);
    amdsyncAccessSetAddress(p, b, &sb.addr, sb.width);
    amdsyncProgramSetWorkgroup(p, size, size[0] * size[1] * size[2], true);
    amdsyncProgramSetWaveSize(p, 32);
    amdsyncProgramFinalize(p);
    bool truth = !collide(&sa, &sb, size);
    bool placement = amdsyncIndexKeepsThreadsApart(p, a, b);
    /* The checker's reverse post-order: the graph's own serves here. */
    int rank[64];
    CHECK(p->cfg->nblocks <= 64);
    for (int k = 0; k < p->cfg->nblocks; ++k)
      rank[k] = -1;
    for (int k = 0; k < p->cfg->nreachable; ++k)
      rank[p->cfg->rpo_order[k]] = k;
    AmdsyncCheckDoms *doms = amdsyncCheckDominators(p->cfg, p->cfg->rpo_order,
                                       p->cfg->nreachable, rank);
    AmdsyncFootprints *f = amdsyncFootprintsCreate(
        p, p->cfg->rpo_order, p->cfg->nreachable, rank, doms);
    amdsyncCheckDominatorsFree(doms);
    bool checker = amdsyncFootprintsApart(f, a, b, ~(uint64_t)0, 0, 0);
    /* Waves of 32 lanes: the placement's (finalize) may name one only
       where enumeration finds every lane in it; the checker's is exact. */
    /* Exact but for residue guards, which both leave out (a superset of
       the threads: one wave or none found where the residues say one). */
    int wa = truthWave(&sa, size), wb = truthWave(&sb, size);
    int ca = amdsyncFootprintsWave(f, a, 32), cb = amdsyncFootprintsWave(f, b, 32);
    if (a->u.access.index->wave >= 0 && wa != -2)
      CHECK_EQ(a->u.access.index->wave, wa);
    if (b->u.access.index->wave >= 0 && wb != -2)
      CHECK_EQ(b->u.access.index->wave, wb);
    CHECK(wa == -2 || ca == wa || (ca == -1 && hasResidue(&sa)));
    CHECK(wb == -2 || cb == wb || (cb == -1 && hasResidue(&sb)));
    *one_wave += a->u.access.index->wave >= 0;
    amdsyncFootprintsDestroy(f);
    if (placement && !truth) {
      char fa[120], fb[120];
      amdsyncLinearPrint(&sa.addr, fa, sizeof fa);
      amdsyncLinearPrint(&sb.addr, fb, sizeof fb);
      fprintf(stderr, "case %d: placement says apart: %s (%lld) vs %s (%lld)\n",
              i, fa, (long long)sa.width, fb, (long long)sb.width);
    }
    CHECK(!placement || truth);
    /* Symbol-free forms over constant guards: the placement's counting
       proof (amdsyncIndexApartByCount) answers exactly too. */
    CHECK_EQ(placement, truth);
    CHECK_EQ(checker, truth);
    *said_apart += placement;
    *truly_apart += truth;
    *checker_apart += checker;
    amdsyncArenaDestroy(arena);
  }
}

/* Case splits (amdsyncAccessSetCases): each side's address is one of up
   to four forms, chosen by the value of a symbol numbering iterations.
   Where the symbol is defined outside every loop the pair sees one value
   (the same case at both); defined at a loop's header, which the path
   between the accesses may cross, any case of one meets any of the other.
   Enumeration over those case pairs is the truth; the placement may say
   apart only where it holds, the checker must say exactly it. */
static void randomCasePairs(int n, int *said_apart, int *truly_apart) {
  for (int i = 0; i < n; ++i) {
    int64_t size[3] = {1 + pick(16), 1 + pick(4), 1};
    int ncases = 1 + (int)pick(4);
    bool in_loop = pick(2);
    Side sa = randomSide(size), sb = randomSide(size);
    AmdsyncLinear ca[4], cb[4];
    bool split_b = pick(3) != 0; /* else only a splits */
    for (int k = 0; k < ncases; ++k) {
      ca[k] = randomForm(size);
      cb[k] = split_b ? randomForm(size) : sb.addr;
    }
    AmdsyncArena *arena = amdsyncArenaCreate();
    AmdsyncProgram *p = amdsyncProgramCreate(arena);
    int r = amdsyncProgramAddResource(p, AMDSYNC_RES_GLOBAL, "g");
    AmdsyncBlock *entry = unitEntry(p), *j1, *j2;
    AmdsyncCfg *g = p->cfg;
    AmdsyncBlock *def = entry;
    if (in_loop) {
      def = amdsyncCfgAddBlock(g);
      amdsyncCfgAddEdge(g, entry, def);
    }
    int var = amdsyncProgramAddSymbol(
        p, def, (AmdsyncRange){true, true, 0, ncases - 1, 0, 0, 0});
    AmdsyncBlock *ba = guardedChain(p, def, &sa, &j1);
    /* Guards of one iteration (AmdsyncGuard.case_var) on a branch of their
       own before a: in case k only cond[k] holds there (as `tid % (2 * s)
       == 0` does in iteration s). Where b does not split, it splits by
       them too (splitByGuards) when they dominate it: not here. */
    Cond per_case[4];
    bool case_guards = pick(2);
    if (case_guards) {
      AmdsyncBlock *pre = amdsyncCfgAddBlock(g), *guarded = ba;
      /* pre -> ba (guarded per case), pre -> j1: move a behind pre. */
      ba = amdsyncCfgAddBlock(g);
      amdsyncCfgAddEdge(g, guarded, pre);
      amdsyncCfgAddEdge(g, pre, ba);
      amdsyncCfgAddEdge(g, pre, j1);
      amdsyncCfgAddEdge(g, ba, j1);
      amdsyncBlockSetBranch(g, pre, NULL, false);
      for (int k = 0; k < ncases; ++k) {
        Side one = randomSide(size);
        per_case[k] = one.nconds ? one.cond[0]
                                 : (Cond){0, 3, 0, 0, 2}; /* even x */
        AmdsyncGuard gd = guardOf(&per_case[k], ba);
        gd.case_var = var;
        gd.case_k = k;
        amdsyncBlockAddGuards(g, pre, &gd, 1);
      }
    }
    AmdsyncBlock *bb = guardedChain(p, j1, &sb, &j2);
    if (in_loop) {
      AmdsyncBlock *exit = amdsyncCfgAddBlock(g);
      amdsyncCfgAddEdge(g, j2, def);
      amdsyncCfgAddEdge(g, j2, exit);
      amdsyncBlockSetBranch(g, j2, NULL, true);
    }
    AmdsyncNode *a = unitAccess(p, ba, W, r);
    AmdsyncNode *b = unitAccess(p, bb, R, r);
    amdsyncAccessSetCases(p, a, var, ca, ncases, sa.width);
    if (split_b)
      amdsyncAccessSetCases(p, b, var, cb, ncases, sb.width);
    else
      amdsyncAccessSetAddress(p, b, &sb.addr, sb.width);
    amdsyncProgramSetWorkgroup(p, size, size[0] * size[1] * size[2], true);
    amdsyncProgramSetWaveSize(p, 32);
    amdsyncProgramFinalize(p);
    bool truth = true;
    for (int x = 0; x < ncases; ++x)
      for (int y = 0; y < ncases; ++y) {
        if (!in_loop && split_b && x != y)
          continue; /* one iteration: the same case at both */
        if (!split_b && y > 0)
          continue;
        Side ka = sa, kb = sb;
        ka.addr = ca[x];
        kb.addr = cb[y];
        if (case_guards)
          ka.cond[ka.nconds++] = per_case[x];
        truth = truth && !collide(&ka, &kb, size);
      }
    bool placement = amdsyncIndexKeepsThreadsApart(p, a, b);
    int rank[64];
    CHECK(g->nblocks <= 64);
    for (int k = 0; k < g->nblocks; ++k)
      rank[k] = -1;
    for (int k = 0; k < g->nreachable; ++k)
      rank[g->rpo_order[k]] = k;
    AmdsyncCheckDoms *doms = amdsyncCheckDominators(g, g->rpo_order, g->nreachable, rank);
    AmdsyncFootprints *f =
        amdsyncFootprintsCreate(p, g->rpo_order, g->nreachable, rank, doms);
    amdsyncCheckDominatorsFree(doms);
    bool checker =
        amdsyncFootprintsApart(f, a, b, in_loop ? 0 : ~(uint64_t)0, 0, 0);
    amdsyncFootprintsDestroy(f);
    if (placement && !truth)
      fprintf(stderr, "case split %d: placement says apart, enumeration "
                      "finds a collision (%d cases, %s)\n",
              i, ncases, in_loop ? "any two" : "the same");
    CHECK(!placement || truth);
    CHECK_EQ(checker, truth);
    *said_apart += placement;
    *truly_apart += truth;
    amdsyncArenaDestroy(arena);
  }
}

int main(void) {
  int said = 0, truly = 0, checker = 0, one_wave = 0;
  int case_said = 0, case_truly = 0;
  randomCasePairs(2000, &case_said, &case_truly);
  printf("core_footprints: 2000 case-split pairs: apart by enumeration %d, "
         "by the placement's proofs %d\n",
         case_truly, case_said);
  CHECK(case_said > 100);
  randomPairs(3000, &said, &truly, &checker, &one_wave);
  printf("core_footprints: 3000 pairs: apart by enumeration %d, by the "
         "checker %d, by the placement's proofs %d; first access in one "
         "wave of 32 by the placement %d\n",
         truly, checker, said, one_wave);
  CHECK(one_wave > 300);
  /* Both sides must have work to do for the comparison to mean anything. */
  CHECK(said > 300);
  CHECK(truly == said);
  return unitReport("core_footprints");
}
