/* Minimize placement (brief §2). */
#include "unit.h"

static bool placedAt(const AmdsyncPlacementResult *r, const AmdsyncBlock *b,
                     int k) {
  for (int i = 0; i < r->count; ++i)
    if (r->items[i].gap == unitGap(b, k))
      return true;
  return false;
}

static AmdsyncPlacementResult place(AmdsyncProgram *p,
                                    const AmdsyncDiagnostics *diag) {
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  return amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, diag);
}

/* loop { W a; W b; R a; R b } over two buffers, in `p`. */
static UnitLoop gemmLoop(AmdsyncProgram *p) {
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  int b = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "b");
  UnitLoop l = unitLoopOpen(p, unitEntry(p), true, -1);
  unitAccess(p, l.body, W, a);
  unitAccess(p, l.body, W, b);
  unitAccess(p, l.body, R, a);
  unitAccess(p, l.body, R, b);
  unitLoopClose(p, &l, l.body);
  return l;
}

/* The GEMM loop: two barriers, both in the loop. */
static void testGemm(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  UnitLoop l = gemmLoop(p);
  AmdsyncPlacementResult r = place(p, NULL);
  CHECK_EQ(r.errors, 0);
  CHECK_EQ(r.count, 2);
  CHECK(placedAt(&r, l.body, 0)); /* before the stores: loop-carried WAR */
  CHECK(placedAt(&r, l.body, 2)); /* before the first read: RAW */
  amdsyncArenaDestroy(arena);
}

/* loop(4) { W a }; R a: one barrier after the loop. */
static void testFillLoop(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  UnitLoop l = unitLoopOpen(p, unitEntry(p), true, 4);
  unitAccess(p, l.body, W, a);
  unitLoopClose(p, &l, l.body);
  unitAccess(p, l.exit, R, a);
  AmdsyncPlacementResult r = place(p, NULL);
  CHECK_EQ(r.count, 1);
  CHECK(placedAt(&r, l.exit, 0));
  amdsyncArenaDestroy(arena);
}

/* An existing barrier orders the pair: nothing is added (idempotence). */
static void testExistingBarrier(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *s = unitEntry(p);
  unitAccess(p, s, W, a);
  unitBarrier(p, s, AMDSYNC_BARRIER_FULL);
  unitAccess(p, s, R, a);
  AmdsyncPlacementResult r = place(p, NULL);
  CHECK_EQ(r.count, 0);
  CHECK_EQ(r.already_met, 1);
  amdsyncArenaDestroy(arena);
}

/* Barriers in both arms of an if/else order a store before it with a load
   after it: credited, nothing added. In one arm only: one barrier. */
static void testBothArms(void) {
  for (int both = 0; both < 2; ++both) {
    AmdsyncArena *arena = amdsyncArenaCreate();
    AmdsyncProgram *p = amdsyncProgramCreate(arena);
    int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
    AmdsyncBlock *s = unitEntry(p);
    unitAccess(p, s, W, a);
    UnitIf u = unitIf(p, s, true, true);
    unitBarrier(p, u.then, AMDSYNC_BARRIER_FULL);
    if (both)
      unitBarrier(p, u.els, AMDSYNC_BARRIER_FULL);
    unitAccess(p, u.join, R, a);
    AmdsyncPlacementResult r = place(p, NULL);
    CHECK_EQ(r.count, both ? 0 : 1);
    amdsyncArenaDestroy(arena);
  }
}

/* Divergent if { W; R }: no legal gap, an error; a divergent if { W }
   followed by R outside gets its barrier after the if. */
static void testDivergence(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  UnitIf u = unitIf(p, unitEntry(p), false, false);
  unitAccess(p, u.then, W, a);
  unitAccess(p, u.then, R, a);
  UnitDiag d = {0};
  AmdsyncDiagnostics diag = {&d, unitError, NULL, NULL, NULL, NULL, NULL};
  AmdsyncPlacementResult r = place(p, &diag);
  CHECK_EQ(r.errors, 1);
  CHECK_EQ(d.errors, 2); /* at both accesses */
  amdsyncArenaDestroy(arena);

  arena = amdsyncArenaCreate();
  p = amdsyncProgramCreate(arena);
  a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  u = unitIf(p, unitEntry(p), false, false);
  unitAccess(p, u.then, W, a);
  unitAccess(p, u.join, R, a);
  r = place(p, NULL);
  CHECK_EQ(r.errors, 0);
  CHECK_EQ(r.count, 1);
  CHECK(placedAt(&r, u.join, 0));
  amdsyncArenaDestroy(arena);
}

/* Nested: outer { inner(8) { W } ; R }: RAW barrier outside the inner
   loop, WAR barrier at the top of the outer body. */
static void testNested(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  UnitLoop outer = unitLoopOpen(p, unitEntry(p), true, -1);
  UnitLoop inner = unitLoopOpen(p, outer.body, true, 8);
  unitAccess(p, inner.body, W, a);
  unitLoopClose(p, &inner, inner.body);
  unitAccess(p, inner.exit, R, a);
  unitLoopClose(p, &outer, inner.exit);
  AmdsyncPlacementResult r = place(p, NULL);
  CHECK_EQ(r.count, 2);
  CHECK(placedAt(&r, outer.body, 0));
  CHECK(placedAt(&r, inner.exit, 0));
  for (int i = 0; i < r.count; ++i)
    CHECK(amdsyncCfgGapBlock(p->cfg, r.items[i].gap) != inner.body);
  amdsyncArenaDestroy(arena);
}

/* The model as emitted (amdsyncProgramApplyEmission), which the check of
   moved split signals runs on instead of a second translation: the GEMM
   loop's split placement checks clean once applied, the program without it
   does not, and unapplying restores the program exactly. A schedule whose
   signal and wait are swapped (each wait before its signal) fails. */
static int totalOps(const AmdsyncProgram *p) {
  int n = 0;
  for (int i = 0; i < p->cfg->nblocks; ++i)
    n += p->cfg->blocks[i]->nops;
  return n;
}

static void testApplyEmission(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  UnitLoop l = gemmLoop(p);
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  AmdsyncPlacementResult r =
      amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_DISJOINT, NULL);
  CHECK_EQ(r.errors, 0);
  AmdsyncCheckResult before = amdsyncCheck(p, NULL);
  CHECK(before.unordered_pairs > 0);
  int nops = totalOps(p), body_ops = l.body->nops;
  int nbarriers = p->barriers.count;
  AmdsyncEmitSchedule sched = amdsyncScheduleEmission(p, &r, true);
  AmdsyncApplied *applied = amdsyncProgramApplyEmission(p, &sched);
  CHECK_EQ(totalOps(p), nops + sched.count);
  CHECK_EQ(p->barriers.count, nbarriers + sched.count);
  AmdsyncCheckResult as = amdsyncCheck(p, NULL);
  CHECK_EQ(amdsyncCheckErrors(&as), 0);
  amdsyncProgramUnapply(p, applied);
  CHECK_EQ(totalOps(p), nops);
  CHECK_EQ(l.body->nops, body_ops);
  CHECK_EQ(p->barriers.count, nbarriers);
  for (int k = 0; k < l.body->nops; ++k)
    CHECK(l.body->ops[k]->bindex == k && l.body->ops[k]->block == l.body);
  AmdsyncCheckResult again = amdsyncCheck(p, NULL);
  CHECK_EQ(again.unordered_pairs, before.unordered_pairs);
  /* Each wait before its signal: not alternating. */
  for (int i = 0; i < sched.count; ++i)
    sched.items[i].kind = sched.items[i].kind == AMDSYNC_EMIT_SIGNAL
                              ? AMDSYNC_EMIT_WAIT
                              : AMDSYNC_EMIT_SIGNAL;
  applied = amdsyncProgramApplyEmission(p, &sched);
  AmdsyncCheckResult swapped = amdsyncCheck(p, NULL);
  CHECK(amdsyncCheckErrors(&swapped) > 0);
  amdsyncProgramUnapply(p, applied);
  amdsyncArenaDestroy(arena);
}

int main(void) {
  testApplyEmission();
  testGemm();
  testFillLoop();
  testExistingBarrier();
  testBothArms();
  testDivergence();
  testNested();
  return unitReport("core_placement");
}
