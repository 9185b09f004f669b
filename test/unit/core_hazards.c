/* Hazard kinds and windows of the core (brief §1). */
#include "unit.h"
#include <string.h>

static void testHazardKinds(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  int b = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "b");
  int g = amdsyncProgramAddResource(p, AMDSYNC_RES_GLOBAL, "g");
  int arg0 = amdsyncProgramAddResource(p, AMDSYNC_RES_ARGUMENT, "arg0");
  int arg1 = amdsyncProgramAddResource(p, AMDSYNC_RES_ARGUMENT, "arg1");
  AmdsyncBlock *s = unitEntry(p);
  AmdsyncNode *wa = unitAccess(p, s, W, a);
  AmdsyncNode *ra = unitAccess(p, s, R, a);
  AmdsyncNode *rb = unitAccess(p, s, R, b);
  AmdsyncNode *wa2 = unitAccess(p, s, W, a);
  AmdsyncNode *at1 = unitAccess(p, s, ATOMIC, a);
  AmdsyncNode *at2 = unitAccess(p, s, ATOMIC, a);
  AmdsyncNode *wg = unitAccess(p, s, W, g);
  AmdsyncNode *rarg0 = unitAccess(p, s, R, arg0);
  AmdsyncNode *warg1 = unitAccess(p, s, W, arg1);
  AmdsyncNode *dma1 = unitAccess(p, s, R | W | AMDSYNC_ACCESS_DMA, a);
  AmdsyncNode *dma2 = unitAccess(p, s, R | W | AMDSYNC_ACCESS_DMA, a);
  AmdsyncNode *rmw = unitAccess(p, s, R | W, a);
  CHECK_EQ(amdsyncHazardBetween(p, wa, ra), AMDSYNC_HAZARD_RAW);
  CHECK_EQ(amdsyncHazardBetween(p, ra, wa), AMDSYNC_HAZARD_WAR);
  CHECK_EQ(amdsyncHazardBetween(p, ra, ra), AMDSYNC_HAZARD_NONE);
  /* One op in two iterations: a read-modify-write conflicts with itself. */
  CHECK_EQ(amdsyncHazardBetween(p, rmw, rmw), AMDSYNC_HAZARD_RAW);
  CHECK_EQ(amdsyncHazardBetween(p, wa, rb), AMDSYNC_HAZARD_NONE); /* distinct allocations */
  CHECK_EQ(amdsyncHazardBetween(p, wa, wa2), AMDSYNC_HAZARD_NONE); /* WAW off */
  p->waw_hazards = true;
  CHECK_EQ(amdsyncHazardBetween(p, wa, wa2), AMDSYNC_HAZARD_WAW);
  p->waw_hazards = false;
  CHECK_EQ(amdsyncHazardBetween(p, at1, at2), AMDSYNC_HAZARD_NONE); /* atomic vs atomic */
  CHECK_EQ(amdsyncHazardBetween(p, at1, ra), AMDSYNC_HAZARD_RAW);  /* atomic is READ_WRITE */
  CHECK_EQ(amdsyncHazardBetween(p, ra, at1), AMDSYNC_HAZARD_WAR);
  CHECK_EQ(amdsyncHazardBetween(p, dma1, dma2), AMDSYNC_HAZARD_NONE); /* DMA vs DMA */
  CHECK_EQ(amdsyncHazardBetween(p, dma1, ra), AMDSYNC_HAZARD_RAW);
  CHECK_EQ(amdsyncHazardBetween(p, rarg0, warg1), AMDSYNC_HAZARD_WAR); /* args alias */
  CHECK_EQ(amdsyncHazardBetween(p, rarg0, wg), AMDSYNC_HAZARD_WAR);    /* arg vs global */
  CHECK_EQ(amdsyncHazardBetween(p, warg1, ra), AMDSYNC_HAZARD_NONE);   /* arg vs local alloc */
  amdsyncArenaDestroy(arena);
}

static void testDisjointRanges(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *s = unitEntry(p);
  AmdsyncNode *w = amdsyncAccessCreate(p, NULL, W, a, 0, 128);
  AmdsyncNode *r1 = amdsyncAccessCreate(p, NULL, R, a, 128, 256);
  AmdsyncNode *r2 = amdsyncAccessCreate(p, NULL, R, a, 124, 128);
  AmdsyncNode *r3 = amdsyncAccessCreate(p, NULL, R, a, -1, -1);
  amdsyncBlockAppend(p->cfg, s, w);
  amdsyncBlockAppend(p->cfg, s, r1);
  amdsyncBlockAppend(p->cfg, s, r2);
  amdsyncBlockAppend(p->cfg, s, r3);
  CHECK_EQ(amdsyncHazardBetween(p, w, r1), AMDSYNC_HAZARD_NONE);
  CHECK_EQ(amdsyncHazardBetween(p, w, r2), AMDSYNC_HAZARD_RAW);
  CHECK_EQ(amdsyncHazardBetween(p, w, r3), AMDSYNC_HAZARD_RAW);
  amdsyncArenaDestroy(arena);
}

/* loop { W; R }: a forward RAW window inside the body and a loop-carried
   WAR window around the back edge. */
static void testLoopWindows(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *entry = unitEntry(p);
  UnitLoop l = unitLoopOpen(p, entry, true, -1);
  AmdsyncNode *w = unitAccess(p, l.body, W, a);
  AmdsyncNode *r = unitAccess(p, l.body, R, a);
  unitLoopClose(p, &l, l.body);
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  int raw = 0, war = 0;
  for (int i = 0; i < cs.count; ++i) {
    AmdsyncWindow *c = &cs.items[i];
    if (c->kind == AMDSYNC_HAZARD_RAW && c->producer == w && c->consumer == r) {
      raw++;
      CHECK(c->carrier < 0);
      /* Only the gap between W and R. */
      CHECK(amdsyncWindowHasGap(p, c, unitGap(l.body, 1)));
      CHECK(!amdsyncWindowHasGap(p, c, unitGap(l.body, 0)));
      CHECK(!amdsyncWindowHasGap(p, c, unitGap(l.body, 2)));
      CHECK(!amdsyncWindowHasGap(p, c, unitGap(entry, 0)));
    }
    if (c->kind == AMDSYNC_HAZARD_WAR && c->producer == r && c->consumer == w) {
      war++;
      CHECK(c->carrier >= 0 && c->carrier == l.body->loop);
      /* After R (the body end) and before W, not between. */
      CHECK(amdsyncWindowHasGap(p, c, unitGap(l.body, 2)));
      CHECK(amdsyncWindowHasGap(p, c, unitGap(l.body, 0)));
      CHECK(!amdsyncWindowHasGap(p, c, unitGap(l.body, 1)));
    }
  }
  CHECK_EQ(raw, 1);
  CHECK_EQ(war, 1);
  amdsyncArenaDestroy(arena);
}

/* if (..) { W } else { R }: no path between the arms, so no window. */
static void testBranchArms(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  UnitIf u = unitIf(p, unitEntry(p), true, true);
  unitAccess(p, u.then, W, a);
  unitAccess(p, u.els, R, a);
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  CHECK_EQ(cs.count, 0);
  amdsyncArenaDestroy(arena);
}

/* Nearest producers: W1; W2; R yields one window (W2, R) with WAW off. */
static void testNearestOnly(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *s = unitEntry(p);
  unitAccess(p, s, W, a);
  AmdsyncNode *w2 = unitAccess(p, s, W, a);
  unitAccess(p, s, R, a);
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  CHECK_EQ(cs.count, 1);
  CHECK(cs.count == 1 && cs.items[0].producer == w2);
  amdsyncArenaDestroy(arena);
}

/* amdsyncAccessCovers: a later access kills an earlier pending producer
   only when every consumer racing the earlier one races it too. */
static void testCovers(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  int b = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "b");
  int u = amdsyncProgramAddResource(p, AMDSYNC_RES_UNKNOWN, "?");
  AmdsyncBlock *s = unitEntry(p);
  AmdsyncNode *wa = unitAccess(p, s, W, a);
  AmdsyncNode *ra = unitAccess(p, s, R, a);
  AmdsyncNode *rwu = unitAccess(p, s, R | W, u);
  AmdsyncNode *ru = unitAccess(p, s, R, u);
  AmdsyncNode *wu = unitAccess(p, s, W, u);
  AmdsyncNode *atu = unitAccess(p, s, ATOMIC, u);
  AmdsyncNode *dmau = unitAccess(p, s, R | W | AMDSYNC_ACCESS_DMA, u);
  AmdsyncNode *wb = unitAccess(p, s, W, b);
  AmdsyncNode *w08 = amdsyncAccessCreate(p, NULL, W, a, 0, 8);
  AmdsyncNode *w04 = amdsyncAccessCreate(p, NULL, W, a, 0, 4);
  amdsyncBlockAppend(p->cfg, s, w08);
  amdsyncBlockAppend(p->cfg, s, w04);
  amdsyncProgramFinalize(p);
  CHECK(amdsyncAccessCovers(p, rwu, wa));  /* unknown memory, reads and writes */
  CHECK(amdsyncAccessCovers(p, rwu, ra));
  CHECK(!amdsyncAccessCovers(p, ru, wa));  /* a later read: a reader of a races wa only */
  CHECK(amdsyncAccessCovers(p, ru, ra));
  CHECK(!amdsyncAccessCovers(p, wu, ra));  /* a writer of a races ra (WAR), not wu (WAW is off) */
  CHECK(!amdsyncAccessCovers(p, atu, wa)); /* an atomic consumer races wa, not atu */
  CHECK(!amdsyncAccessCovers(p, dmau, wa)); /* a DMA consumer races wa, not dmau */
  CHECK(!amdsyncAccessCovers(p, wb, wa));  /* another buffer */
  CHECK(amdsyncAccessCovers(p, w08, w04)); /* a wider range */
  CHECK(!amdsyncAccessCovers(p, w04, w08));
  CHECK(amdsyncAccessCovers(p, wa, w04));  /* the whole buffer */
  CHECK(!amdsyncAccessCovers(p, w04, wa));
  amdsyncArenaDestroy(arena);
}

/* A read of unknown memory between a write and a read of `a` does not
   stand for the write (amdsyncAccessCovers: a cover would drop it with no
   window), but it conflicts with it: the window to it is built and the
   write leaves the set there (kill on conflict), so the read of `a` gets
   none, and the one barrier that orders the first pair orders the second;
   so with the read of `a` in a block of its own behind a branch. */
static void testUnknownReadKeepsWriter(void) {
  for (int split = 0; split < 2; ++split) {
    AmdsyncArena *arena = amdsyncArenaCreate();
    AmdsyncProgram *p = amdsyncProgramCreate(arena);
    int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
    int u = amdsyncProgramAddResource(p, AMDSYNC_RES_UNKNOWN, "?");
    AmdsyncBlock *s = unitEntry(p), *t = s;
    AmdsyncNode *wa = unitAccess(p, s, W, a);
    AmdsyncNode *ru = unitAccess(p, s, R, u);
    if (split) {
      t = amdsyncCfgAddBlock(p->cfg);
      AmdsyncBlock *skip = amdsyncCfgAddBlock(p->cfg);
      amdsyncCfgAddEdge(p->cfg, s, t);
      amdsyncCfgAddEdge(p->cfg, s, skip);
      s->branch_uniform = true;
    }
    AmdsyncNode *ra = unitAccess(p, t, R, a);
    AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p); /* finalizes: keys */
    CHECK(!amdsyncAccessCovers(p, ru, wa));
    bool to_ru = false, to_ra = false;
    for (int i = 0; i < cs.count; ++i) {
      to_ru |= cs.items[i].producer == wa && cs.items[i].consumer == ru;
      to_ra |= cs.items[i].producer == wa && cs.items[i].consumer == ra;
    }
    CHECK(to_ru);
    CHECK(!to_ra);
    CHECK_EQ(cs.implied, 0);
    AmdsyncPlacementResult r =
        amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
    CHECK_EQ(r.hazards, 1);
    CHECK(r.count == 1 && r.items[0].gap == s->first_gap + 1);
    amdsyncArenaDestroy(arena);
  }
}

/* Kill on conflict across blocks (hazards.c, orderedByConflict):

     loop M { h: loop N { hn: [g] if (..) break; E } C1; if (..) return; C2 }

   Every path from E to C2 passes C1, which conflicts with E: E leaves the
   set there, so E -> C2 gets no window (the window E -> C1 holds hn's gap
   g, and a barrier there runs before C2 on every such path). Before the
   kill, E -> C2 was built without g (g dominates E and post-dominates C2),
   and a placement at g needed a second barrier for it. */
static void testKilledAcrossBlocks(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *entry = unitEntry(p);
  AmdsyncCfg *g = p->cfg;
  AmdsyncBlock *h = amdsyncCfgAddBlock(g), *hn = amdsyncCfgAddBlock(g);
  AmdsyncBlock *eb = amdsyncCfgAddBlock(g), *c1b = amdsyncCfgAddBlock(g);
  AmdsyncBlock *c2b = amdsyncCfgAddBlock(g), *out = amdsyncCfgAddBlock(g);
  amdsyncCfgAddEdge(g, entry, h);
  amdsyncCfgAddEdge(g, h, hn);
  amdsyncCfgAddEdge(g, hn, c1b);
  amdsyncCfgAddEdge(g, hn, eb);
  amdsyncCfgAddEdge(g, eb, hn);
  amdsyncCfgAddEdge(g, c1b, out);
  amdsyncCfgAddEdge(g, c1b, c2b);
  amdsyncCfgAddEdge(g, c2b, h);
  hn->branch_uniform = c1b->branch_uniform = true;
  AmdsyncNode *e = unitAccess(p, eb, W, a);
  AmdsyncNode *c1 = unitAccess(p, c1b, R, a);
  AmdsyncNode *c2 = unitAccess(p, c2b, R, a);
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  bool to_c1 = false, to_c2 = false, c1_has_g = false;
  for (int i = 0; i < cs.count; ++i) {
    const AmdsyncWindow *w = &cs.items[i];
    if (w->producer != e)
      continue;
    if (w->consumer == c1) {
      to_c1 = true;
      c1_has_g = amdsyncWindowHasGap(p, w, unitGap(hn, 0));
    }
    to_c2 |= w->consumer == c2;
  }
  CHECK(to_c1 && c1_has_g);
  CHECK(!to_c2);
  amdsyncArenaDestroy(arena);
}

/* Both arms of a uniform branch conflict with the write before it: it
   leaves the set in each, so the read after the join gets no window
   (neither arm's read dominates it: the implied-window rule of the same
   block would not drop it). Without the kill (the unmerged analysis, which
   keeps every pair) it does, and that window held the placement before
   the branch; now a barrier in each arm serves, as cheap per run. */
static void testKilledInBothArms(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *s = unitEntry(p);
  AmdsyncNode *w = unitAccess(p, s, W, a);
  UnitIf u = unitIf(p, s, true, true);
  unitAccess(p, u.then, R, a);
  unitAccess(p, u.els, R, a);
  AmdsyncNode *r3 = unitAccess(p, u.join, R, a);
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  int from_w = 0;
  bool to_r3 = false;
  for (int i = 0; i < cs.count; ++i) {
    from_w += cs.items[i].producer == w;
    to_r3 |= cs.items[i].consumer == r3;
  }
  CHECK_EQ(from_w, 2);
  CHECK(!to_r3);
  CHECK_EQ(cs.implied, 0);
  AmdsyncWindowSet all = amdsyncAnalyzeHazardsUnmerged(p);
  bool all_to_r3 = false;
  for (int i = 0; i < all.count; ++i)
    all_to_r3 |= all.items[i].producer == w && all.items[i].consumer == r3;
  CHECK(all_to_r3);
  AmdsyncPlacementResult r =
      amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
  /* One barrier per run: the greedy takes each arm's read in turn and
     stabs it in its arm. The gap before the branch would stab both, but
     each path runs one arm: the placement's additions weigh an arm at half
     the branch (placement.c, path_weight), so it gains nothing there. */
  CHECK_EQ(r.count, 2);
  for (int i = 0; i < r.count; ++i) {
    const AmdsyncBlock *b = amdsyncCfgGapBlock(p->cfg, r.items[i].gap);
    CHECK(b == u.then || b == u.els);
  }
  amdsyncArenaDestroy(arena);
}

/* A straight run of blocks with uniform branches: the first write leaves
   the set at the first read, so the reads after it get no window from it,
   and the placement still orders them. */
static void testKilledAlongRun(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *s = unitEntry(p);
  AmdsyncNode *w = unitAccess(p, s, W, a);
  AmdsyncNode *r1 = unitAccess(p, s, R, a);
  UnitIf u = unitIf(p, s, true, false);
  unitAccess(p, u.then, R, a);
  unitAccess(p, u.join, R, a);
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  int from_w = 0;
  for (int i = 0; i < cs.count; ++i)
    from_w += cs.items[i].producer == w;
  CHECK_EQ(from_w, 1);
  CHECK(cs.count >= 1 && cs.items[0].consumer == r1);
  CHECK_EQ(cs.implied, 0);
  AmdsyncPlacementResult r =
      amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
  CHECK(r.count == 1 && r.items[0].gap == s->first_gap + 1);
  amdsyncArenaDestroy(arena);
}

/* Per-thread covers (program.c, amdsyncAccessCoversPerThread): a tree
   reduction's read of the thread's own slot under `tid < 128` is followed
   by a store of every thread's slot; a write of the slot of the next
   thread (WAR with the read, WAW with the store) then gets a window from
   the store only: the read left the set at the store, which every thread
   that read runs after it over the same bytes. Variants: the covering
   store under the guard, at another address, in a divergent block, a
   write without a form elsewhere in the function (waw-hazards off: the
   store would not conflict with it where the read does), and that write
   with waw-hazards on. */
enum { kCoverPlain, kCoverGuarded, kCoverMoved, kCoverDivergent,
       kCoverUnindexed, kCoverUnindexedWaw, kCoverVariants };

static void testCoveredPerThread(void) {
  for (int v = 0; v < kCoverVariants; ++v) {
    AmdsyncArena *arena = amdsyncArenaCreate();
    AmdsyncProgram *p = amdsyncProgramCreate(arena);
    int s = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "s");
    int other = amdsyncProgramAddResource(p, AMDSYNC_RES_UNKNOWN, "?");
    AmdsyncBlock *entry = unitEntry(p);
    AmdsyncCfg *g = p->cfg;
    AmdsyncBlock *low = amdsyncCfgAddBlock(g), *join = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, entry, low);
    amdsyncCfgAddEdge(g, entry, join);
    amdsyncCfgAddEdge(g, low, join);
    amdsyncBlockSetBranch(g, entry, NULL, false);
    AmdsyncGuard gd;
    memset(&gd, 0, sizeof gd);
    gd.to = low;
    gd.dim = 0;
    gd.has_hi = true;
    gd.hi = amdsyncLinearConst(127);
    amdsyncBlockAddGuards(g, entry, &gd, 1);
    AmdsyncLinear own = amdsyncLinearVar(AMDSYNC_VAR_TID_X, 4);
    AmdsyncLinear next = own, far = own;
    next.c = 4;
    far.c = 1024; /* s[tid + 256]: no byte the read touches */
    AmdsyncNode *w0 = unitAccess(p, entry, W, s);
    amdsyncAccessSetAddress(p, w0, &own, 4);
    AmdsyncNode *ra = unitAccess(p, low, R, s);
    amdsyncAccessSetAddress(p, ra, &own, 4);
    AmdsyncBlock *at = v == kCoverGuarded ? low : join;
    if (v == kCoverDivergent) { /* a branch nothing bounds: divergent */
      AmdsyncBlock *d = amdsyncCfgAddBlock(g), *out = amdsyncCfgAddBlock(g);
      amdsyncCfgAddEdge(g, join, d);
      amdsyncCfgAddEdge(g, join, out);
      amdsyncCfgAddEdge(g, d, out);
      amdsyncBlockSetBranch(g, join, NULL, false);
      at = d;
      join = out;
    }
    AmdsyncNode *n = unitAccess(p, at, W, s);
    amdsyncAccessSetAddress(p, n, v == kCoverMoved ? &far : &own, 4);
    AmdsyncNode *c = unitAccess(p, join, W, s);
    amdsyncAccessSetAddress(p, c, &next, 4);
    if (v == kCoverUnindexed || v == kCoverUnindexedWaw)
      unitAccess(p, join, W, other); /* unknown memory: no form */
    int64_t size[3] = {256, 1, 1};
    amdsyncProgramSetWorkgroup(p, size, 256, true);
    amdsyncProgramSetWaveSize(p, 64);
    amdsyncProgramSetOptions(p, v == kCoverUnindexedWaw, 0);
    AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
    bool covers = amdsyncAccessCoversPerThread(p, n, ra);
    bool expect = v == kCoverPlain || v == kCoverUnindexedWaw;
    CHECK_EQ(covers, expect);
    CHECK(!amdsyncAccessCoversPerThread(p, ra, n)); /* guarded */
    CHECK(!amdsyncAccessCoversPerThread(p, c, ra)); /* another slot */
    bool ra_to_c = false, n_to_c = false;
    for (int i = 0; i < cs.count; ++i) {
      ra_to_c |= cs.items[i].producer == ra && cs.items[i].consumer == c;
      n_to_c |= cs.items[i].producer == n && cs.items[i].consumer == c;
    }
    CHECK_EQ(ra_to_c, !expect);
    if (v == kCoverPlain)
      CHECK(n_to_c);
    amdsyncArenaDestroy(arena);
  }
}

int main(void) {
  testHazardKinds();
  testDisjointRanges();
  testLoopWindows();
  testBranchArms();
  testNearestOnly();
  testCovers();
  testUnknownReadKeepsWriter();
  testKilledAcrossBlocks();
  testKilledInBothArms();
  testKilledAlongRun();
  testCoveredPerThread();
  return unitReport("core_hazards");
}
