/* The independent checker (brief §5). */
#include "unit.h"

static int check(AmdsyncProgram *p) {
  UnitDiag d = {0};
  AmdsyncDiagnostics diag = {&d, unitError, NULL, NULL, NULL, NULL, NULL};
  AmdsyncCheckResult r = amdsyncCheck(p, &diag);
  return r.unordered_pairs + r.divergent_barriers + r.split_errors + r.async_errors;
}

static void testStraightLine(void) {
  for (int barrier = 0; barrier < 2; ++barrier) {
    AmdsyncArena *arena = amdsyncArenaCreate();
    AmdsyncProgram *p = amdsyncProgramCreate(arena);
    int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
    AmdsyncBlock *s = unitEntry(p);
    unitAccess(p, s, W, a);
    if (barrier)
      unitBarrier(p, s, AMDSYNC_BARRIER_FULL);
    unitAccess(p, s, R, a);
    CHECK_EQ(check(p), barrier ? 0 : 1);
    amdsyncArenaDestroy(arena);
  }
}

/* loop { W; barrier; R }: the back edge R -> W is unordered. */
static void testLoopCarried(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  UnitLoop l = unitLoopOpen(p, unitEntry(p), true, -1);
  unitAccess(p, l.body, W, a);
  unitBarrier(p, l.body, AMDSYNC_BARRIER_FULL);
  unitAccess(p, l.body, R, a);
  unitLoopClose(p, &l, l.body);
  CHECK_EQ(check(p), 1);
  amdsyncArenaDestroy(arena);
}

/* A barrier inside a loop that may run zero times does not order W before
   the loop with R after it. */
static void testZeroTripLoop(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *s = unitEntry(p);
  unitAccess(p, s, W, a);
  UnitLoop l = unitLoopOpen(p, s, true, -1);
  unitBarrier(p, l.body, AMDSYNC_BARRIER_FULL);
  unitLoopClose(p, &l, l.body);
  unitAccess(p, l.exit, R, a);
  CHECK_EQ(check(p), 1);
  amdsyncArenaDestroy(arena);
}

/* Wave barriers order only single-wave workgroups. */
static void testWaveBarrier(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *s = unitEntry(p);
  unitAccess(p, s, W, a);
  unitBarrier(p, s, AMDSYNC_BARRIER_WAVE);
  unitAccess(p, s, R, a);
  CHECK_EQ(check(p), 1);
  p->single_wave = true;
  CHECK_EQ(check(p), 0);
  amdsyncArenaDestroy(arena);
}

/* Split barriers: alternation and orphan signals. */
static void testSplit(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncBlock *s = unitEntry(p);
  unitAccess(p, s, W, a);
  unitBarrier(p, s, AMDSYNC_BARRIER_SIGNAL);
  unitBarrier(p, s, AMDSYNC_BARRIER_WAIT);
  unitAccess(p, s, R, a);
  CHECK_EQ(check(p), 0);
  amdsyncArenaDestroy(arena);

  /* wait before signal: unordered pair and a wait without signal */
  arena = amdsyncArenaCreate();
  p = amdsyncProgramCreate(arena);
  a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  s = unitEntry(p);
  unitAccess(p, s, W, a);
  unitBarrier(p, s, AMDSYNC_BARRIER_WAIT);
  unitBarrier(p, s, AMDSYNC_BARRIER_SIGNAL);
  unitAccess(p, s, R, a);
  AmdsyncCheckResult r = amdsyncCheck(p, NULL);
  CHECK_EQ(r.unordered_pairs, 1);
  CHECK(r.split_errors >= 2); /* wait without signal, orphan signal */
  amdsyncArenaDestroy(arena);

  /* A split wait orders only what precedes its own signal: W after the
     signal is not published by it. */
  arena = amdsyncArenaCreate();
  p = amdsyncProgramCreate(arena);
  a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  s = unitEntry(p);
  unitBarrier(p, s, AMDSYNC_BARRIER_SIGNAL);
  unitAccess(p, s, W, a);
  unitBarrier(p, s, AMDSYNC_BARRIER_WAIT);
  unitAccess(p, s, R, a);
  r = amdsyncCheck(p, NULL);
  CHECK_EQ(r.unordered_pairs, 1);
  AmdsyncWindowSet cs = amdsyncAnalyzeHazards(p);
  CHECK_EQ(cs.count, 1); /* the placement sees the window too */
  amdsyncArenaDestroy(arena);
}

/* A barrier in a divergent arm is an error; accesses conflicting across
   the arms of a divergent branch are too. */
static void testDivergent(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  UnitIf u = unitIf(p, unitEntry(p), false, true);
  unitBarrier(p, u.then, AMDSYNC_BARRIER_FULL);
  unitAccess(p, u.then, W, a);
  unitAccess(p, u.els, R, a);
  AmdsyncCheckResult r = amdsyncCheck(p, NULL);
  CHECK(r.divergent_barriers >= 2); /* the barrier, the conflicting arms */
  amdsyncArenaDestroy(arena);
}

int main(void) {
  testStraightLine();
  testLoopCarried();
  testZeroTripLoop();
  testWaveBarrier();
  testSplit();
  testDivergent();
  return unitReport("core_check");
}
