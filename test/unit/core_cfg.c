/* The control-flow graph's facts: dominance, post-dominance, the loop
   forest (irreducible loops included), weights and divergence. */
#include "amdsync/cfg.h"
#include "unit.h"

typedef struct {
  AmdsyncArena *arena;
  AmdsyncProgram *p;
  AmdsyncCfg *g;
  AmdsyncBlock *b[16];
} Graph;

static Graph graphOf(int nblocks) {
  Graph x;
  x.arena = amdsyncArenaCreate();
  x.p = amdsyncProgramCreate(x.arena);
  x.g = amdsyncCfgCreate(x.p);
  for (int i = 0; i < nblocks; ++i)
    x.b[i] = amdsyncCfgAddBlock(x.g);
  return x;
}

static void edge(Graph *x, int from, int to) {
  amdsyncCfgAddEdge(x->g, x->b[from], x->b[to]);
}

/* 0 -> {1, 2} -> 3: a divergent diamond. */
static void testDiamond(void) {
  Graph x = graphOf(4);
  edge(&x, 0, 1);
  edge(&x, 0, 2);
  edge(&x, 1, 3);
  edge(&x, 2, 3);
  x.b[0]->branch_uniform = false;
  amdsyncCfgAnalyze(x.g);
  CHECK(amdsyncCfgDominates(x.g, 0, 3));
  CHECK(!amdsyncCfgDominates(x.g, 1, 3));
  CHECK(amdsyncCfgPostDominates(x.g, 3, 0));
  CHECK(!amdsyncCfgPostDominates(x.g, 1, 0));
  CHECK_EQ(x.b[3]->idom, 0);
  CHECK_EQ(x.b[0]->ipdom, 3);
  CHECK(!x.b[0]->divergent);
  CHECK(x.b[1]->divergent);
  CHECK(x.b[2]->divergent);
  CHECK(!x.b[3]->divergent);
  CHECK_EQ(x.g->nloops, 0);
  amdsyncArenaDestroy(x.arena);
}

/* 0 -> 1(test, 10 trips) -> {2 -> 1, 3}: the test runs 11 times. */
static void testTopTestedLoop(void) {
  Graph x = graphOf(4);
  edge(&x, 0, 1);
  edge(&x, 1, 2);
  edge(&x, 1, 3);
  edge(&x, 2, 1);
  x.b[1]->trips = 10;
  amdsyncCfgAnalyze(x.g);
  CHECK_EQ(x.g->nloops, 1);
  CHECK_EQ(x.g->loops[0].header, 1);
  CHECK_EQ(x.b[2]->loop, 0);
  CHECK_EQ(x.b[3]->loop, -1);
  CHECK(x.b[1]->weight == 11.0);
  CHECK(x.b[2]->weight == 10.0);
  CHECK(x.b[3]->weight == 1.0);
  CHECK(!x.b[2]->divergent);
  amdsyncArenaDestroy(x.arena);
}

/* A divergent loop condition makes the body divergent, not the exit. */
static void testDivergentLoop(void) {
  Graph x = graphOf(4);
  edge(&x, 0, 1);
  edge(&x, 1, 2);
  edge(&x, 2, 1);
  edge(&x, 1, 3);
  x.b[1]->branch_uniform = false;
  amdsyncCfgAnalyze(x.g);
  CHECK(x.b[1]->divergent);
  CHECK(x.b[2]->divergent);
  CHECK(!x.b[3]->divergent);
  CHECK(x.b[2]->weight == AMDSYNC_UNKNOWN_TRIPS);
  amdsyncArenaDestroy(x.arena);
}

/* 0 -> {1, 2}, 1 <-> 2, 1 -> 3: one irreducible loop with two headers. */
static void testIrreducible(void) {
  Graph x = graphOf(4);
  edge(&x, 0, 1);
  edge(&x, 0, 2);
  edge(&x, 1, 2);
  edge(&x, 2, 1);
  edge(&x, 1, 3);
  amdsyncCfgAnalyze(x.g);
  CHECK_EQ(x.g->nloops, 1);
  CHECK_EQ(x.g->loops[0].nheaders, 2);
  CHECK_EQ(x.b[1]->loop, 0);
  CHECK_EQ(x.b[2]->loop, 0);
  CHECK(x.b[2]->weight >= AMDSYNC_UNKNOWN_TRIPS);
  amdsyncArenaDestroy(x.arena);
}

/* Nested: 0 -> 1 -> 2 -> 3 -> 2, 3 -> 4 -> 1, 1 -> 5. */
static void testNested(void) {
  Graph x = graphOf(6);
  edge(&x, 0, 1);
  edge(&x, 1, 2);
  edge(&x, 2, 3);
  edge(&x, 3, 2);
  edge(&x, 3, 4);
  edge(&x, 4, 1);
  edge(&x, 1, 5);
  x.b[1]->trips = 4;
  x.b[2]->trips = 8;
  amdsyncCfgAnalyze(x.g);
  CHECK_EQ(x.g->nloops, 2);
  int inner = x.b[3]->loop, outer = x.b[4]->loop;
  CHECK(inner >= 0 && outer >= 0 && inner != outer);
  CHECK_EQ(x.g->loops[inner].parent, outer);
  CHECK_EQ(x.g->loops[inner].depth, 2);
  CHECK(x.b[3]->weight == 32.0);
  CHECK(x.b[4]->weight == 4.0);
  amdsyncArenaDestroy(x.arena);
}

/* An endless loop and an early return: post-dominators still exist. */
static void testEndlessAndEarlyExit(void) {
  Graph x = graphOf(5);
  edge(&x, 0, 1);
  edge(&x, 0, 2);
  edge(&x, 1, 1); /* endless */
  edge(&x, 2, 3);
  edge(&x, 2, 4); /* 4: early return */
  x.b[0]->branch_uniform = false;
  x.b[2]->branch_uniform = true;
  amdsyncCfgAnalyze(x.g);
  CHECK(x.b[1]->divergent);
  CHECK(x.b[2]->divergent);
  CHECK(x.b[3]->divergent); /* uniform branch inside a divergent region */
  CHECK(x.b[4]->divergent);
  CHECK(!x.b[0]->divergent);
  amdsyncArenaDestroy(x.arena);
}

/* A 100,000-block chain: no recursion. */
static void testLongChain(void) {
  AmdsyncArena *arena = amdsyncArenaCreate();
  AmdsyncProgram *p = amdsyncProgramCreate(arena);
  AmdsyncCfg *g = amdsyncCfgCreate(p);
  AmdsyncBlock *prev = amdsyncCfgAddBlock(g);
  for (int i = 0; i < 100000; ++i) {
    AmdsyncBlock *b = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, prev, b);
    prev = b;
  }
  amdsyncCfgAnalyze(g);
  CHECK_EQ(g->nreachable, 100001);
  CHECK(amdsyncCfgDominates(g, 0, 100000));
  CHECK(amdsyncCfgPostDominates(g, 100000, 0));
  amdsyncArenaDestroy(arena);
}

int main(void) {
  testDiamond();
  testTopTestedLoop();
  testDivergentLoop();
  testIrreducible();
  testNested();
  testEndlessAndEarlyExit();
  testLongChain();
  return unitReport("core_cfg");
}
