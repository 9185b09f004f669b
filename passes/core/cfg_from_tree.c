/*===- cfg_from_tree.c - The structured model as a control-flow graph ------===*
 *
 * Transitional: while the front end still builds the tree of sequences,
 * finalize lowers it to the control-flow graph that the analyses read.
 * Every tree gap becomes one graph gap with the same anchor; the blocks the
 * lowering adds (the test of a loop, a rotated loop's latch) have gaps with
 * no anchor, so nothing is ever placed there.
 *
 *  - a loop of known trips >= 2 that cannot be skipped is rotated:
 *    pre -> body ... -> latch -> body | exit, the body's first block heads
 *    the loop with `trips`;
 *  - a loop of one trip is its body, once; of zero trips, dead code;
 *  - any other `for` tests at the top: pre -> test -> body | exit,
 *    body ... -> test;
 *  - a `while` loop: pre -> before ... -> after | exit, after ... -> before,
 *    the condition branches at the end of the `before` region;
 *  - a branch: pre -> each arm -> join, and pre -> join when no arm may run.
 *===----------------------------------------------------------------------===*/
#include "amdsync/cfg.h"

#include <assert.h>

typedef struct {
  AmdsyncProgram *p;
  AmdsyncCfg *g;
  AmdsyncBlock **gap_block; /* tree gap -> its block */
  int *gap_index;           /* tree gap -> index in that block */
} Lowering;

static AmdsyncBlock *lowerRange(Lowering *lw, AmdsyncSeq *s, int from, int to,
                                AmdsyncBlock *cur);

static void branchFrom(AmdsyncBlock *b, void *origin, bool uniform) {
  b->branch_origin = origin;
  b->branch_uniform = uniform;
}

static AmdsyncBlock *lowerLoop(Lowering *lw, AmdsyncNode *n, AmdsyncBlock *cur) {
  AmdsyncCfg *g = lw->g;
  AmdsyncSeq *body = n->u.loop.body;
  int64_t trips = n->u.loop.trips;
  bool uniform = n->u.loop.uniform;
  int exit_gap = n->u.loop.exit_after_gap;
  AmdsyncBlock *exit;
  if (exit_gap < body->count) {
    /* while: before [0, exit_gap), the condition point, after. */
    AmdsyncBlock *before = amdsyncCfgAddBlock(g);
    before->trips = trips;
    amdsyncCfgAddEdge(g, cur, before);
    AmdsyncBlock *cond = lowerRange(lw, body, 0, exit_gap, before);
    AmdsyncBlock *after = amdsyncCfgAddBlock(g);
    exit = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, cond, after);
    amdsyncCfgAddEdge(g, cond, exit);
    branchFrom(cond, body->children[exit_gap]->origin, uniform);
    AmdsyncBlock *end = lowerRange(lw, body, exit_gap + 1, body->count, after);
    amdsyncCfgAddEdge(g, end, before);
    return exit;
  }
  AmdsyncBlock *first = amdsyncCfgAddBlock(g);
  if (trips == 0) {
    /* Dead: the body never runs. */
    lowerRange(lw, body, 0, body->count, first);
    exit = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, cur, exit);
    return exit;
  }
  if (trips == 1) {
    amdsyncCfgAddEdge(g, cur, first);
    AmdsyncBlock *end = lowerRange(lw, body, 0, body->count, first);
    exit = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, end, exit);
    return exit;
  }
  if (trips >= 2 && !n->u.loop.may_skip) {
    first->trips = trips;
    amdsyncCfgAddEdge(g, cur, first);
    AmdsyncBlock *end = lowerRange(lw, body, 0, body->count, first);
    AmdsyncBlock *latch = amdsyncCfgAddBlock(g);
    latch->placeable = false;
    exit = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, end, latch);
    amdsyncCfgAddEdge(g, latch, first);
    amdsyncCfgAddEdge(g, latch, exit);
    branchFrom(latch, n->origin, uniform);
    return exit;
  }
  AmdsyncBlock *test = amdsyncCfgAddBlock(g);
  test->placeable = false;
  test->trips = trips;
  exit = amdsyncCfgAddBlock(g);
  amdsyncCfgAddEdge(g, cur, test);
  amdsyncCfgAddEdge(g, test, first);
  amdsyncCfgAddEdge(g, test, exit);
  branchFrom(test, n->origin, uniform);
  AmdsyncBlock *end = lowerRange(lw, body, 0, body->count, first);
  amdsyncCfgAddEdge(g, end, test);
  return exit;
}

static AmdsyncBlock *lowerBranch(Lowering *lw, AmdsyncNode *n,
                                 AmdsyncBlock *cur) {
  AmdsyncCfg *g = lw->g;
  AmdsyncBlock **ends = amdsyncArenaAlloc(
      lw->p->arena, (size_t)(n->u.branch.narms + 1) * sizeof(AmdsyncBlock *));
  for (int a = 0; a < n->u.branch.narms; ++a) {
    AmdsyncBlock *arm = amdsyncCfgAddBlock(g);
    amdsyncCfgAddEdge(g, cur, arm);
    ends[a] = lowerRange(lw, n->u.branch.arms[a], 0,
                         n->u.branch.arms[a]->count, arm);
  }
  AmdsyncBlock *join = amdsyncCfgAddBlock(g);
  for (int a = 0; a < n->u.branch.narms; ++a)
    amdsyncCfgAddEdge(g, ends[a], join);
  if (!n->u.branch.exhaustive || n->u.branch.narms == 0)
    amdsyncCfgAddEdge(g, cur, join);
  if (cur->nsucc >= 2)
    branchFrom(cur, n->origin, n->u.branch.uniform);
  return join;
}

/* Lowers gaps [from, to] and children [from, to) of `s`, starting in `cur`;
   returns the block holding gap `to`. */
static AmdsyncBlock *lowerRange(Lowering *lw, AmdsyncSeq *s, int from, int to,
                                AmdsyncBlock *cur) {
  for (int i = from;; ++i) {
    lw->gap_block[s->first_gap_id + i] = cur;
    lw->gap_index[s->first_gap_id + i] = cur->nops;
    if (i == to)
      return cur;
    AmdsyncNode *n = s->children[i];
    switch (n->kind) {
    case AMDSYNC_NODE_LOOP:
      cur = lowerLoop(lw, n, cur);
      break;
    case AMDSYNC_NODE_BRANCH:
      cur = lowerBranch(lw, n, cur);
      break;
    case AMDSYNC_NODE_POINT:
      break; /* only separates two gaps of a while body */
    case AMDSYNC_NODE_ACCESS:
    case AMDSYNC_NODE_BARRIER:
    case AMDSYNC_NODE_MARK:
    case AMDSYNC_NODE_WAIT:
      amdsyncBlockAppend(lw->g, cur, n);
      break;
    }
  }
}

void amdsyncProgramBuildCfg(AmdsyncProgram *p) {
  assert(p->finalized && !p->cfg);
  Lowering lw;
  lw.p = p;
  lw.g = amdsyncCfgCreate(p);
  size_t ng = (size_t)(p->ngaps ? p->ngaps : 1);
  lw.gap_block = amdsyncArenaAlloc(p->arena, ng * sizeof(AmdsyncBlock *));
  lw.gap_index = amdsyncArenaAlloc(p->arena, ng * sizeof(int));
  AmdsyncBlock *entry = amdsyncCfgAddBlock(lw.g);
  lowerRange(&lw, p->body, 0, p->body->count, entry);
  for (int i = 0; i < lw.g->nblocks; ++i) {
    AmdsyncBlock *b = lw.g->blocks[i];
    b->anchors = amdsyncArenaAlloc(
        p->arena, (size_t)(b->nops + 1) * sizeof(AmdsyncGapAnchor));
  }
  for (int t = 0; t < p->ngaps; ++t) {
    AmdsyncSeq *s = p->gap_seq[t];
    lw.gap_block[t]->anchors[lw.gap_index[t]] =
        s->anchors[t - s->first_gap_id];
  }
  amdsyncCfgAnalyze(lw.g);
  p->cfg_gap = amdsyncArenaAlloc(p->arena, ng * sizeof(int));
  for (int t = 0; t < p->ngaps; ++t)
    p->cfg_gap[t] = lw.gap_block[t]->first_gap + lw.gap_index[t];
}
