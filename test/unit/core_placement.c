/* Minimize placement (brief §2). */
#include "unit.h"

static bool placedAt(const AmdsyncProgram *p, const AmdsyncPlacementResult *r,
                     const AmdsyncSeq *s, int gap) {
  for (int i = 0; i < r->count; ++i)
    if (r->items[i].gap == p->cfg_gap[s->first_gap_id + gap])
      return true;
  return false;
}

/* loop { W a; W b; R a; R b }: two barriers, both in the loop. */
static void testGemm(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  int b = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "b");
  AmdsyncSeq *body = amdsyncSeqCreate(p);
  unitAccess(p, body, W, a);
  unitAccess(p, body, W, b);
  unitAccess(p, body, R, a);
  unitAccess(p, body, R, b);
  unitLoop(p, p->body, body, true, -1);
  AmdsyncConstraintSet cs = amdsyncAnalyzeHazards(p);
  AmdsyncPlacementResult r =
      amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
  CHECK_EQ(r.errors, 0);
  CHECK_EQ(r.count, 2);
  CHECK(placedAt(p, &r, body, 0)); /* before the stores: loop-carried WAR */
  CHECK(placedAt(p, &r, body, 2)); /* before the first read: RAW */
  amdsyncArenaDestroy(arena);
}

/* loop(4) { W a }; R a: one barrier after the loop. */
static void testFillLoop(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncSeq *body = amdsyncSeqCreate(p);
  unitAccess(p, body, W, a);
  unitLoop(p, p->body, body, true, 4);
  unitAccess(p, p->body, R, a);
  AmdsyncConstraintSet cs = amdsyncAnalyzeHazards(p);
  AmdsyncPlacementResult r =
      amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
  CHECK_EQ(r.count, 1);
  CHECK(placedAt(p, &r, p->body, 1));
  amdsyncArenaDestroy(arena);
}

/* An existing barrier orders the pair: nothing is added (idempotence). */
static void testExistingBarrier(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  unitAccess(p, p->body, W, a);
  amdsyncSeqAppend(p, p->body,
                   amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_FULL));
  unitAccess(p, p->body, R, a);
  AmdsyncConstraintSet cs = amdsyncAnalyzeHazards(p);
  AmdsyncPlacementResult r =
      amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
  CHECK_EQ(r.count, 0);
  CHECK_EQ(r.already_met, 1);
  amdsyncArenaDestroy(arena);
}

/* Divergent if { W; R }: no legal gap, an error; a divergent if { W }
   followed by R outside gets its barrier after the if. */
static void testDivergence(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncNode *br = amdsyncBranchCreate(p, NULL, 1, false, false);
  AmdsyncSeq *t = amdsyncSeqCreate(p);
  unitAccess(p, t, W, a);
  unitAccess(p, t, R, a);
  amdsyncBranchSetArm(br, 0, t);
  amdsyncSeqAppend(p, p->body, br);
  UnitDiag d = {0};
  AmdsyncDiagnostics diag = {&d, unitError, NULL, NULL};
  AmdsyncConstraintSet cs = amdsyncAnalyzeHazards(p);
  AmdsyncPlacementResult r = amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, &diag);
  CHECK_EQ(r.errors, 1);
  CHECK_EQ(d.errors, 2); /* at both accesses */
  amdsyncArenaDestroy(arena);

  arena = amdsyncArenaCreate();
  p = amdsyncProgramCreate(arena);
  a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  br = amdsyncBranchCreate(p, NULL, 1, false, false);
  t = amdsyncSeqCreate(p);
  unitAccess(p, t, W, a);
  amdsyncBranchSetArm(br, 0, t);
  amdsyncSeqAppend(p, p->body, br);
  unitAccess(p, p->body, R, a);
  cs = amdsyncAnalyzeHazards(p);
  r = amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
  CHECK_EQ(r.errors, 0);
  CHECK_EQ(r.count, 1);
  CHECK(placedAt(p, &r, p->body, 1));
  amdsyncArenaDestroy(arena);
}

/* Nested: outer { inner(8) { W } ; R }: RAW barrier outside the inner
   loop, WAR barrier at the top of the outer body. */
static void testNested(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncSeq *outer = amdsyncSeqCreate(p), *inner = amdsyncSeqCreate(p);
  unitAccess(p, inner, W, a);
  unitLoop(p, outer, inner, true, 8);
  unitAccess(p, outer, R, a);
  unitLoop(p, p->body, outer, true, -1);
  AmdsyncConstraintSet cs = amdsyncAnalyzeHazards(p);
  AmdsyncPlacementResult r =
      amdsyncPlace(p, &cs, AMDSYNC_STRATEGY_MINIMIZE, NULL);
  CHECK_EQ(r.count, 2);
  CHECK(placedAt(p, &r, outer, 0));
  CHECK(placedAt(p, &r, outer, 1));
  for (int i = 0; i < r.count; ++i)
    for (int g = 0; g <= inner->count; ++g)
      CHECK(r.items[i].gap != p->cfg_gap[inner->first_gap_id + g]);
  amdsyncArenaDestroy(arena);
}

int main(void) {
  testGemm();
  testFillLoop();
  testExistingBarrier();
  testDivergence();
  testNested();
  return unitReport("core_placement");
}
