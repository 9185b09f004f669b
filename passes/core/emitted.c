/*===- emitted.c - The model as the front end emitted it -----------------===*
 *
 * Checks of a function after emission run on the model the placement
 * chose from, not on a second translation: the ops the front end inserted
 * (amdsyncScheduleEmission's order, each with the op it created) and the
 * counter waits it inserted become nodes of the blocks they went into, and
 * every change is undone afterwards (amdsyncProgramUnapply). Gap numbers
 * stay those of the model as translated: an inserted node has no gap.
 *===----------------------------------------------------------------------===*/
#include "amdsync/analysis.h"
#include "amdsync/cfg.h"
#include "amdsync/waits.h"

#include <assert.h>
#include <stdlib.h>

/* One block whose ops the emission changed: what to restore. */
typedef struct {
  AmdsyncBlock *block;
  AmdsyncNode **ops;
  int nops, capops;
} SavedBlock;

struct AmdsyncApplied {
  SavedBlock *blocks;
  int nblocks;
  int nbarriers; /* p->barriers.count before */
};

static AmdsyncNode *emittedNode(AmdsyncProgram *p, const AmdsyncEmitOp *op) {
  AmdsyncNode *n = amdsyncArenaAlloc(p->arena, sizeof(AmdsyncNode));
  n->kind = AMDSYNC_NODE_BARRIER;
  n->origin = op->origin;
  n->u.barrier.op = op->kind == AMDSYNC_EMIT_SIGNAL ? AMDSYNC_BARRIER_SIGNAL
                    : op->kind == AMDSYNC_EMIT_WAIT ? AMDSYNC_BARRIER_WAIT
                    : op->placement->wave           ? AMDSYNC_BARRIER_WAVE
                                                    : AMDSYNC_BARRIER_FULL;
  n->u.barrier.inserted = true;
  n->id = p->barriers.count;
  amdsyncPtrVecPush(p->arena, &p->barriers, n);
  return n;
}

/* One node to put into the model: before op `at` of block `b` (`at` ==
   nops: at the end). */
typedef struct {
  AmdsyncBlock *block;
  int at;
  int seq; /* equal positions keep this order */
  AmdsyncNode *node;
} Insertion;

/* Puts `ins` (`n` of them, sorted by block, then position; equal positions
   in insertion order) into the model, remembering in a fresh record what
   each block held. */
static AmdsyncApplied *insertNodes(AmdsyncProgram *p, const Insertion *ins,
                                   int n) {
  AmdsyncApplied *a = amdsyncArenaAlloc(p->arena, sizeof *a);
  a->nbarriers = p->barriers.count;
  a->blocks = amdsyncArenaAlloc(p->arena, (size_t)(n ? n : 1) * sizeof(SavedBlock));
  for (int i = 0; i < n;) {
    AmdsyncBlock *b = ins[i].block;
    int j = i; /* this block's insertions are a run */
    while (j < n && ins[j].block == b)
      j++;
    SavedBlock *sb = &a->blocks[a->nblocks++];
    *sb = (SavedBlock){b, b->ops, b->nops, b->capops};
    int total = b->nops + (j - i);
    AmdsyncNode **ops =
        amdsyncArenaAlloc(p->arena, (size_t)total * sizeof(void *));
    int k = 0, e = i;
    for (int op = 0; op <= b->nops; ++op) {
      while (e < j && ins[e].at == op)
        ops[k++] = ins[e++].node;
      if (op < b->nops)
        ops[k++] = b->ops[op];
    }
    assert(k == total && e == j);
    for (int x = 0; x < total; ++x) {
      ops[x]->block = b;
      ops[x]->bindex = x;
    }
    b->ops = ops;
    b->nops = b->capops = total;
    i = j;
  }
  return a;
}

AmdsyncApplied *amdsyncProgramApplyEmission(AmdsyncProgram *p,
                                            const AmdsyncEmitSchedule *s) {
  assert(p->finalized);
  const AmdsyncCfg *g = p->cfg;
  Insertion *ins = amdsyncArenaAlloc(
      p->arena, (size_t)(s->count ? s->count : 1) * sizeof(Insertion));
  /* The schedule is sorted by gap, and a block's gaps are consecutive:
     every op emitted at gap `k` of a block goes before its op `k`, the
     producer-side group, then the consumer-side group, in schedule order
     (amdsyncScheduleEmission), as the front ends insert them. */
  for (int i = 0; i < s->count; ++i) {
    AmdsyncBlock *b = amdsyncCfgGapBlock(g, s->items[i].gap);
    ins[i] = (Insertion){b, s->items[i].gap - b->first_gap, i,
                         emittedNode(p, &s->items[i])};
  }
  AmdsyncApplied *a = insertNodes(p, ins, s->count);
  a->nbarriers -= s->count; /* emittedNode pushed them already */
  return a;
}

static int insertionOrder(const void *x, const void *y) {
  const Insertion *a = x, *b = y;
  if (a->block != b->block)
    return a->block->id < b->block->id ? -1 : 1;
  if (a->at != b->at)
    return a->at < b->at ? -1 : 1;
  return a->seq < b->seq ? -1 : (a->seq > b->seq);
}

AmdsyncApplied *amdsyncProgramApplyWaits(AmdsyncProgram *p,
                                         const AmdsyncWaitResult *r) {
  assert(p->finalized);
  Insertion *ins = amdsyncArenaAlloc(
      p->arena, (size_t)(r->count ? r->count : 1) * sizeof(Insertion));
  for (int i = 0; i < r->count; ++i) {
    const AmdsyncWaitPlacement *w = &r->items[i];
    ins[i] = (Insertion){w->before->block, w->before->bindex, i,
                         amdsyncWaitCreate(p, w->origin, w->counter, w->count)};
  }
  qsort(ins, (size_t)r->count, sizeof(Insertion), insertionOrder);
  return insertNodes(p, ins, r->count);
}

void amdsyncProgramUnapply(AmdsyncProgram *p, AmdsyncApplied *a) {
  for (int i = 0; i < a->nblocks; ++i) {
    SavedBlock *sb = &a->blocks[i];
    AmdsyncBlock *b = sb->block;
    b->ops = sb->ops;
    b->nops = sb->nops;
    b->capops = sb->capops;
    for (int x = 0; x < b->nops; ++x)
      b->ops[x]->bindex = x;
  }
  p->barriers.count = a->nbarriers;
}

