/* Wait placement for asynchronous transfers (brief §4). */
#include "amdsync/waits.h"
#include "unit.h"

static AmdsyncNode *asyncLoad(AmdsyncProgram *p, AmdsyncBlock *s, int res) {
  AmdsyncNode *n = unitAccess(p, s, R | W | AMDSYNC_ACCESS_DMA, res);
  amdsyncAccessSetAsync(n, AMDSYNC_COUNTER_ASYNC);
  return n;
}

static int waitBefore(const AmdsyncWaitResult *r, const AmdsyncNode *n,
                      AmdsyncCounter c) {
  for (int i = 0; i < r->count; ++i)
    if (r->items[i].before == n && r->items[i].counter == c)
      return r->items[i].count;
  return -1;
}

static const AmdsyncTarget *gfx1250(void) {
  return amdsyncTargetLookup("gfx1250");
}

/* Three loads into three buffers; reads of the first and the last. */
static void testPartialWaits(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  AmdsyncBlock *body0 = unitEntry(p);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  int b = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "b");
  int c = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "c");
  asyncLoad(p, body0, a);
  asyncLoad(p, body0, b);
  asyncLoad(p, body0, c);
  AmdsyncNode *ra = unitAccess(p, body0, R, a);
  AmdsyncNode *rb = unitAccess(p, body0, R, b);
  AmdsyncNode *rc = unitAccess(p, body0, R, c);
  AmdsyncWaitResult r = amdsyncPlaceWaits(p, gfx1250(), AMDSYNC_WAITS_ALL);
  CHECK_EQ(waitBefore(&r, ra, AMDSYNC_COUNTER_ASYNC), 2);
  CHECK_EQ(waitBefore(&r, rb, AMDSYNC_COUNTER_ASYNC), 1);
  CHECK_EQ(waitBefore(&r, rc, AMDSYNC_COUNTER_ASYNC), 0);
  CHECK_EQ(r.count, 3);
  amdsyncArenaDestroy(arena);
}

/* An access before the async operation needs no wait, and a second read
   after a covering wait needs none. */
static void testNoNeedlessWaits(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  AmdsyncBlock *body0 = unitEntry(p);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  int b = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "b");
  AmdsyncNode *before = unitAccess(p, body0, R, a);
  asyncLoad(p, body0, a);
  AmdsyncNode *other = unitAccess(p, body0, R, b);
  AmdsyncNode *r1 = unitAccess(p, body0, R, a);
  AmdsyncNode *r2 = unitAccess(p, body0, R, a);
  AmdsyncWaitResult r = amdsyncPlaceWaits(p, gfx1250(), AMDSYNC_WAITS_ALL);
  CHECK_EQ(waitBefore(&r, before, AMDSYNC_COUNTER_ASYNC), -1);
  CHECK_EQ(waitBefore(&r, other, AMDSYNC_COUNTER_ASYNC), -1);
  CHECK_EQ(waitBefore(&r, r1, AMDSYNC_COUNTER_ASYNC), 0);
  CHECK_EQ(waitBefore(&r, r2, AMDSYNC_COUNTER_ASYNC), -1);
  amdsyncArenaDestroy(arena);
}

/* Twenty loads, then a read of the first: 19 later ones, clamped down to
   the counter's maximum. */
static void testClamp(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  AmdsyncBlock *body0 = unitEntry(p);
  int first = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "first");
  asyncLoad(p, body0, first);
  for (int i = 1; i < 20; ++i)
    asyncLoad(p, body0,
              amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "x"));
  AmdsyncNode *rd = unitAccess(p, body0, R, first);
  AmdsyncWaitResult r = amdsyncPlaceWaits(p, gfx1250(), AMDSYNC_WAITS_ALL);
  CHECK_EQ(waitBefore(&r, rd, AMDSYNC_COUNTER_ASYNC), gfx1250()->max_asynccnt);
  amdsyncArenaDestroy(arena);
}

/* The spec's software pipeline with asyncmarks: three blocks in flight,
   wait.asyncmark 2 in the loop lowers to the age of the third-newest mark. */
static void testMarks(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  AmdsyncBlock *body0 = unitEntry(p);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  for (int i = 0; i < 3; ++i) {
    asyncLoad(p, body0, a);
    asyncLoad(p, body0, a);
    amdsyncBlockAppend(p->cfg, body0, amdsyncMarkCreate(p, NULL));
  }
  UnitLoop l = unitLoopOpen(p, body0, true, -1);
  AmdsyncNode *w2 = amdsyncWaitCreate(p, NULL, AMDSYNC_COUNTER_NONE, 2);
  amdsyncBlockAppend(p->cfg, l.body, w2);
  asyncLoad(p, l.body, a);
  asyncLoad(p, l.body, a);
  amdsyncBlockAppend(p->cfg, l.body, amdsyncMarkCreate(p, NULL));
  unitLoopClose(p, &l, l.body);
  AmdsyncNode *w0 = amdsyncWaitCreate(p, NULL, AMDSYNC_COUNTER_NONE, 0);
  amdsyncBlockAppend(p->cfg, l.exit, w0);
  AmdsyncNode *w5 = amdsyncWaitCreate(p, NULL, AMDSYNC_COUNTER_NONE, 5);
  amdsyncBlockAppend(p->cfg, l.exit, w5);
  AmdsyncWaitResult r = amdsyncPlaceWaits(p, gfx1250(), AMDSYNC_WAITS_ALL);
  /* Two newer marks of two loads each: 4 loads may stay in flight. */
  CHECK_EQ(waitBefore(&r, w2, AMDSYNC_COUNTER_ASYNC), 4);
  CHECK_EQ(waitBefore(&r, w0, AMDSYNC_COUNTER_ASYNC), 0);
  /* Fewer than six marks outstanding: wait.asyncmark 5 is a no-op. */
  CHECK_EQ(waitBefore(&r, w5, AMDSYNC_COUNTER_ASYNC), -1);
  /* Every mark and mark-wait is lowered away. */
  CHECK_EQ(r.nlowered, 4 + 3);
  amdsyncArenaDestroy(arena);
}

/* A barrier publishing async-written data waits for it first; data
   another stage still writes may stay in flight across the barrier. */
static void testPublish(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  AmdsyncBlock *body0 = unitEntry(p);
  int a = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "a");
  int b = amdsyncProgramAddResource(p, AMDSYNC_RES_ALLOCATION, "b");
  asyncLoad(p, body0, a);
  asyncLoad(p, body0, b);
  AmdsyncNode *bar1 = unitBarrier(p, body0, AMDSYNC_BARRIER_FULL);
  unitAccess(p, body0, R, a);
  AmdsyncNode *bar2 = unitBarrier(p, body0, AMDSYNC_BARRIER_FULL);
  unitAccess(p, body0, R, b);
  AmdsyncWaitResult r = amdsyncPlaceWaits(p, gfx1250(), AMDSYNC_WAITS_PUBLISH);
  CHECK_EQ(waitBefore(&r, bar1, AMDSYNC_COUNTER_ASYNC), 1);
  CHECK_EQ(waitBefore(&r, bar2, AMDSYNC_COUNTER_ASYNC), 0);
  amdsyncArenaDestroy(arena);
}

int main(void) {
  testPartialWaits();
  testNoNeedlessWaits();
  testClamp();
  testMarks();
  testPublish();
  return unitReport("core_waits");
}
