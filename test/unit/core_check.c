/* The independent checker (brief §5). */
#include "unit.h"

static int check(AmdsyncProgram *p) {
  UnitDiag d = {0};
  AmdsyncDiagnostics diag = {&d, unitError, NULL, NULL};
  AmdsyncCheckResult r = amdsyncCheck(p, &diag);
  return r.unordered_pairs + r.divergent_barriers + r.split_errors + r.async_errors;
}

static void testStraightLine(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  unitAccess(p, p->body, W, a);
  unitAccess(p, p->body, R, a);
  CHECK_EQ(check(p), 1);
  amdsyncArenaDestroy(arena);

  arena = amdsyncArenaCreate();
  p = amdsyncProgramCreate(arena);
  a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  unitAccess(p, p->body, W, a);
  amdsyncSeqAppend(p, p->body, amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_FULL));
  unitAccess(p, p->body, R, a);
  CHECK_EQ(check(p), 0);
  amdsyncArenaDestroy(arena);
}

/* loop { W; barrier; R }: the back edge R -> W is unordered. */
static void testLoopCarried(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  AmdsyncSeq *body = amdsyncSeqCreate(p);
  unitAccess(p, body, W, a);
  amdsyncSeqAppend(p, body, amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_FULL));
  unitAccess(p, body, R, a);
  unitLoop(p, p->body, body, true, -1);
  CHECK_EQ(check(p), 1);
  amdsyncArenaDestroy(arena);
}

/* A barrier inside a loop that may run zero times does not order W before
   the loop with R after it. */
static void testZeroTripLoop(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  unitAccess(p, p->body, W, a);
  AmdsyncSeq *body = amdsyncSeqCreate(p);
  amdsyncSeqAppend(p, body, amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_FULL));
  unitLoop(p, p->body, body, true, -1);
  unitAccess(p, p->body, R, a);
  CHECK_EQ(check(p), 1);
  amdsyncArenaDestroy(arena);
}

/* Wave barriers order only single-wave workgroups. */
static void testWaveBarrier(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  unitAccess(p, p->body, W, a);
  amdsyncSeqAppend(p, p->body, amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_WAVE));
  unitAccess(p, p->body, R, a);
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
  unitAccess(p, p->body, W, a);
  amdsyncSeqAppend(p, p->body, amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_SIGNAL));
  amdsyncSeqAppend(p, p->body, amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_WAIT));
  unitAccess(p, p->body, R, a);
  CHECK_EQ(check(p), 0);
  amdsyncArenaDestroy(arena);

  /* wait before signal: unordered pair and a wait without signal */
  arena = amdsyncArenaCreate();
  p = amdsyncProgramCreate(arena);
  a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  unitAccess(p, p->body, W, a);
  amdsyncSeqAppend(p, p->body, amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_WAIT));
  amdsyncSeqAppend(p, p->body, amdsyncBarrierCreate(p, NULL, AMDSYNC_BARRIER_SIGNAL));
  unitAccess(p, p->body, R, a);
  AmdsyncCheckResult r = amdsyncCheck(p, NULL);
  CHECK_EQ(r.unordered_pairs, 1);
  CHECK(r.split_errors >= 2); /* wait without signal, orphan signal */
  amdsyncArenaDestroy(arena);
}

int main(void) {
  testStraightLine();
  testLoopCarried();
  testZeroTripLoop();
  testWaveBarrier();
  testSplit();
  return unitReport("core_check");
}
